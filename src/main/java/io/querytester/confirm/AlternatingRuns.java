package io.querytester.confirm;

import io.querytester.compare.LatencyJudge;
import io.querytester.compare.LatencyThresholds;
import io.querytester.explain.ExampleSession;
import io.querytester.health.MachineWatch;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyRatio;
import io.querytester.run.MachineLoad;
import io.querytester.server.Target;
import io.querytester.workload.SessionPrelude;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures one class again: its example statements, each in a session of its own on OLD and on NEW
 * in the statement's session state, run on one side and then the other, never both at once, the
 * side that goes first changing every round (so a trend of the machine's load falls on both sides
 * alike). Pairs are added until the ratio's interval lies wholly on one side of the gate's ratio,
 * looked at after 8, 16, 32 ... pairs (a few looks, so that looking often does not make a noise
 * look decided), or until the class's time or {@link #MAX_PAIRS} is spent.
 */
final class AlternatingRuns {
  /** The fewest pairs judged: at a 99% interval, 8 pairs bound it (6 would at 95%). */
  static final int MIN_PAIRS = 8;

  static final int MAX_PAIRS = 256;

  private final List<Target> targets;
  private final ReadOnlyGate gate;
  private final LatencyThresholds thresholds;
  private final Duration statementTimeout;

  AlternatingRuns(
      List<Target> targets,
      ReadOnlyGate gate,
      LatencyThresholds thresholds,
      Duration statementTimeout) {
    this.targets = targets;
    this.gate = gate;
    this.thresholds = thresholds;
    this.statementTimeout = statementTimeout;
  }

  /** A pair of sessions, OLD's and NEW's, in one example's state. */
  private record Example(ExampleSession old, ExampleSession neu) {}

  /**
   * Measures the class on its examples (workload events with their session state) for at most
   * {@code limit} once {@link #MIN_PAIRS} pairs are in.
   */
  LatencyCheck measure(String classId, List<SessionPrelude> examples, Duration limit) {
    List<Long> events = examples.stream().map(SessionPrelude::line).toList();
    List<Example> sessions = new ArrayList<>();
    MachineWatch machine = MachineWatch.start(targets);
    long start = System.nanoTime();
    try {
      for (SessionPrelude p : examples) {
        String refused = gate.refusal(p.event().sql());
        if (refused != null) {
          return LatencyCheck.failed(classId, events, "not run again: " + refused);
        }
        sessions.add(open(p));
      }
      List<Long> old = new ArrayList<>();
      List<Long> neu = new ArrayList<>();
      for (Example e : sessions) {
        // untimed: the sessions' first run of the statement pays for what later ones do not
        run(e.old());
        run(e.neu());
      }
      long deadline = start + limit.toNanos();
      int look = MIN_PAIRS;
      for (int round = 0; old.size() < MAX_PAIRS; round++) {
        for (Example e : sessions) {
          if (round % 2 == 0) {
            old.add(run(e.old()));
            neu.add(run(e.neu()));
          } else {
            neu.add(run(e.neu()));
            old.add(run(e.old()));
          }
        }
        boolean late = System.nanoTime() >= deadline;
        if (old.size() >= look || (late && old.size() >= MIN_PAIRS)) {
          if (late || LatencyJudge.decided(ratio(old, neu), thresholds)) {
            break;
          }
          look *= 2;
        }
      }
      MachineLoad load = machine.stop();
      return new LatencyCheck(classId, events, old, neu, seconds(start), null, load);
    } catch (SideFailure e) {
      return LatencyCheck.failed(classId, events, e.getMessage());
    } catch (SQLException e) {
      return LatencyCheck.failed(classId, events, "cannot open a session: " + error(e));
    } finally {
      machine.stop();
      sessions.forEach(AlternatingRuns::close);
    }
  }

  /** A run that failed, named by its side. */
  private static final class SideFailure extends Exception {
    private static final long serialVersionUID = 1L;

    SideFailure(String message, SQLException cause) {
      super(message, cause);
    }
  }

  private long run(ExampleSession s) throws SideFailure {
    try {
      return s.runTimed();
    } catch (java.sql.SQLTimeoutException e) {
      throw new SideFailure(
          s.label() + ": timed out after " + statementTimeout.toSeconds() + " s", e);
    } catch (SQLException e) {
      throw new SideFailure(s.label() + ": " + error(e), e);
    }
  }

  private LatencyRatio ratio(List<Long> old, List<Long> neu) {
    return LatencyJudge.ratio(old, neu, thresholds.confidence());
  }

  private static String error(SQLException e) {
    return "ERROR " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
  }

  private Example open(SessionPrelude p) throws SQLException {
    ExampleSession old = ExampleSession.open(targets.get(0), gate, p, statementTimeout);
    try {
      return new Example(old, ExampleSession.open(targets.get(1), gate, p, statementTimeout));
    } catch (SQLException | RuntimeException e) {
      close(old);
      throw e;
    }
  }

  private static void close(Example e) {
    close(e.old());
    close(e.neu());
  }

  private static void close(ExampleSession s) {
    try {
      s.close();
    } catch (SQLException ignored) {
      // a session that will not close cleanly is closed all the same: nothing was written
    }
  }

  private static double seconds(long startNanos) {
    return Math.round((System.nanoTime() - startNanos) / 1e6) / 1000.0;
  }
}
