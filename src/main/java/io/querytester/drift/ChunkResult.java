package io.querytester.drift;

import java.util.List;

/**
 * One finished chunk: a line of the state file, and what the report adds up.
 *
 * @param table db.table
 * @param index 0-based chunk number within the table
 * @param range the key range (its upper bound is where a resumed check goes on)
 * @param sourceRows the source's row count for the chunk
 * @param nanos time of the source checksum, for rows/s
 * @param outcomes one per replica
 */
record ChunkResult(
    String table,
    int index,
    KeyRange range,
    long sourceRows,
    long nanos,
    List<ReplicaOutcome> outcomes) {

  ChunkResult {
    outcomes = List.copyOf(outcomes);
  }
}
