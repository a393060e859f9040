package io.querytester.replay;

import io.querytester.order.Step;
import io.querytester.order.Ticket;
import io.querytester.run.Execution;
import io.querytester.run.Outcome;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import io.querytester.workload.SqlProfile;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Replays the sessions that hash to it, each event in capture order, each session on its own
 * connection per target, and the spread reads the dispatcher gives it on their shared sessions'.
 * Lanes run concurrently; the number of lanes is {@code --concurrency}. A lane is the queue and the
 * order of steps; the steps are its parts: {@link SessionSetup} (connect, schema, pace, pins,
 * state), {@link SideRunner} (both sides at once), {@link Comparison} (with {@link SelfCheck} and
 * the repeats).
 */
final class Lane implements Runnable {
  private static final Job END = new Job(-1, null, null, 0, false, null, null);

  /** Jobs taken from the queue at once: one wake-up of the dispatcher per batch, not per job. */
  private static final int BATCH = 64;

  /**
   * Jobs a lane's queue holds at most, and jobs queued over all lanes beyond which it holds fewer.
   */
  private static final int MAX_QUEUE = 512;

  private static final int ALL_QUEUES = 4096;

  /**
   * A lane's queue: 512 jobs up to 8 lanes, fewer beyond so that all lanes together hold about
   * 4,096, but never fewer than two batches. With 512 each at 32 lanes the dispatcher read 16,000
   * events ahead in the replay's first second, taking CPU from lanes still connecting, and the
   * first collections copied them (measured: bench/replay/README.md).
   */
  static int queueCapacity(int lanes) {
    return Math.max(2 * BATCH, Math.min(MAX_QUEUE, ALL_QUEUES / Math.max(1, lanes)));
  }

  private final LogWriter log;
  private final ReplayCounters counters;
  private final ReplayWatch watch;
  private final ReadingGuard guard;
  private final BlockingQueue<Job> queue;
  private final ArrayDeque<Job> taken = new ArrayDeque<>(BATCH);
  // taken's size, for the dispatcher's choice of a lane (written by the lane thread only)
  private volatile int takenLeft;
  private final SessionCache sessions;
  private final SessionSetup setup;
  private final SideRunner sides;
  private final Comparison comparison;
  private final ReplayAbort abort;
  private final int index;
  private volatile boolean stopping;
  // What the order watch looks at: the job in hand, since when it runs on the servers (0: not
  // running), and its session's connection ids per side.
  private volatile Job current;
  private volatile long runningSince;
  // A statement the order watch let go before its turn, because this lane's statement waited on a
  // server for its lock: this lane's next statement follows it on both servers, so the pair is
  // swapped alike on each side, not left to which server answers first.
  private volatile Ticket after;

  /**
   * The sides' connection ids of the write in hand, 0 between writes: the order watch reads them.
   */
  private final java.util.concurrent.atomic.AtomicLongArray threadIds;

  /** The lane {@code index} of the replay; its seed is the replay's plus its index. */
  Lane(LaneContext c, int index) {
    List<Target> targets = c.targets();
    ReplaySettings settings = c.settings();
    LaneLimits limits = c.limits();
    this.threadIds = new java.util.concurrent.atomic.AtomicLongArray(targets.size());
    this.guard = new ReadingGuard(c.gate(), targets.stream().map(Target::label).toList());
    this.queue = new ArrayBlockingQueue<>(limits.queue());
    this.sessions = new SessionCache(targets, c.watch(), limits);
    this.abort = limits.abort();
    this.index = index;
    this.watch = c.watch();
    this.log = c.log();
    this.counters = c.counters();
    StatementRunner runner =
        new StatementRunner(
            new ValueCanon(settings.compare().floatDigits()),
            settings.statements().maxRows(),
            c.timeouts(),
            !settings.allowWrites());
    this.sides =
        new SideRunner(targets, runner, watch, index, settings.pace().seed() + index, c.threads());
    this.setup = new SessionSetup(targets, sessions, sides);
    this.comparison =
        new Comparison(
            sides,
            new SelfCheck(sides, setup, settings.compare().maxSamples()),
            settings.compare().repeat());
  }

  void submit(Job job) throws InterruptedException {
    queue.put(job);
  }

  /** Jobs waiting: in the queue, and taken from it but not yet begun. */
  int backlog() {
    return queue.size() + takenLeft;
  }

