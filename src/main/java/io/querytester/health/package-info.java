/**
 * Health: watches each target while a replay runs. A crash (a lost connection and a refused
 * reconnect, or an uptime that went back) is recorded with the statements in flight on that server
 * at that moment; with --restart-on-crash an embedded server is restarted and the replay goes on.
 * New lines of each server's error log are sorted into message classes, and trouble counters
 * (aborted connections, deadlocks, temporary tables on disk ...) are compared before and after.
 *
 * <p>Everything it learns goes to {@code health.jsonl} in the run folder as it happens, through
 * {@code run.HealthLog}: the records of that file live in run, so compare and report read them
 * without this package, which is only the live watch. It reads from the servers and never writes to
 * them, and it adds no round trip to a replayed statement. It imports replay (the {@code
 * ReplayWatch} it implements), run and target.
 *
 * <p>{@code MachineWatch} watches the machine this tool runs on rather than a target: processor
 * time by state, steal and runnable tasks from /proc, and the processor time of this process and of
 * the servers it started, while latencies are measured (the replay, a confirmation); run.json and
 * the reports say when the latency verdicts were taken on a saturated machine.
 */
package io.querytester.health;
