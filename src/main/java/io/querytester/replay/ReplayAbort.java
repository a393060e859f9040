package io.querytester.replay;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first failure that ends a replay at once, such as a run folder that cannot be written (a full
 * disk): every lane stops, the dispatcher stops, and the replay ends with the failure's message
 * instead of a lane dying alone while the rest wait for it.
 */
final class ReplayAbort {
  private final AtomicReference<String> reason = new AtomicReference<>();
  private volatile List<Lane> lanes = List.of();

  void lanes(List<Lane> all) {
    this.lanes = List.copyOf(all);
  }

  /** Stops the replay; only the first reason counts. */
  void abort(String why) {
    if (reason.compareAndSet(null, why)) {
      lanes.forEach(Lane::stop);
    }
  }

  /** Why the replay was stopped, or null while it runs. */
  String reason() {
    return reason.get();
  }
}
