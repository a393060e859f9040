/**
 * The jobs the CLI runs, between the commands and the pipeline stages: a command reads its options
 * and calls a job; a job strings the stages together with the servers up.
 *
 * <p><b>Replay</b> ({@link io.querytester.job.ReplayJob}): opens the targets, loads the same data
 * into each, replays while health and the machine's load are watched, then runs the steps that need
 * the servers still running: the data comparison of a write replay ({@link
 * io.querytester.job.DataAtEnd}), the latency confirmation, plans and causes; and closes what it
 * started.
 *
 * <p><b>Reports</b> ({@link io.querytester.job.RunReporter}): judges a run folder with the gate and
 * the baseline once, for the steps after a replay and for the reports, and writes every report of
 * the run (HTML, JSON, JUnit XML, the console summary).
 *
 * <p><b>Progress</b> ({@link io.querytester.job.Progress}): where a job's lines go, with the
 * replay's typed notes (its word on the lanes) apart, so that a caller drops a kind of note by its
 * type, never by matching its text.
 *
 * <p>Imports the pipeline stages below it (advisor, explain, confirm, report, compare, health,
 * drift, replay, run, target, workload) and the root package; never {@code cli}, which is above it.
 * Prints nothing itself: lines go to the progress consumer and the writers its caller hands it.
 *
 * <p>Stages it imports: {@code advisor}, {@code compare}, {@code confirm}, {@code drift}, {@code
 * explain}, {@code health}, {@code replay}, {@code report}, {@code run}, {@code server}, {@code
 * workload} (and the root package).
 */
package io.querytester.job;
