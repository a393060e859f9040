package io.querytester.confirm;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.Confirmation;
import io.querytester.compare.LatencyJudge;
import io.querytester.compare.LatencyPairs;
import io.querytester.compare.LatencyThresholds;
import io.querytester.explain.ExampleSession;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyChecks;
import io.querytester.server.Target;
import io.querytester.workload.SessionPrelude;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The confirmation step of a run: after the replay, with OLD and NEW still up, each class that
 * would fail the run by its latency alone (or would if borderline latency failed) is measured again
 * on its slowest example statements, OLD and NEW in turn ({@link AlternatingRuns}). What was
 * measured goes to {@code latency-checks.json}; the run's reports judge it with the gate, and only
 * a slowdown that holds there keeps failing the run. Reads only: read-only sessions, and each
 * statement through the replay's read-only gate.
 */
public final class LatencyConfirmation {
  /** The most time one class may take once its fewest pairs are in. */
  static final Duration PER_CLASS = Duration.ofSeconds(15);

  /**
   * How to confirm.
   *
   * @param budget the most time the confirmations of a run may take together; zero: none
   * @param statementTimeout each run of a statement
   */
  public record Settings(Duration budget, Duration statementTimeout) {
    public static final Duration DEFAULT_BUDGET = Duration.ofMinutes(1);

    public boolean off() {
      return budget.isZero();
    }
  }

  private LatencyConfirmation() {}

  /**
   * Measures again the classes that want it, OLD and NEW being {@code targets}, and writes {@code
   * latency-checks.json} (also when none did, so that a resumed run keeps no stale checks). Returns
   * the checks, in the order of {@code judged}.
   *
   * @param judged the run's classes as its report judges them before any confirmation
   */
  public static List<LatencyCheck> run(
      List<Target> targets,
      Path runDir,
      Settings s,
      LatencyThresholds thresholds,
      List<ClassSummary> judged,
      Consumer<String> progress) {
    if (s.off() || targets.size() != 2) {
      return List.of();
    }
    List<ClassSummary> wanted =
        judged.stream().filter(c -> c.latencyBasis().wantsConfirmation()).toList();
    List<LatencyCheck> checks = new ArrayList<>();
    if (!wanted.isEmpty()) {
      progress.accept(
          String.format(
              Locale.ROOT,
              "latency: measuring %d %s again, OLD and NEW in turn (at most %d s)",
              wanted.size(),
              wanted.size() == 1 ? "class" : "classes",
              s.budget().toSeconds()));
      checks.addAll(measure(targets, runDir, s, thresholds, wanted, progress));
    }
    LatencyChecks.write(runDir, checks);
    return checks;
  }

  private static List<LatencyCheck> measure(
      List<Target> targets,
      Path runDir,
      Settings s,
      LatencyThresholds thresholds,
      List<ClassSummary> wanted,
      Consumer<String> progress) {
    Map<Long, Long> sessions = new HashMap<>();
    for (ClassSummary c : wanted) {
      c.latencyBasis().slowest().forEach(x -> sessions.put(x.event(), x.session()));
    }
    Map<Long, SessionPrelude> preludes = ExampleSession.preludes(runDir, sessions, progress);
    ReadOnlyGate gate;
    try {
      gate = ReadOnlyGate.of(targets);
    } catch (RuntimeException e) {
      // a side that crashed or went away: each class keeps its replay's verdict, and says why
      return wanted.stream()
          .map(c -> LatencyCheck.failed(c.classId(), events(c), "not measured: " + e.getMessage()))
          .toList();
    }
    AlternatingRuns runs = new AlternatingRuns(targets, gate, thresholds, s.statementTimeout());
    List<LatencyCheck> out = new ArrayList<>();
    long deadline = System.nanoTime() + s.budget().toNanos();
    for (int i = 0; i < wanted.size(); i++) {
      ClassSummary c = wanted.get(i);
      long left = deadline - System.nanoTime();
      List<SessionPrelude> examples =
          events(c).stream().map(preludes::get).filter(Objects::nonNull).toList();
      LatencyCheck check;
      if (Thread.currentThread().isInterrupted()) {
        check = LatencyCheck.failed(c.classId(), events(c), "not measured: interrupted");
      } else if (left <= 0) {
        check =
            LatencyCheck.failed(
                c.classId(),
                events(c),
                "not measured: the confirmations' " + s.budget().toSeconds() + " s were spent");
      } else if (examples.isEmpty()) {
        check =
            LatencyCheck.failed(
                c.classId(), events(c), "not measured: its statements are not in the workload");
      } else {
        Duration share = Duration.ofNanos(left / (wanted.size() - i));
        check = runs.measure(c.classId(), examples, min(share, PER_CLASS));
      }
      out.add(check);
      progress.accept(line(check, thresholds));
    }
    return out;
  }

  private static List<Long> events(ClassSummary c) {
    return c.latencyBasis().slowest().stream().map(LatencyPairs.Slow::event).toList();
  }

  /** The progress line of a check: what it decided, on how many pairs. */
  static String line(LatencyCheck check, LatencyThresholds t) {
    Confirmation c = LatencyJudge.confirmation(check, t);
    if (c.ratio() == null) {
      return "latency: " + check.classId() + " " + c.error();
    }
    return String.format(
        Locale.ROOT,
        "latency: %s %s: NEW/OLD %.2f [%.2f, %.2f] over %d pairs in %.1f s",
        check.classId(),
        c.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '),
        c.ratio().estimate(),
        c.ratio().low(),
        c.ratio().high(),
        c.ratio().pairs(),
        check.seconds());
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
