package io.querytester.run;

import io.querytester.workload.StatementKind;
import java.util.List;

/**
 * One line of a run's {@code executions.jsonl}: an event of the workload and what it did on each
 * side. Appended as it happens (replay's writer thread); the source of truth for compare, report
 * and resume.
 *
 * @param event the event's line number in the workload file (its stable id)
 * @param session the captured session id
 * @param classId the query class
 * @param kind the statement kind
 * @param skipped why the event was not run (e.g. "write", "unsafe read: FOR UPDATE"), else null
 * @param sql the statement, kept only when something differs (to show in reports)
 * @param old the observation on OLD (the only side in a single-target run)
 * @param neu the observation on NEW, null in a single-target run
 * @param differences what differs between OLD and NEW
 * @param consistent the self-check when results differed: false if a side disagreed with itself on
 *     a re-run (nondeterministic), true if both repeated themselves, null if not checked
 * @param oldRepeats latencies (µs) of the extra runs of {@code --repeat} on OLD
 * @param newRepeats the same on NEW
 */
public record Execution(
    long event,
    long session,
    String classId,
    StatementKind kind,
    String skipped,
    String sql,
    Observation old,
    Observation neu,
    List<Difference> differences,
    Boolean consistent,
    List<Long> oldRepeats,
    List<Long> newRepeats) {

  public Execution {
    // Empty lists are left out of the file to keep it small.
    differences = differences == null ? List.of() : differences;
  }

  /** The same execution with other observations (e.g. column lists read back by reference). */
  public Execution withSides(Observation old, Observation neu) {
    return with(old, neu, differences);
  }

  /** The same execution with other differences (e.g. tied to the statement before it). */
  public Execution withDifferences(List<Difference> differences) {
    return with(old, neu, differences);
  }

  private Execution with(Observation o, Observation n, List<Difference> d) {
    return new Execution(
        event, session, classId, kind, skipped, sql, o, n, d, consistent, oldRepeats, newRepeats);
  }

  public static Execution skipped(
      long event, long session, String classId, StatementKind kind, String why) {
    return new Execution(
        event, session, classId, kind, why, null, null, null, List.of(), null, null, null);
  }
}
