/**
 * Why a class differs, and how to show it to someone else: the execution plans of a class's example
 * statement on OLD and NEW, read after the replay while the targets still run, normalised
 * (MariaDB's and MySQL's EXPLAIN FORMAT=JSON, or tabular EXPLAIN) and compared; and repro bundles,
 * a folder per class with its schema, statement, both sides' results and a script that replays it.
 * {@code ExampleSession} is how a step runs a class's example statement again after the replay: a
 * read-only session on one target in the statement's session state (plans, a latency confirmation).
 *
 * <p>Never writes to a target: a plan is read on a read-only session, after the statement and the
 * session statements before it have passed the replay's read-only gate; ANALYZE (which runs the
 * statement) only when asked.
 */
package io.querytester.explain;
