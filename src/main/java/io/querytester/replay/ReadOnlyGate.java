package io.querytester.replay;

import io.querytester.server.Target;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.ReadingChange;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.SqlReading;
import java.util.ArrayList;
import java.util.List;

/**
 * The replay's read-only decision, for the steps that run a run's statements again outside the
 * replay (plan reading, repro): a statement runs only if the replay would have run it on every
 * side, writes never allowed, read as its session read it (the session statements before it change
 * sql_mode and the character set, see {@link ReadingChange}).
 */
public final class ReadOnlyGate {
  private final ReplayGate gate;

  private ReadOnlyGate(ReplayGate gate) {
    this.gate = gate;
  }

  /** Reads each target's routines and sessions, as the replay does before it starts. */
  public static ReadOnlyGate of(List<Target> targets) {
    return new ReadOnlyGate(ReplayGate.of(targets, false));
  }

  /**
   * A statement with the session statements before it, as the replay would have read them.
   *
   * @param run the session statements to run before it, those the replay would have run
   * @param refusal why the statement itself must not run, naming the side when the sides differ;
   *     null to run it
   */
  public record Session(List<QueryEvent> run, String refusal) {}

  /** The session statements to run before {@code sql}, and whether it may run after them. */
  public Session session(List<QueryEvent> before, String sql) {
    List<ReadingStart> starts = gate.readingStarts();
    SqlReading[] readings = new SqlReading[starts.size()];
    for (int i = 0; i < readings.length; i++) {
      if (starts.get(i).unknown() != null) {
        return new Session(List.of(), starts.get(i).unknown());
      }
      readings[i] = starts.get(i).initial();
    }
    List<QueryEvent> run = new ArrayList<>();
    for (QueryEvent e : before) {
      if (gate.skipReason(e.sql(), SqlProfile.of(e.sql()), readings) != null) {
        continue;
      }
      for (int i = 0; i < readings.length; i++) {
        ReadingChange c =
            ReadingChange.of(e.sql(), readings[i], starts.get(i).global(), gate.dialect(i));
        if (c.unknown() != null) {
          return new Session(List.copyOf(run), "session stopped (fail closed): " + c.unknown());
        }
        readings[i] = c.after();
      }
      run.add(e);
    }
    return new Session(List.copyOf(run), gate.skipReason(sql, SqlProfile.of(sql), readings));
  }

  /** Why {@code sql} must not run in a new session, naming the side when the sides differ. */
  public String refusal(String sql) {
    return session(List.of(), sql).refusal();
  }
}
