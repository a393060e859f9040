package io.querytester.drift;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Checks one table chunk by chunk with {@code --parallel} workers. The next range is planned on the
 * planning session, one at a time, in key order (after the throttle said go). A worker then
 * checksums its chunk on its own source session, reads the source's position on that session, and
 * has every replica compare the chunk. With two workers one chunk is on the source while the
 * replicas check the one before; with more, several chunk statements run on each server at once.
 * Finished chunks go to the sink in key order, whatever order they finish in, so the state file
 * only ever holds a prefix of finished chunks and a resumed check goes on after its last line.
 */
final class TableCheck {
  /** Where a check starts: chunk 0 from the beginning, or after the last finished chunk. */
  record Start(int index, List<String> lower) {
    static final Start BEGINNING = new Start(0, List.of());
  }

  /** A range handed to a worker. */
  private record Planned(int index, KeyRange range) {}

  /** A worker's sessions with its replica lanes ready to compare. */
  private record Crew(Side source, List<ReplicaLane> lanes) {}

  private final TableDef table;
  private final Side planning;
  private final List<Crew> crews;
  private final ChunkOptions chunks;
  private final Consistency consistency;
  private final Throttle throttle;
  private final Consumer<ChunkResult> sink;
  private final ChecksumQuery query;
  private final Map<String, DiffBudget> budgets = new HashMap<>();

  // planning and in-order delivery, guarded by this
  private final TreeMap<Integer, ChunkResult> finished = new TreeMap<>();
  private ChunkPlanner planner;
  private List<String> lower = List.of();
  private int nextIndex;
  private int nextToDeliver;
  private boolean noMoreRanges;

  TableCheck(
      TableDef table,
      Side planning,
      List<Worker> workers,
      CheckOptions options,
      ChunkOptions chunks,
      Consistency consistency,
      Throttle throttle,
      Pacer pacer,
      Consumer<ChunkResult> sink) {
    this.table = table;
    this.planning = planning;
    this.chunks = chunks;
    this.consistency = consistency;
    this.throttle = throttle;
    this.sink = sink;
    this.query = new ChecksumQuery(table, options.floatPrecision());
    for (Lane l : workers.get(0).lanes()) {
      budgets.put(l.replica().label(), new DiffBudget(options.maxDiffRows()));
    }
    this.crews =
        workers.stream()
            .map(
                w ->
                    new Crew(
                        w.source(),
                        w.lanes().stream()
                            .map(
                                l ->
                                    new ReplicaLane(
                                        l,
                                        table,
                                        query,
                                        options,
                                        consistency,
                                        pacer,
                                        budgets.get(l.replica().label())))
                            .toList()))
            .toList();
  }

  /** Diff rows already reported for this table by a previous run count against the budget. */
  void alreadyReported(List<ChunkResult> previous) {
    for (ChunkResult c : previous) {
      for (ReplicaOutcome o : c.outcomes()) {
        DiffBudget b = budgets.get(o.replica());
        if (b != null) {
          b.take(o.diffs().size());
        }
      }
    }
  }

  void run(Start start) throws SQLException, InterruptedException {
    synchronized (this) {
      planner = new ChunkPlanner(table, new ChunkSizer(chunks));
      lower = start.lower();
      nextIndex = start.index();
      nextToDeliver = start.index();
      noMoreRanges = false;
    }
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Void>> running = new ArrayList<>();
      for (Crew crew : crews) {
        running.add(pool.submit(() -> work(crew, pool)));
      }
      for (Future<Void> f : running) {
        get(f);
      }
    }
  }

  private Void work(Crew crew, ExecutorService pool) throws SQLException, InterruptedException {
    try {
      checkChunks(crew, pool);
    } catch (SQLException | InterruptedException | RuntimeException e) {
      synchronized (this) {
        noMoreRanges = true; // the other workers stop after their current chunk
      }
      throw e;
    }
    return null;
  }

  private void checkChunks(Crew crew, ExecutorService pool)
      throws SQLException, InterruptedException {
    for (Planned next = plan(); next != null; next = plan()) {
      Planned p = next;
      String sql = query.chunk(p.range());
      long t0 = System.nanoTime();
      Checksum src = ChunkReader.read(crew.source(), sql);
      long nanos = System.nanoTime() - t0;
      ReplicaPosition position = consistency.position(crew.source());
      planner.sizer().record(src.rows(), nanos);
      List<Future<ReplicaOutcome>> compared = new ArrayList<>();
      for (ReplicaLane lane : crew.lanes()) {
        compared.add(pool.submit(() -> lane.compare(p.range(), sql, src, position)));
      }
      List<ReplicaOutcome> outcomes = new ArrayList<>();
      for (Future<ReplicaOutcome> f : compared) {
        outcomes.add(get(f));
      }
      deliver(new ChunkResult(table.id(), p.index(), p.range(), src.rows(), nanos, outcomes));
    }
  }

  /** The next range in key order, or null when the last one was handed out. */
  private synchronized Planned plan() throws SQLException, InterruptedException {
    if (noMoreRanges) {
      return null;
    }
    throttle.await();
    KeyRange range = planner.next(planning.connection(), lower);
    noMoreRanges = range.last();
    lower = range.upper();
    return new Planned(nextIndex++, range);
  }

  private synchronized void deliver(ChunkResult result) {
    finished.put(result.index(), result);
    while (!finished.isEmpty() && finished.firstKey() == nextToDeliver) {
      sink.accept(finished.pollFirstEntry().getValue());
      nextToDeliver++;
    }
  }

  private static <T> T get(Future<T> f) throws SQLException, InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      switch (e.getCause()) {
        case SQLException s -> throw s;
        case InterruptedException i -> throw i;
        case RuntimeException r -> throw r;
        default -> throw new IllegalStateException(e.getCause());
      }
    }
  }
}
