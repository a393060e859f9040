/**
 * The workload: the {@link io.querytester.workload.QueryEvent} record, the workload file format
 * (JSON Lines, optionally gzip, streamed), and everything computed from SQL text alone: query class
 * fingerprints, statement kinds and static nondeterminism. Never touches a server.
 */
package io.querytester.workload;
