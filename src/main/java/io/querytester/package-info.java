/**
 * Query Tester: replays real MySQL/MariaDB queries against an OLD and a NEW server and reports
 * every difference. One sub-package per pipeline stage; this package holds what several stages
 * share and nothing of their own: the two exception types every stage may throw and the CLI maps to
 * exit codes, and small helpers (running one task per target at once, escaping XML, the JUnit XML
 * format that report, drift and the advisor write, cutting text short, counting bytes read,
 * estimating the time left).
 *
 * <p>The packages stand on levels, and a package imports only those below it. From the top: {@code
 * cli}, the commands, reads options and calls {@code job}, which runs a replay and its reports by
 * stringing the stages together; then the steps after a replay ({@code report}, {@code confirm},
 * {@code explain}, {@code advisor}); {@code compare}; {@code health}; {@code replay} and {@code
 * drift}; {@code run}, {@code capture} and {@code order}; {@code workload} and {@code server}; and
 * this package at the bottom.
 */
package io.querytester;
