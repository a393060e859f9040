/**
 * Replay: executes a workload on OLD and NEW at once, session by session, and records an
 * observation per execution per target. Reads only, unless the user passed --allow-writes: writes,
 * DDL, admin statements and unsafe reads are skipped and counted.
 *
 * <p>Read-only is kept by these parts: {@link io.querytester.replay.ReplayGate} decides per side
 * whether a statement runs, as that side's session reads it, and keeps the sessions stopped; {@code
 * ReadingGuard} follows each session's reading (sql_mode, client character set) from what {@code
 * ReadingStart} read before the replay, and checks the server's own report of each statement's
 * session changes ({@code ServerReports}) against it, stopping the session where they disagree;
 * {@code Routines} judges stored functions, procedures and views by their bodies; {@code
 * SecretMask} masks secrets and the values of reads of password hashes in every record; {@link
 * io.querytester.replay.ReadOnlyGate} lends the same decision to plan reading and repro.
 *
 * <p>A replay's parts: {@link io.querytester.replay.ReplaySettings} says how to replay, in named
 * parts (where, pace, statements, compare, safety) with their defaults in one place; {@link
 * io.querytester.replay.Replayer} sets a replay up and takes it down; {@code RunFolder} keeps
 * {@code run.json} and what a resumed run did; {@code Dispatcher} deals the workload's events to
 * the lanes ({@code ReadSpreader} routes spread reads, by the text rules of {@link
 * io.querytester.workload.ConnectionPortability}); each {@code Lane} runs its jobs on both sides;
 * {@code StatementTimeouts} watches running statements and has each server's {@code QueryKiller}
 * send KILL QUERY; {@code LogWriter} appends every execution to the run folder.
 *
 * <p>Imports the shared records of {@code run}, the SQL analysis of {@code workload}, the order of
 * {@code order} and the servers of {@code server}; never {@code compare}, {@code health}, {@code
 * report} or the commands above them.
 *
 * <p>Stages it imports: {@code order}, {@code run}, {@code server}, {@code workload} (and the root
 * package).
 */
package io.querytester.replay;
