/**
 * Confirmation of latency verdicts: before a run fails on a class's latency alone, the class is
 * measured again after the replay, with the servers still up.
 *
 * <ul>
 *   <li>{@code LatencyConfirmation}: the step; which classes, the time they get together, and
 *       {@code latency-checks.json}, which every report of the run judges with the gate.
 *   <li>{@code AlternatingRuns}: one class's measurement, its slowest example statements in their
 *       session state ({@code explain.ExampleSession}), OLD and NEW in turn until the ratio's
 *       interval is on one side of the gate's ratio.
 * </ul>
 *
 * <p>Never writes to a target: read-only sessions, and only statements the replay's read-only gate
 * lets through.
 *
 * <p>Stages it imports: {@code compare}, {@code explain}, {@code health}, {@code replay}, {@code
 * run}, {@code server}, {@code workload} (and the root package).
 */
package io.querytester.confirm;
