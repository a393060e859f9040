package io.querytester.drift;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Checks one table chunk by chunk: plan the next range on the source, checksum it there, read the
 * source's position, then on each replica wait for that position and checksum the same range. A
 * mismatch is read again (source first, then the replica after catching up) up to {@code rechecks}
 * times; only a mismatch that survives goes to the row diff, and only rows the diff confirms are
 * drift.
 */
final class TableCheck {
  /** Where a check starts: chunk 0 from the beginning, or after the last finished chunk. */
  record Start(int index, List<String> lower) {
    static final Start BEGINNING = new Start(0, List.of());
  }

  private final TableDef table;
  private final Side source;
  private final List<Side> replicas;
  private final CheckOptions options;
  private final ChunkOptions chunks;
  private final Consistency consistency;
  private final Throttle throttle;
  private final Pacer pacer;
  private final Consumer<ChunkResult> sink;
  private final ChecksumQuery query;
  private final RowDiff rowDiff;
  private final Map<String, Integer> diffBudget = new HashMap<>();

  TableCheck(
      TableDef table,
      Side source,
      List<Side> replicas,
      CheckOptions options,
      ChunkOptions chunks,
      Consistency consistency,
      Throttle throttle,
      Pacer pacer,
      Consumer<ChunkResult> sink) {
    this.table = table;
    this.source = source;
    this.replicas = List.copyOf(replicas);
    this.options = options;
    this.chunks = chunks;
    this.consistency = consistency;
    this.throttle = throttle;
    this.pacer = pacer;
    this.sink = sink;
    this.query = new ChecksumQuery(table, options.floatPrecision());
    this.rowDiff = new RowDiff(table, query, consistency);
    replicas.forEach(r -> diffBudget.put(r.label(), options.maxDiffRows()));
  }

  /** Diff rows already reported for this table by a previous run count against the budget. */
  void alreadyReported(List<ChunkResult> previous) {
    for (ChunkResult c : previous) {
      for (ReplicaOutcome o : c.outcomes()) {
        diffBudget.computeIfPresent(o.replica(), (k, v) -> Math.max(0, v - o.diffs().size()));
      }
    }
  }

  void run(Start start) throws SQLException, InterruptedException {
    ChunkPlanner planner = new ChunkPlanner(table, new ChunkSizer(chunks));
    List<String> lower = start.lower();
    for (int index = start.index(); ; index++) {
      throttle.await();
      KeyRange range = planner.next(source.connection(), lower);
      String sql = query.chunk(range);
      long t0 = System.nanoTime();
      Checksum src = ChunkReader.read(source, sql);
      long nanos = System.nanoTime() - t0;
      ReplicaPosition position = consistency.position(source);
      planner.sizer().record(src.rows(), nanos);
      List<ReplicaOutcome> outcomes = new ArrayList<>();
      for (Side r : replicas) {
        outcomes.add(compare(r, range, sql, src, position));
      }
      sink.accept(new ChunkResult(table.id(), index, range, src.rows(), nanos, outcomes));
      if (range.last()) {
        return;
      }
      lower = range.upper();
    }
  }

  private ReplicaOutcome compare(
      Side replica, KeyRange range, String sql, Checksum src, ReplicaPosition position)
      throws SQLException, InterruptedException {
    Checksum expected = src;
    ReplicaPosition pos = position;
    for (int attempt = 0; ; attempt++) {
      if (!consistency.await(replica, pos)) {
        return ReplicaOutcome.unverified(replica.label(), attempt);
      }
      Checksum got = ChunkReader.read(replica, sql);
      if (got.equals(expected)) {
        return ReplicaOutcome.consistent(replica.label(), got.rows(), attempt);
      }
      if (attempt == options.rechecks()) {
        return diff(replica, range, attempt);
      }
      // The source may have changed the chunk after our read: read both again.
      pacer.sleep(Duration.ofMillis(50L * (attempt + 1)));
      expected = ChunkReader.read(source, sql);
      pos = consistency.position(source);
    }
  }

  private ReplicaOutcome diff(Side replica, KeyRange range, int rechecks)
      throws SQLException, InterruptedException {
    int budget = diffBudget.get(replica.label());
    var found = rowDiff.diff(source, replica, range, Math.max(budget, 1));
    if (found.isEmpty()) {
      return ReplicaOutcome.unverified(replica.label(), rechecks);
    }
    RowDiff.Found f = found.get();
    if (f.missing() + f.extra() + f.different() == 0) {
      return ReplicaOutcome.consistent(replica.label(), -1, rechecks);
    }
    List<RowDifference> shown = f.rows().subList(0, Math.min(budget, f.rows().size()));
    diffBudget.put(replica.label(), budget - shown.size());
    return new ReplicaOutcome(
        replica.label(), Verdict.DRIFT, -1, rechecks, f.missing(), f.extra(), f.different(), shown);
  }
}
