/**
 * The workload: the {@link io.querytester.workload.QueryEvent} record, the workload file format
 * (JSON Lines, optionally gzip, streamed), and everything computed from SQL text alone: query class
 * fingerprints, statement kinds and static nondeterminism. Never touches a server.
 *
 * <p>How a server reads a statement is part of the text's analysis: {@link
 * io.querytester.workload.SqlReading} (the session's {@link io.querytester.workload.SqlModes} and
 * {@link io.querytester.workload.ClientCharset}), {@code ClientBytes} (the bytes the driver sends,
 * split as the server's lexer splits them), {@link io.querytester.workload.ReadingChange} (what a
 * session statement does to the reading), {@link io.querytester.workload.RoutineBody} (what a
 * routine's body does), and {@link io.querytester.workload.SqlRedactor} (secrets in statements, and
 * statements whose results are secrets).
 *
 * <p>Which statements may leave their session's connection is a question of text too: {@link
 * io.querytester.workload.ConnectionPortability} (the reads a replay may run on a shared
 * connection, and the session statements such a connection can take on).
 *
 * <p>Stages it imports: none (and the root package).
 */
package io.querytester.workload;
