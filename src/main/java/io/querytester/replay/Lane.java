package io.querytester.replay;

import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Observation;
import io.querytester.run.ObservationComparator;
import io.querytester.run.Outcome;
import io.querytester.target.ReadOnlySessions;
import io.querytester.target.Target;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Replays the sessions that hash to it, each event in capture order, each session on its own
 * connection per target. Lanes run concurrently; the number of lanes is {@code --concurrency}.
 */
final class Lane implements Runnable {
  private static final Job END = new Job(-1, null, null, 0, false);

  /** A refused connection (too many) is retried this often, closing idle sessions in between. */
  private static final int CONNECT_TRIES = 8;

  private static final long IDLE_CHECK_NANOS = 1_000_000_000L;

  private static final int SAMPLE_BUCKETS = DigestBuilder.BUCKETS;
  private static final int SAMPLE_CAP = 100_000;
  private static final int MAX_SQL_KEPT = 8192;

  private final List<Target> targets;
  private final ReplaySettings settings;
  private final StatementRunner runner;
  private final ExecutionLog log;
  private final ReplayCounters counters;
  private final SplittableRandom random;
  private final int index;
  private final ReplayWatch watch;
  private final ReplayGate gate;
  private final BlockingQueue<Job> queue = new ArrayBlockingQueue<>(512);
  private final SessionCache sessions;
  private final ReplayAbort abort;
  private volatile boolean stopping;
  private Job current;

  Lane(
      List<Target> targets,
      ReplaySettings settings,
      ExecutionLog log,
      ReplayCounters counters,
      StatementTimeouts timeouts,
      long seed,
      int index,
      ReplayWatch watch,
      LaneLimits limits,
      ReplayGate gate) {
    this.targets = targets;
    this.gate = gate;
    this.sessions = new SessionCache(targets, watch, limits);
    this.abort = limits.abort();
    this.index = index;
    this.watch = watch;
    this.settings = settings;
    this.log = log;
    this.counters = counters;
    this.random = new SplittableRandom(seed);
    this.runner =
        new StatementRunner(new ValueCanon(settings.floatDigits()), settings.maxRows(), timeouts);
  }

  void submit(Job job) throws InterruptedException {
    queue.put(job);
  }

  void finish() throws InterruptedException {
    queue.put(END);
  }

  /** Ctrl-C: results that arrive after this may be the shutdown's doing and are not recorded. */
  void stop() {
    stopping = true;
    queue.clear();
    queue.offer(END);
  }

