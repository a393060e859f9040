package io.querytester.drift;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * Pauses the check while the source is busy or a replica lags: a checksum is a full read of a
 * chunk, and a drift check must not become the load that makes replicas fall behind. Says when it
 * pauses and why, and when it resumes.
 */
final class Throttle {
  /** What is over a limit right now: empty when the check may go on. */
  interface Probe {
    List<String> overLimits() throws SQLException;
  }

  private final Probe probe;
  private final ThrottleLimits limits;
  private final Pacer pacer;
  private final Consumer<String> say;
  private Duration paused = Duration.ZERO;

  Throttle(Probe probe, ThrottleLimits limits, Pacer pacer, Consumer<String> say) {
    this.probe = probe;
    this.limits = limits;
    this.pacer = pacer;
    this.say = say;
  }

  /** Returns at once when all is within limits, else once it is again. */
  void await() throws SQLException, InterruptedException {
    List<String> over = probe.overLimits();
    if (over.isEmpty()) {
      return;
    }
    Instant start = pacer.clock().instant();
    say.accept("pausing: " + String.join("; ", over));
    while (!over.isEmpty()) {
      pacer.sleep(limits.poll());
      over = probe.overLimits();
    }
    Duration d = Duration.between(start, pacer.clock().instant());
    paused = paused.plus(d);
    say.accept("resuming after " + d.toMillis() / 1000.0 + " s");
  }

  /** Time spent paused so far. */
  Duration paused() {
    return paused;
  }
}
