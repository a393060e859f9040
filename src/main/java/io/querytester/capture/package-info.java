/**
 * Capture: turns a place where MySQL or MariaDB exposes queries (slow log, general log,
 * processlist, performance_schema, binary log) into a workload file.
 *
 * <p>Capture never writes to the server it reads from. Polling sources see the server only through
 * {@link io.querytester.capture.SourceConnection}, which runs nothing but SELECT and SHOW on a
 * read-only connection; the binlog source is a replication client, which can only read. Files are
 * parsed as bytes, leniently: a bad event is reported with its file and byte offset and skipped,
 * and capture goes on. Whatever stops a capture (a limit, Ctrl-C, a lost connection) leaves a
 * complete workload file with everything captured so far.
 *
 * <p>Stages it imports: {@code server}, {@code workload} (and the root package).
 */
package io.querytester.capture;
