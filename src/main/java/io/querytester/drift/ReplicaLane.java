package io.querytester.drift;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Compares one table's chunks on one replica: wait for the source's position, checksum the same
 * range, and on a mismatch read source and replica again (the source may have changed the chunk
 * after its read) up to {@code rechecks} times. Only a mismatch that survives goes to the row diff,
 * and only rows the diff confirms are drift.
 */
final class ReplicaLane {
  private final Lane lane;
  private final CheckOptions options;
  private final Consistency consistency;
  private final Pacer pacer;
  private final RowDiff rowDiff;
  private final DiffBudget diffBudget;

  ReplicaLane(
      Lane lane,
      TableDef table,
      ChecksumQuery query,
      CheckOptions options,
      Consistency consistency,
      Pacer pacer,
      DiffBudget diffBudget) {
    this.lane = lane;
    this.options = options;
    this.consistency = consistency;
    this.pacer = pacer;
    this.rowDiff = new RowDiff(table, query, consistency);
    this.diffBudget = diffBudget;
  }

  String label() {
    return lane.replica().label();
  }

  ReplicaOutcome compare(KeyRange range, String sql, Checksum src, ReplicaPosition position)
      throws SQLException, InterruptedException {
    Side replica = lane.replica();
    Side source = lane.source();
    Checksum expected = src;
    ReplicaPosition pos = position;
    for (int attempt = 0; ; attempt++) {
      if (!consistency.await(replica, pos)) {
        return ReplicaOutcome.unverified(label(), attempt);
      }
      Checksum got = ChunkReader.read(replica, sql);
      if (got.equals(expected)) {
        return ReplicaOutcome.consistent(label(), got.rows(), attempt);
      }
      if (attempt == options.rechecks()) {
        return diff(range, attempt);
      }
      pacer.sleep(Duration.ofMillis(50L * (attempt + 1)));
      expected = ChunkReader.read(source, sql);
      pos = consistency.position(source);
    }
  }

  private ReplicaOutcome diff(KeyRange range, int rechecks)
      throws SQLException, InterruptedException {
    Optional<RowDiff.Found> found =
        rowDiff.diff(lane.source(), lane.replica(), range, Math.max(diffBudget.left(), 1));
    if (found.isEmpty()) {
      return ReplicaOutcome.unverified(label(), rechecks);
    }
    RowDiff.Found f = found.get();
    if (f.missing() + f.extra() + f.different() == 0) {
      return ReplicaOutcome.consistent(label(), -1, rechecks);
    }
    List<RowDifference> shown = f.rows().subList(0, diffBudget.take(f.rows().size()));
    return new ReplicaOutcome(
        label(), Verdict.DRIFT, -1, rechecks, f.missing(), f.extra(), f.different(), shown);
  }
}
