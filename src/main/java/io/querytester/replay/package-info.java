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
 */
package io.querytester.replay;
