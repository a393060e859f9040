/**
 * Drift: proves that the tables of replicas match their source, chunk by chunk, without writing
 * anything anywhere. Each chunk (a primary-key range sized to a target time) is checksummed on the
 * server with the same expression on every side; before a replica's chunk is read, the replica must
 * have applied the source's position read right after the source's chunk, so a lagging replica is
 * waited for instead of reported. Drifted chunks get a bounded row-level diff and optional repair
 * SQL that is printed, never run.
 *
 * <p>{@link io.querytester.drift.QuietCompare} runs the same chunking, checksums and row diff on
 * two quiet servers that do not replicate from each other (OLD and NEW after a write replay): no
 * replica check, no position to wait for, and a mismatch is a difference at once.
 *
 * <p>This package never writes to a source or a replica: every connection is read-only, and the
 * only statements are SELECTs, SHOW and the replication wait functions.
 *
 * <p>Stages it imports: {@code run}, {@code server} (and the root package).
 */
package io.querytester.drift;