  /** Takes the job if the lane's queue has room. */
  boolean offer(Job job) {
    return queue.offer(job);
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
    } catch (RuntimeException | Error e) {
      // A lane that died would leave the dispatcher blocked on its full queue: stop them all.
      abort.abort("lane " + index + " failed: " + e);
    } finally {
      try {
        sessions.closeAll();
      } finally {
        sides.close();
      }
    }
  }

  /**
   * The next job, or null after a quiet second (a chance to close idle sessions). Jobs are taken
   * from the queue in batches: with the queue full, every single take woke the dispatcher to put
   * one more (a futex wake and a context switch per statement).
   */
  private Job next() throws InterruptedException {
    if (stopping) {
      return END; // the jobs taken but not run are dropped with the queue
    }
    if (taken.isEmpty() && queue.drainTo(taken, BATCH) == 0) {
      return queue.poll(SessionSetup.IDLE_CHECK_NANOS, TimeUnit.NANOSECONDS);
    }
    Job job = taken.poll();
    takenLeft = taken.size();
    return job;
  }

  /** Runs a job; with production's order kept, it takes its turn first and gives it on after. */
  private void process(Job job) {
    if (job.step() == null) {
      execute(job);
      return;
    }
    current = job;
    try {
      execute(job);
    } finally {
      runningSince = 0;
      current = null;
      for (int i = 0; i < threadIds.length(); i++) {
        threadIds.set(i, 0); // the next write's ids are not this one's, even for a moment
      }
      job.step().ticket().complete();
    }
  }

  /** This lane's next statement waits for {@code relaxed} (see {@link #after}). */
  void runAfter(Ticket relaxed) {
    after = relaxed;
  }

  /** The job in hand, or null. */
  Job currentJob() {
    return current;
  }

  /** The step of the job in hand while it waits for its turn, else null. */
  Step waitingStep() {
    Job j = current;
    Step s = j == null ? null : j.step();
    return s != null && s.waitingSince() != 0 ? s : null;
  }

  /** Since when (nanoTime) the job in hand runs on the servers; 0 when none runs. */
  long runningSince() {
    return runningSince;
  }

  /** The server's connection id of the job in hand's session on a side; 0 when not known. */
  long threadId(int side) {
    return current == null ? 0 : threadIds.get(side);
  }

  private void execute(Job job) {
    SessionConnections s = sessions.get(job);
    String gated = guard.before(s, job);
    String skip = gated != null ? gated : job.skip();
    if (job.alreadyDone()) {
      if (skip == null) {
        setup.trackState(s, job);
        guard.ranBefore(s);
      }
      return;
    }
    if (skip != null) {
      skip(job, skip);
      return;
    }
    setup.switchSchema(s, job.event().schema());
    String refused = setup.openAll(s);
    if (refused != null) {
      skip(job, refused);
      return;
    }
    if (job.step() != null) {
      for (int i = 0; i < threadIds.length(); i++) {
        threadIds.set(i, s.threadId(i));
      }
    }
    setup.pace(s, job.intendedStart());
    boolean waited = false;
    Ticket relaxed = after;
    if (relaxed != null) {
      after = null;
      waited = !relaxed.isDone();
      if (!relaxed.await(() -> stopping || abort.reason() != null)) {
        return;
      }
    }
    if (job.step() != null) {
      waited |= job.step().mustWait();
      if (!job.step().awaitTurn(() -> stopping || abort.reason() != null)) {
        return; // stopped while waiting: nothing ran, nothing is recorded
      }
    }
    // Asked last: a crash while this lane waited may have just made the class a crasher.
    String crasher = watch.skipReason(job.profile().classId());
    if (crasher != null) {
      skip(job, crasher);
      return;
    }
    setup.pin(s, job);
    // A statement that waited for its turn is timed from when it could start: the wait is the
    // order's, not the server's.
    long start =
        job.intendedStart() == 0 || waited
            ? Math.max(System.nanoTime(), job.intendedStart())
            : job.intendedStart();
    if (job.step() != null) {
      runningSince = System.nanoTime();
    }
    StatementRunner.Result[] first = sides.runAll(s, job, start, null);
    runningSince = 0;
    guard.after(s, job, first);
    String readOnly = refused(first);
    if (readOnly != null) {
      skip(job, readOnly);
      return;
    }
    setup.trackState(s, job);
    if (job.again()) {
      return; // recorded by the earlier part of the run
    }
    Execution e = comparison.of(s, job, job.event().sessionId(), first);
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
        return "refused by the read-only session on " + sides.label(i);
      }
    }
    return null;
  }

  private void skip(Job job, String reason) {
    SqlProfile p = job.profile();
    record(Execution.skipped(job.id(), job.event().sessionId(), p.classId(), p.kind(), reason));
    counters.skipped(reason);
  }

  /**
   * After a write failed (a full disk; the writer stopped the replay) or Ctrl-C, nothing more is
   * recorded.
   */
  private void record(Execution e) {
    if (abort.reason() != null || stopping) {
      return;
    }
    try {
      log.add(e);
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
    }
  }
}
