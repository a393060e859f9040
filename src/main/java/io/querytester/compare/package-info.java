/**
 * Compare: reads a run folder and turns its executions into a verdict per query class (results,
 * errors, latency with its statistics, data after a write replay), rolls up the health records and
 * the class verdicts into the run's summary, and joins or merges run folders (save now, compare
 * later; shards). Never touches a server.
 *
 * <p>It imports run (the records of a run, the health records of {@code health.jsonl} among them)
 * and workload; never replay, health or report.
 *
 * <p>Stages it imports: {@code run}, {@code workload} (and the root package).
 */
package io.querytester.compare;
