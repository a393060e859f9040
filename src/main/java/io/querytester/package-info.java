/**
 * Query Tester: replays real MySQL/MariaDB queries against an OLD and a NEW server and reports
 * every difference. One sub-package per pipeline stage; this package holds what several stages
 * share and nothing of their own: the two exception types every stage may throw and the CLI maps to
 * exit codes, and small helpers (running one task per target at once, escaping XML, the JUnit XML
 * format that report, drift and the advisor write, cutting text short, counting bytes read,
 * estimating the time left).
 */
package io.querytester;
