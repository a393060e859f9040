package io.querytester.compare;

import io.querytester.run.DiffKind;
import io.querytester.run.HealthReport;
import io.querytester.run.RunInfo;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a run, ready for every report format.
 *
 * @param verdict REGRESSION if any class fails the gate, else ACCEPTED (if a baseline accepted some
 *     differences), CHANGED (differences that do not fail) or SAME
 * @param info what was replayed on what
 * @param variablesThatDiffer server variables whose values differ between OLD and NEW
 * @param events events in the executions log
 * @param executed events run on both sides
 * @param skipped events skipped, by reason
 * @param byKind executions with each kind of difference
 * @param classesByVerdict classes per verdict
 * @param classes every class, worst first
 * @param durationSeconds wall time of the replay (from the run start to the last execution)
 * @param notes things the reader should know (cut examples, unreadable lines ...)
 * @param health what the health watch saw on each target: crashes with the statements in flight,
 *     error-log classes and trouble counters side by side; {@link HealthReport#NONE} when it did
 *     not run
 */
public record RunSummary(
    ClassVerdict verdict,
    RunInfo info,
    Map<String, List<String>> variablesThatDiffer,
    long events,
    long executed,
    Map<String, Long> skipped,
    Map<DiffKind, Long> byKind,
    Map<ClassVerdict, Long> classesByVerdict,
    List<ClassSummary> classes,
    double durationSeconds,
    List<String> notes,
    HealthReport health) {

  public RunSummary {
    health = health == null ? HealthReport.NONE : health;
  }

  public boolean regressions() {
    return verdict == ClassVerdict.REGRESSION;
  }
}
