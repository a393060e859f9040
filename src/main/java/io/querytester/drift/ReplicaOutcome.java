package io.querytester.drift;

import java.util.List;

/**
 * How one chunk compared on one replica.
 *
 * @param replica the replica's label
 * @param verdict consistent, drift or not verified
 * @param replicaRows the replica's row count for the chunk (-1 when not read)
 * @param rechecks how many times a mismatch was checked again after catch-up
 * @param missing rows missing on the replica (counted over the whole chunk)
 * @param extra rows only on the replica
 * @param different rows with the same key and other values
 * @param diffs sample of differing rows, at most --max-diff-rows per table
 */
record ReplicaOutcome(
    String replica,
    Verdict verdict,
    long replicaRows,
    int rechecks,
    long missing,
    long extra,
    long different,
    List<RowDifference> diffs) {

  ReplicaOutcome {
    diffs = List.copyOf(diffs);
  }

  static ReplicaOutcome consistent(String replica, long rows, int rechecks) {
    return new ReplicaOutcome(replica, Verdict.CONSISTENT, rows, rechecks, 0, 0, 0, List.of());
  }

  static ReplicaOutcome unverified(String replica, int rechecks) {
    return new ReplicaOutcome(replica, Verdict.UNVERIFIED, -1, rechecks, 0, 0, 0, List.of());
  }
}
