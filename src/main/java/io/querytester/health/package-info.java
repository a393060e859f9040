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
 * <p><b>The watch</b>: {@link io.querytester.health.HealthWatch} is what the replay sees: a {@code
 * HealthMonitor} per target, and the lanes steered around a crashed server. Per target, {@code
 * InFlight} keeps the statements its lanes run, {@code SideGuard} holds or stops them, and {@code
 * Crashers} (shared by the targets) the classes no longer replayed.
 *
 * <p><b>The monitor</b> of one target runs on its own thread and is handed a {@code
 * MonitorContext}. Its parts: {@code ProbeConnection}, its own connection to the server, every wait
 * bounded; {@code CheckQueue}, the lanes' requests for a check; {@code ServerReadings}, the uptime
 * and counters it last read; {@code StallHandler}, which waits for a server that takes connections
 * but does not answer; {@code CrashHandler}, which writes a crash down and restarts the server
 * ({@code Restarter}) or stops its side; {@code StatusReader}, which reads the trouble counters.
 *
 * <p><b>The error log</b>: {@code ErrorLogReader} reads a target's new lines from an {@code
 * ErrorLogSource} (a file through {@code ErrorLogTailer}, or MySQL 8's {@code PerfSchemaErrorLog}),
 * {@code LogLineClassifier} turns each into a {@code LogLine} of a message class, and {@code
 * ErrorLogClasses} counts the classes per phase.
 *
 * <p>{@code MachineWatch} watches the machine this tool runs on rather than a target: processor
 * time by state, steal and runnable tasks from /proc, and the processor time of this process and of
 * the servers it started, while latencies are measured (the replay, a confirmation); run.json and
 * the reports say when the latency verdicts were taken on a saturated machine.
 *
 * <p>Stages it imports: {@code replay}, {@code run}, {@code server} (and the root package).
 */
package io.querytester.health;