  @Override
  public void run() {
    try {
      for (Job job = next(); job != END; job = next()) {
        if (job != null) {
          process(job);
        }
        sessions.closeIdle(null);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      sessions.closeAll();
    }
  }

  /** The next job, or null after a quiet second (a chance to close idle sessions). */
  private Job next() throws InterruptedException {
    return queue.poll(IDLE_CHECK_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
  }

  private void process(Job job) {
    SqlProfile p = job.profile();
    SessionConnections s = sessions.get(sessionOf(job));
    String skip = skipReason(job);
    if (job.alreadyDone()) {
      if (skip == null) {
        trackState(s, job);
      }
      return;
    }
    if (skip != null) {
      skip(job, skip);
      return;
    }
    switchSchema(s, job.event().schema());
    String refused = openAll(s);
    if (refused != null) {
      skip(job, refused);
      return;
    }
    pace(s, job.intendedStart());
    // Asked last: a crash while this lane waited may have just made the class a crasher.
    String crasher = watch.skipReason(p.classId());
    if (crasher != null) {
      skip(job, crasher);
      return;
    }
    for (String pin : Pins.before(job.event(), p, job.id())) {
      quietly(s, pin);
    }
    long start = job.intendedStart() == 0 ? System.nanoTime() : job.intendedStart();
    current = job;
    StatementRunner.Result[] first = runAll(s, job.event().sql(), start, null);
    String readOnly = refused(first);
    if (readOnly != null) {
      skip(job, readOnly);
      return;
    }
    trackState(s, job);
    Execution e = compare(s, job, first);
    if (!stopping) {
      record(SecretMask.apply(job.event().sql(), e));
      counters.executed(e.differences().size());
    }
  }

  /**
   * The read-only session refused a write that the analysis let through (a stored function that
   * writes although declared READS SQL DATA): a skip, not a difference.
   */
  private String refused(StatementRunner.Result[] results) {
    for (int i = 0; i < results.length; i++) {
      if (results[i].observation().outcome() instanceof Outcome.Failed f
          && ReadOnlySessions.refused(f.code(), f.sqlState(), f.message())) {
        return "refused by the read-only session on " + targets.get(i).label();
      }
    }
    return null;
  }

  private void skip(Job job, String reason) {
    SqlProfile p = job.profile();
    record(Execution.skipped(job.id(), sessionOf(job), p.classId(), p.kind(), reason));
    counters.skipped(reason);
  }

  private Execution compare(SessionConnections s, Job job, StatementRunner.Result[] first) {
    SqlProfile p = job.profile();
    Observation old = first[0].observation();
    List<List<Long>> repeats = repeats(s, job);
    if (targets.size() == 1) {
      return new Execution(
          job.id(),
          sessionOf(job),
          p.classId(),
          p.kind(),
          null,
          null,
          old,
          null,
          List.of(),
          null,
          repeats == null ? null : repeats.get(0),
          null);
    }
    Observation neu = first[1].observation();
    List<Difference> diffs = new ArrayList<>(ObservationComparator.compare(old, neu, p.ordered()));
    Boolean consistent = null;
    // A locking read or a sequence call runs once: again, it would take locks or advance anew.
    if (p.safeRead() && hasRowDifference(diffs)) {
      consistent = selfCheck(s, job, first, diffs);
    }
    String sql = diffs.isEmpty() ? null : truncate(job.event().sql());
    return new Execution(
        job.id(),
        sessionOf(job),
        p.classId(),
        p.kind(),
        null,
        sql,
        old,
        neu,
        diffs,
        consistent,
        repeats == null ? null : repeats.get(0),
        repeats == null ? null : repeats.get(1));
  }

  /** Latencies of the --repeat runs of a read, one list per side; null when not repeated. */
  private List<List<Long>> repeats(SessionConnections s, Job job) {
    if (settings.repeat() == 0 || !job.profile().safeRead()) {
      return null;
    }
    List<List<Long>> out = new ArrayList<>();
    targets.forEach(t -> out.add(new ArrayList<>()));
    for (int k = 0; k < settings.repeat(); k++) {
      StatementRunner.Result[] r = runAll(s, job.event().sql(), System.nanoTime(), null);
      for (int i = 0; i < r.length; i++) {
        out.get(i).add(r[i].observation().lastRowMicros());
      }
    }
    return out;
  }

  /**
   * Runs the statement again on both sides, keeping the rows of the digest buckets that differed. A
   * side that disagrees with itself makes the execution nondeterministic; the kept rows become the
   * sample of differing rows in the report.
   */
  private Boolean selfCheck(
      SessionConnections s, Job job, StatementRunner.Result[] first, List<Difference> diffs) {
    DigestBuilder.BucketSet differing = first[0].digest().differingBuckets(first[1].digest());
    long rows = Math.max(first[0].observation().rows(), first[1].observation().rows());
    StatementRunner.SampleRequest request =
        StatementRunner.SampleRequest.sized(differing, rows, SAMPLE_BUCKETS, SAMPLE_CAP);
    DigestBuilder.BucketSet buckets = request.buckets();
    for (String pin : Pins.before(job.event(), job.profile(), job.id())) {
      quietly(s, pin);
    }
    StatementRunner.Result[] again = runAll(s, job.event().sql(), System.nanoTime(), request);
    // A row count that differs is judged by row counts alone: a side whose values vary (UUID())
    // but whose row count repeats shows that the count difference is real.
    boolean countsOnly = diffs.stream().anyMatch(d -> d.kind() == DiffKind.ROW_COUNT);
    boolean consistent =
        same(first[0].observation(), again[0].observation(), job.profile().ordered(), countsOnly)
            && same(
                first[1].observation(),
                again[1].observation(),
                job.profile().ordered(),
                countsOnly);
    if (buckets.size() > 0) {
      List<String> columns = first[0].observation().columns().stream().map(c -> c.name()).toList();
      boolean capped =
          again[0].sampled().size() >= SAMPLE_CAP || again[1].sampled().size() >= SAMPLE_CAP;
      Difference.RowSamples samples =
          RowSampler.diff(
              columns, again[0].sampled(), again[1].sampled(), settings.maxSamples(), capped);
      for (int i = 0; i < diffs.size(); i++) {
        Difference d = diffs.get(i);
        if (d.kind() == DiffKind.RESULT || d.kind() == DiffKind.ROW_COUNT) {
          diffs.set(i, new Difference(d.kind(), d.detail(), samples));
        }
      }
    }
    return consistent;
  }

  private static boolean same(Observation a, Observation b, boolean ordered, boolean countsOnly) {
    if (countsOnly) {
      return a.rows() == b.rows();
    }
    if (a.digest() == null || b.digest() == null) {
      return a.digest() == b.digest() && a.rows() == b.rows();
    }
    return a.digest().unordered().equals(b.digest().unordered())
        && (!ordered || a.digest().ordered().equals(b.digest().ordered()));
  }

  private static boolean hasRowDifference(List<Difference> diffs) {
    for (Difference d : diffs) {
      if (d.kind() == DiffKind.RESULT
          || d.kind() == DiffKind.ROW_COUNT
          || d.kind() == DiffKind.ROW_ORDER) {
        return true;
      }
    }
    return false;
  }

  /** Runs on every side at the same moment; which side starts first is random. */
  private StatementRunner.Result[] runAll(
      SessionConnections s, String sql, long start, StatementRunner.SampleRequest sample) {
    StatementRunner.Result[] results = new StatementRunner.Result[targets.size()];
    if (targets.size() == 1) {
      results[0] = runOn(s, 0, sql, start, sample);
      return results;
    }
    int forked = random.nextBoolean() ? 0 : 1;
    int here = 1 - forked;
    Thread other =
        Thread.ofVirtual().start(() -> results[forked] = runOn(s, forked, sql, start, sample));
    results[here] = runOn(s, here, sql, start, sample);
    try {
      other.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "interrupted while waiting for " + targets.get(forked).label(), e);
    }
    return results;
  }

  private StatementRunner.Result runOn(
      SessionConnections s,
      int side,
      String sql,
      long start,
      StatementRunner.SampleRequest sample) {
    Connection c;
    try {
      c = s.connection(side);
    } catch (SQLException e) {
      return lostResult(
          "cannot connect to " + targets.get(side).label() + ": " + e.getMessage(), start);
    }
    watch.started(side, index, current.id(), current.profile().classId(), sql);
    StatementRunner.Result r = runner.run(c, side, sql, start, sample);
    boolean lost = r.observation().outcome() instanceof Outcome.Lost;
    watch.ended(side, index, lost);
    if (lost) {
      s.lost(side);
    }
    return r;
  }

  private static StatementRunner.Result lostResult(String message, long start) {
    long us = Math.max(0, (System.nanoTime() - start) / 1000);
    return new StatementRunner.Result(
        new Observation(new Outcome.Lost(message), us, us, 0, null, List.of(), List.of(), null),
        new DigestBuilder(),
        List.of());
  }

  private String skipReason(Job job) {
    return gate.skipReason(job.event().sql(), job.profile());
  }

  /** Why an event is not replayed, or null when it is. */
  static String skipReason(SqlProfile p, boolean allowWrites) {
    if (p.kind() == StatementKind.READ) {
      if (p.unsafeReason() == null || (allowWrites && p.lockingOrSequenceRead())) {
        return null;
      }
      return "unsafe read: "
          + p.unsafeReason()
          + (p.lockingOrSequenceRead() ? " (runs with --allow-writes)" : "");
    }
    if (p.kind() == StatementKind.SESSION) {
      // SET @x = SLEEP(9), a PREPARE of a DELETE, SET TRANSACTION READ WRITE
      return allowWrites || p.unsafeReason() == null
          ? null
          : "unsafe session statement: " + p.unsafeReason();
    }
    if (allowWrites
        && (p.kind() == StatementKind.WRITE
            || p.kind() == StatementKind.DDL
            || p.kind() == StatementKind.TRANSACTION)) {
      return null;
    }
    String kind = p.kind().name().toLowerCase(java.util.Locale.ROOT);
    return p.unsafeReason() == null ? kind : kind + ": " + p.unsafeReason();
  }

  private void trackState(SessionConnections s, Job job) {
    if (job.profile().kind() != StatementKind.SESSION) {
      return;
    }
    String sql = job.event().sql().strip();
    if (sql.regionMatches(true, 0, "use", 0, 3)
        && sql.length() > 3
        && Character.isWhitespace(sql.charAt(3))) {
      String db = sql.substring(4).strip();
      if (db.endsWith(";")) {
        db = db.substring(0, db.length() - 1).strip();
      }
      if (db.startsWith("`") && db.endsWith("`") && db.length() > 1) {
        db = db.substring(1, db.length() - 1).replace("``", "`");
      }
      s.state.schema(db);
    } else {
      s.state.set(sql);
    }
    if (job.alreadyDone()) {
      for (int i = 0; i < targets.size(); i++) {
        if (s.isOpen(i)) {
          quietlyOn(s, i, sql);
        }
      }
    }
  }

  /**
   * Connects before the clock starts: connection set-up is not the statement's latency. A server
   * that refuses for too many connections is the tool's own limit, not the statement's doing: the
   * lane closes its other sessions and tries again, and if the server still refuses, the statement
   * is skipped with that reason (never a difference).
   *
   * @return why the statement cannot run, or null
   */
  private String openAll(SessionConnections s) {
    for (int i = 0; i < targets.size(); i++) {
      for (int attempt = 1; ; attempt++) {
        try {
          s.connection(i);
          break;
        } catch (SQLException e) {
          if (!SessionConnections.tooMany(e)) {
            break; // runOn reports it as a lost connection for this statement
          }
          if (attempt == CONNECT_TRIES) {
            return "not run: "
                + targets.get(i).label()
                + " refused a connection (too many connections, error 1040); lower"
                + " --max-connections or --concurrency";
          }
          sessions.closeOthers(s);
          LockSupport.parkNanos(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(50L << attempt));
        }
      }
    }
    return null;
  }

  private void switchSchema(SessionConnections s, String schema) {
    if (schema == null || schema.isEmpty() || schema.equals(s.state.schema())) {
      return;
    }
    s.state.schema(schema);
    for (int i = 0; i < targets.size(); i++) {
      if (s.isOpen(i)) {
        quietlyOn(s, i, "USE " + SessionConnections.quote(schema));
      }
    }
  }

  private void quietly(SessionConnections s, String sql) {
    for (int i = 0; i < targets.size(); i++) {
      quietlyOn(s, i, sql);
    }
  }

  private static void quietlyOn(SessionConnections s, int side, String sql) {
    try (Statement st = s.connection(side).createStatement()) {
      st.execute(sql);
    } catch (SQLException e) {
      // The statement that follows is observed; a broken connection shows there.
    }
  }

  private static long sessionOf(Job job) {
    return job.event().session() == null ? 0 : job.event().session();
  }

  /** Waits for the event's time; sessions that go idle meanwhile are closed. */
  private void pace(SessionConnections s, long intendedStart) {
    if (intendedStart == 0) {
      return;
    }
    for (long wait; (wait = intendedStart - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(Math.min(wait, IDLE_CHECK_NANOS));
      sessions.closeIdle(s);
    }
  }

  /** A run folder that cannot be written (a full disk) stops the whole replay at once. */
  private void record(Execution e) {
    if (abort.reason() != null) {
      return;
    }
    try {
      log.write(e);
    } catch (IOException ex) {
      abort.abort("cannot write " + log.file() + ": " + ex.getMessage());
    }
  }

  private static String truncate(String sql) {
    return sql.length() <= MAX_SQL_KEPT
        ? sql
        : sql.substring(0, MAX_SQL_KEPT) + " /* ... truncated */";
  }
}
