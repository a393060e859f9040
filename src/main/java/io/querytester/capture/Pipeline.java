package io.querytester.capture;

import io.querytester.workload.QueryClass;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlRedactor;
import io.querytester.workload.StatementKind;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sink a source writes into. Events travel in batches: worker threads profile each batch
 * (fingerprint, class, kind) while the source reads on, and one writer thread takes the batches in
 * their original order, filters and writes them. Parsing, fingerprinting and writing so use every
 * core, and the file keeps the source's order. Counters are read by the progress line.
 */
final class Pipeline implements EventSink {
  private static final int BATCH = 1024;
  private static final long FLUSH_NANOS = 100_000_000L;
  private static final int WARNINGS_SHOWN = 100;
  private static final CompletableFuture<List<Profiled>> END =
      CompletableFuture.completedFuture(List.of());
  private static final ExecutorService PROFILERS =
      Executors.newFixedThreadPool(
          Math.max(1, Runtime.getRuntime().availableProcessors()),
          Thread.ofPlatform().name("capture-profiler-", 0).daemon().factory());

  /** An event and what its text says. */
  private record Profiled(QueryEvent event, QueryClass profile) {}

  private final WorkloadWriter writer;
  private final boolean keepSecrets;
  private final CaptureFilter filter;
  private final long maxEvents;
  private final PrintWriter err;
  private final BlockingQueue<CompletableFuture<List<Profiled>>> queue =
      new ArrayBlockingQueue<>(16);
  private final Thread consumer;

  private volatile String stopReason;
  private List<QueryEvent> batch = new ArrayList<>(BATCH);
  private long lastFlush = System.nanoTime();

  // Written by the source's thread.
  private final AtomicLong read = new AtomicLong();
  private final Map<String, Long> skipped = new TreeMap<>();
  private final Map<String, Long> counters = new TreeMap<>();
  private long warnings;

  // Written by the consumer thread.
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong templates = new AtomicLong();
  private final Map<String, Long> filtered = new TreeMap<>();
  private final Map<String, Integer> perClass = new HashMap<>();
  private final Set<String> classes = new HashSet<>();
  private volatile int classCount;
  private long passed;
  private volatile Exception writeFailure;

  Pipeline(
      WorkloadWriter writer,
      CaptureFilter filter,
      long maxEvents,
      boolean keepSecrets,
      PrintWriter err) {
    this.writer = writer;
    this.keepSecrets = keepSecrets;
    this.filter = filter;
    this.maxEvents = maxEvents;
    this.err = err;
    this.consumer = Thread.ofPlatform().name("capture-writer").daemon().start(this::consume);
  }

  @Override
  public synchronized boolean accept(QueryEvent event) {
    if (stopReason != null) {
      return false;
    }
    read.incrementAndGet();
    batch.add(event);
    long now = System.nanoTime();
    if (batch.size() >= BATCH || now - lastFlush > FLUSH_NANOS) {
      handOver();
      lastFlush = now;
    }
    return stopReason == null;
  }

  /**
   * Hands a waiting batch to the writer when no event has come for a while, so a live source that
   * goes quiet still has its events written (and its limits checked) promptly.
   */
  synchronized void flushIfIdle() {
    long now = System.nanoTime();
    if (!batch.isEmpty() && now - lastFlush > FLUSH_NANOS) {
      handOver();
      lastFlush = now;
    }
  }

  @Override
  public boolean stopping() {
    return stopReason != null;
  }

  @Override
  public synchronized void warn(String message) {
    warnings++;
    if (warnings <= WARNINGS_SHOWN) {
      err.println("warning: " + message);
    } else if (warnings == WARNINGS_SHOWN + 1) {
      err.println("warning: more warnings follow; only their counts are shown in the summary");
    }
    err.flush();
  }

  @Override
  public synchronized void skip(String reason, String message) {
    skipped.merge(reason, 1L, Long::sum);
    warn(message);
  }

