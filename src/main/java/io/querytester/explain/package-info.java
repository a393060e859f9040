/**
 * Why a class differs, what fixes it, and how to show it to someone else; each step reads a run
 * folder and, after the replay, the targets.
 *
 * <p><b>Plans</b> ({@link io.querytester.explain.Plans}): the execution plans of a class's example
 * statement on OLD and NEW, read while the targets still run, normalised (MariaDB's and MySQL's
 * EXPLAIN FORMAT=JSON, or tabular EXPLAIN; rowid filters, index condition pushdown, join buffers,
 * histograms from the optimizer trace) by {@code PlanReader} and {@code PlanShapes}, compared by
 * {@code PlanDiff} into {@code plans.json}.
 *
 * <p><b>Causes</b> ({@link io.querytester.explain.Causes}): {@code SettingsDelta} reads both sides'
 * session variables and keeps the candidate settings ({@code CompositeVariables} splits
 * optimizer_switch, sql_mode, old_mode and character_set_collations into parts; {@code
 * SessionAssignments} writes the SET that gives a side the other's values). {@code Trials} runs a
 * class's examples again in their session state ({@code ExampleSession}) through the replay's own
 * {@code StatementProbe}, once per side or timed with OLD and NEW alternating. {@code CauseSearch}
 * finds the settings that explain a difference or a latency ({@code DeltaDebugging}), {@code
 * FixSearch} measures fixes for a slower class ({@code PlanHints} forces OLD's plan), {@code
 * ClassCauses} puts one class through both, within a {@code CauseBudget}; the result is {@code
 * causes.json}, a {@link io.querytester.explain.Cause} per class, told as text by {@link
 * io.querytester.explain.CauseText}.
 *
 * <p><b>Repro bundles</b> ({@link io.querytester.explain.Repro}): a folder per class with its
 * schema, statement, both sides' results and a script that replays it, with the fix the cause step
 * found ({@code ReproFix}) when asked.
 *
 * <p>{@code ExampleSession} is how a step runs a class's example statement again after the replay:
 * a read-only session on one target in the statement's session state (plans, cause trials, a
 * latency confirmation).
 *
 * <p>Never writes to a target: a plan is read and a trial runs on a read-only session, after the
 * statement and the session statements before it have passed the replay's read-only gate; settings
 * are given at session scope only; ANALYZE (which runs the statement) only when asked.
 *
 * <p>Stages it imports: {@code compare}, {@code replay}, {@code run}, {@code server}, {@code
 * workload} (and the root package).
 */
package io.querytester.explain;
