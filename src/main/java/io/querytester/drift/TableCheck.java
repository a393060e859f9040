package io.querytester.drift;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Checks one table chunk by chunk: plan the next range on the source, checksum it there and read
 * the source's position; then every replica's {@link ReplicaLane} compares that chunk while the
 * source already reads the next one (a pipeline one chunk deep, so results still come out in key
 * order and the state file only ever holds finished chunks).
 */
final class TableCheck {
  /** Where a check starts: chunk 0 from the beginning, or after the last finished chunk. */
  record Start(int index, List<String> lower) {
    static final Start BEGINNING = new Start(0, List.of());
  }

  /** A chunk read on the source, waiting for its replicas. */
  private record Pending(
      int index, KeyRange range, long rows, long nanos, List<Future<ReplicaOutcome>> outcomes) {}

  private final TableDef table;
  private final Side source;
  private final List<ReplicaLane> lanes;
  private final ChunkOptions chunks;
  private final Consistency consistency;
  private final Throttle throttle;
  private final Consumer<ChunkResult> sink;
  private final ChecksumQuery query;

  TableCheck(
      TableDef table,
      Side source,
      List<Lane> lanes,
      CheckOptions options,
      ChunkOptions chunks,
      Consistency consistency,
      Throttle throttle,
      Pacer pacer,
      Consumer<ChunkResult> sink) {
    this.table = table;
    this.source = source;
    this.chunks = chunks;
    this.consistency = consistency;
    this.throttle = throttle;
    this.sink = sink;
    this.query = new ChecksumQuery(table, options.floatPrecision());
    this.lanes =
        lanes.stream()
            .map(l -> new ReplicaLane(l, table, query, options, consistency, pacer))
            .toList();
  }

  /** Diff rows already reported for this table by a previous run count against the budget. */
  void alreadyReported(List<ChunkResult> previous) {
    lanes.forEach(l -> l.alreadyReported(previous));
  }

  void run(Start start) throws SQLException, InterruptedException {
    ChunkPlanner planner = new ChunkPlanner(table, new ChunkSizer(chunks));
    List<String> lower = start.lower();
    Pending pending = null;
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int index = start.index(); ; index++) {
        throttle.await();
        KeyRange range = planner.next(source.connection(), lower);
        String sql = query.chunk(range);
        long t0 = System.nanoTime();
        Checksum src = ChunkReader.read(source, sql);
        long nanos = System.nanoTime() - t0;
        ReplicaPosition position = consistency.position(source);
        planner.sizer().record(src.rows(), nanos);
        finish(pending);
        List<Future<ReplicaOutcome>> outcomes = new ArrayList<>();
        for (ReplicaLane lane : lanes) {
          outcomes.add(pool.submit(() -> lane.compare(range, sql, src, position)));
        }
        pending = new Pending(index, range, src.rows(), nanos, outcomes);
        if (range.last()) {
          finish(pending);
          return;
        }
        lower = range.upper();
      }
    }
  }

  private void finish(Pending p) throws SQLException, InterruptedException {
    if (p == null) {
      return;
    }
    List<ReplicaOutcome> outcomes = new ArrayList<>();
    for (Future<ReplicaOutcome> f : p.outcomes()) {
      try {
        outcomes.add(f.get());
      } catch (ExecutionException e) {
        switch (e.getCause()) {
          case SQLException s -> throw s;
          case InterruptedException i -> throw i;
          case RuntimeException r -> throw r;
          default -> throw new IllegalStateException(e.getCause());
        }
      }
    }
    sink.accept(new ChunkResult(table.id(), p.index(), p.range(), p.rows(), p.nanos(), outcomes));
  }
}