  @Override
  public synchronized void count(String counter, long delta) {
    counters.merge(counter, delta, Long::sum);
  }

  /** Asks the source to stop; the first reason given wins. */
  void stop(String reason) {
    if (stopReason == null) {
      stopReason = reason;
    }
  }

  String stopReason() {
    return stopReason;
  }

  /** Sends what is left to the writer thread and waits until it has written everything. */
  void drain() throws IOException {
    synchronized (this) {
      handOver();
      putQuietly(END);
    }
    try {
      consumer.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (writeFailure != null) {
      throw writeFailure instanceof IOException io ? io : new IOException(writeFailure);
    }
  }

  long read() {
    return read.get();
  }

  long written() {
    return written.get();
  }

  /** Prepared-statement templates written: events replay will not run. */
  long templates() {
    return templates.get();
  }

  int classes() {
    return classCount;
  }

  synchronized long skippedTotal() {
    return skipped.values().stream().mapToLong(Long::longValue).sum();
  }

  synchronized Map<String, Long> skipped() {
    return new TreeMap<>(skipped);
  }

  synchronized Map<String, Long> counters() {
    return new TreeMap<>(counters);
  }

  synchronized long warnings() {
    return warnings;
  }

  /** Only valid after {@link #drain()}. */
  Map<String, Long> filtered() {
    return new TreeMap<>(filtered);
  }

  private void handOver() {
    if (!batch.isEmpty()) {
      List<QueryEvent> b = batch;
      putQuietly(CompletableFuture.supplyAsync(() -> profile(b), PROFILERS));
      batch = new ArrayList<>(BATCH);
    }
  }

  private static List<Profiled> profile(List<QueryEvent> events) {
    List<Profiled> out = new ArrayList<>(events.size());
    for (QueryEvent e : events) {
      out.add(new Profiled(e, QueryClass.of(e.sql())));
    }
    return out;
  }

  private void putQuietly(CompletableFuture<List<Profiled>> b) {
    try {
      while (!queue.offer(b, 100, TimeUnit.MILLISECONDS)) {
        if (!consumer.isAlive()) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void consume() {
    try {
      while (true) {
        CompletableFuture<List<Profiled>> b = queue.take();
        if (b == END) {
          return;
        }
        for (Profiled p : b.join()) {
          if (!process(p.event(), p.profile())) {
            break;
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      writeFailure =
          e instanceof CompletionException c && c.getCause() instanceof Exception x ? x : e;
      stop("a write to " + writer.path() + " failed: " + e.getMessage());
      // Keep taking batches so the source never blocks on a full queue.
      try {
        while (queue.take() != END) {
          // discard
        }
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Profiles, filters and writes one event; false once the event limit is reached. */
  private boolean process(QueryEvent e, QueryClass p) throws IOException {
    if (maxEvents > 0 && written.get() >= maxEvents) {
      stop("--max-events");
      return false;
    }
    String reason = filter.reject(e, p);
    if (reason == null && filter.sampleOneIn() > 1 && passed++ % filter.sampleOneIn() != 0) {
      reason = "sample";
    }
    if (reason == null && filter.maxPerClass() > 0) {
      int n = perClass.merge(p.classId(), 1, Integer::sum);
      if (n > filter.maxPerClass()) {
        reason = "max per class";
      }
    }
    if (reason != null) {
      filtered.merge(reason, 1L, Long::sum);
      return true;
    }
    // Every source passes here: IDENTIFIED BY 'x' becomes IDENTIFIED BY '****', which still
    // replays.
    writer.write(keepSecrets ? e : e.withSql(SqlRedactor.passwords(e.sql())));
    if (p.kind() == StatementKind.TEMPLATE) {
      templates.incrementAndGet();
    }
    if (classes.add(p.classId())) {
      classCount = classes.size();
    }
    if (maxEvents > 0 && written.incrementAndGet() >= maxEvents) {
      stop("--max-events");
      return false;
    } else if (maxEvents == 0) {
      written.incrementAndGet();
    }
    return true;
  }
}
