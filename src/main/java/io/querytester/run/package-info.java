/**
 * The records of a run that several stages share: an execution, an observation on one side, its
 * outcome, a difference and its kind, and the comparator that turns two observations into
 * differences; with the run folder's files ({@code run.json}, {@code executions.jsonl}, and after a
 * write replay {@code data.json}, the tables OLD and NEW ended with). Replay writes them, compare,
 * health and report read them; this package imports none of those stages.
 *
 * <p><b>Health records</b>: {@code health.jsonl}, what the health watch saw on each target, is one
 * of these files. {@link io.querytester.run.HealthLog} writes and reads it, one {@link
 * io.querytester.run.HealthRecord} a line: a {@code CrashEvent} (with the {@code StatementRef}s in
 * flight), a {@code StallEvent}, a {@code RestartEvent}, a {@code LogSighting} (the first line of a
 * new error-log {@code LogClass}) and each side's {@code HealthSegment} (its {@code StatusSnapshot}
 * counters before and after). {@link io.querytester.run.HealthReport} turns them into what the
 * reports show: a {@code TargetHealth} per side, {@code LogClassRow}s and {@code CounterDelta}s
 * with OLD and NEW side by side. Health writes them, compare and report read them from here.
 *
 * <p>Stages it imports: {@code workload} (and the root package).
 */
package io.querytester.run;
