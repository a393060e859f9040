package io.querytester.drift;

import java.util.List;

/**
 * One table on one replica, added up over its chunks.
 *
 * @param replica label
 * @param verdict the worst chunk verdict, or MISSING when the table or columns are absent
 * @param problem why the table could not be checked (MISSING), else empty
 * @param driftedChunks chunks with confirmed drift
 * @param unverifiedChunks chunks the replica did not catch up for
 * @param missing rows missing on the replica
 * @param extra rows only on the replica
 * @param different rows that differ
 * @param rows sample of differing rows, bounded by --max-diff-rows
 * @param fixSql statements that would repair the sampled rows on this replica (never executed)
 */
public record ReplicaTable(
    String replica,
    Verdict verdict,
    String problem,
    int driftedChunks,
    int unverifiedChunks,
    long missing,
    long extra,
    long different,
    List<RowDifference> rows,
    List<String> fixSql) {

  public ReplicaTable {
    rows = List.copyOf(rows);
    fixSql = List.copyOf(fixSql);
  }

  static ReplicaTable missing(String replica, String problem) {
    return new ReplicaTable(replica, Verdict.MISSING, problem, 0, 0, 0, 0, 0, List.of(), List.of());
  }

  static ReplicaTable of(String replica, TableDef table, List<ChunkResult> chunks) {
    Verdict v = Verdict.CONSISTENT;
    int drifted = 0;
    int unverified = 0;
    long missing = 0;
    long extra = 0;
    long different = 0;
    List<RowDifference> rows = new java.util.ArrayList<>();
    for (ChunkResult c : chunks) {
      for (ReplicaOutcome o : c.outcomes()) {
        if (!o.replica().equals(replica)) {
          continue;
        }
        v = v.worst(o.verdict());
        drifted += o.verdict() == Verdict.DRIFT ? 1 : 0;
        unverified += o.verdict() == Verdict.UNVERIFIED ? 1 : 0;
        missing += o.missing();
        extra += o.extra();
        different += o.different();
        rows.addAll(o.diffs());
      }
    }
    List<String> fix = rows.stream().map(r -> FixSql.statement(table, r)).toList();
    return new ReplicaTable(
        replica, v, "", drifted, unverified, missing, extra, different, rows, fix);
  }
}
