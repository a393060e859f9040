package io.querytester.replay;

import io.querytester.target.Target;
import io.querytester.workload.SqlProfile;
import java.util.List;

/**
 * The replay's read-only decision, for the steps that run a run's statements again outside the
 * replay (plan reading, repro): a statement runs only if the replay would have run it on every
 * side, writes never allowed.
 */
public final class ReadOnlyGate {
  private final ReplayGate gate;

  private ReadOnlyGate(ReplayGate gate) {
    this.gate = gate;
  }

  /** Reads each target's stored functions, as the replay does before it starts. */
  public static ReadOnlyGate of(List<Target> targets) {
    return new ReadOnlyGate(ReplayGate.of(targets, false));
  }

  /** Why {@code sql} must not run, naming the side when the sides differ; null to run it. */
  public String refusal(String sql) {
    return gate.skipReason(sql, SqlProfile.of(sql));
  }
}
