/**
 * Query Tester: replays real MySQL/MariaDB queries against an OLD and a NEW server and reports
 * every difference. One sub-package per pipeline stage; this package holds only the two exception
 * types that every stage may throw and that the CLI maps to exit codes.
 */
package io.querytester;
