package io.querytester.replay;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.order.CaptureOrder;
import io.querytester.order.Step;
import io.querytester.run.DropList;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.OrderLog;
import io.querytester.run.RunInfo;
import io.querytester.target.ReadOnlySessions;
import io.querytester.target.Target;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Replays a workload on one or two targets into a run folder.
 *
 * <p>Events are read as a stream and dealt to lanes by session, so each session keeps its order and
 * its state while sessions run concurrently (plain reads may go to any lane: {@link ReadSpreader});
 * nothing holds more than a bounded queue of events. Every execution is appended to {@code
 * executions.jsonl} within milliseconds of completing (by {@link LogWriter}): a killed run is
 * resumed from there.
 */
public final class Replayer {
  private final ReplaySettings settings;
  private final ConnectionLimits limits;
  private final ShardFilter shard;
  private final Consumer<String> progress;
  private Consumer<Execution> written = e -> {};
  private Consumer<LaneNote> laneNotes;

  public Replayer(ReplaySettings settings, Consumer<String> progress) {
    this(settings, ConnectionLimits.FROM_SERVER, ShardFilter.ALL, progress);
  }

  public Replayer(ReplaySettings settings, ConnectionLimits limits, Consumer<String> progress) {
    this(settings, limits, ShardFilter.ALL, progress);
  }

  /** Replays only the sessions of {@code shard}. */
  public Replayer(
      ReplaySettings settings,
      ConnectionLimits limits,
      ShardFilter shard,
      Consumer<String> progress) {
    this.settings = settings;
    this.limits = limits;
    this.shard = shard;
    this.progress = progress;
    this.laneNotes = note -> progress.accept(note.message());
  }

  /**
   * Hands {@code each} every execution of a new run once it is in the log, in the log's order (on
   * the log's writer thread; all of them before {@link #run} returns), so that the run's report
   * need not read back the log just written. Not on {@code resume}: the log holds earlier ones too.
   */
  public Replayer whenWritten(Consumer<Execution> each) {
    this.written = each;
    return this;
  }

  /**
   * Hands {@code each} the replay's notes on its lanes, instead of saying them as progress lines.
   */
  public Replayer whenLanesNoted(Consumer<LaneNote> each) {
    this.laneNotes = each;
    return this;
  }

  /**
   * Runs the replay. With {@code resume}, events already in the run folder are not run again (their
   * session statements are re-applied, so sessions keep their state).
   */
  public ReplayCounters run(List<Target> targets, boolean resume) {
    return run(targets, resume, ReplayWatch.NONE);
  }

  /** Runs the replay with a watch over the targets (crash detection, restarts). */
  public ReplayCounters run(List<Target> given, boolean resume, ReplayWatch watch) {
    Path runDir = settings.runDir();
    List<Target> targets =
        settings.allowWrites() ? given : given.stream().map(ReadOnlySessions::of).toList();
    List<Preflight> read = Preflight.readAll(targets, settings.allowWrites(), limits);
    AccountCheck.run(targets, read, settings.requireReadOnlyAccount(), progress);
    ReplayGate gate = ReplayGate.of(targets, read, settings.allowWrites());
    CaptureOrder order =
        settings.allowWrites()
            ? new CaptureOrder(read.get(0).facts(), isolation(read.get(0).variables()))
            : null;
    AtomicLong total = new AtomicLong();
    BitSet done = prepareRunDir(targets, read, resume, total);
    ReplayCounters counters = new ReplayCounters();
    // Copy-on-write: a write replay adds lanes while the watch and the Ctrl-C hook read them.
    List<Lane> lanes = new CopyOnWriteArrayList<>();
    List<Thread> threads = new CopyOnWriteArrayList<>();
    ReplayAbort abort = new ReplayAbort();
    ConnectionBudget budget = budget(read);
    int laneCount = budget.lanes(settings.concurrency());
    LaneLimits laneLimits =
        new LaneLimits(
            budget.sessionsPerLane(laneCount), limits.idle(), abort, Lane.queueCapacity(laneCount));
    LaneThreads laneThreads = LaneThreads.forLanes(laneCount);
    Thread stopper = null;
    OrderLog orderLog = null;
    OrderWatch orderWatch = null;
    long startNanos = System.nanoTime();
    long events = -1;
    try (ExecutionLog executions = ExecutionLog.append(runDir);
        LogWriter log = new LogWriter(executions, abort, resume ? e -> {} : written);
        DropList dropped = DropList.create(runDir);
        StatementTimeouts timeouts = new StatementTimeouts(targets, settings.statementTimeout());
        ReplayProgress ignored =
            new ReplayProgress(counters, total::get, done.cardinality(), progress)) {
      boolean ended = false;
      try {
        IntConsumer newLane =
            i -> {
              Lane lane =
                  new Lane(
                      targets,
                      settings,
                      log,
                      counters,
                      timeouts,
                      settings.seed() + i,
                      i,
                      watch,
                      laneLimits,
                      gate,
                      laneThreads);
              lanes.add(lane);
              threads.add(laneThreads.start("lane-" + i, false, lane));
              abort.lanes(lanes);
            };
        for (int i = 0; i < laneCount; i++) {
          newLane.accept(i);
        }
        abort.lanes(lanes);
        if (order != null) {
          orderLog = OrderLog.append(runDir);
          orderWatch = new OrderWatch(targets, lanes, orderLog);
          orderWatch.start();
        }
        stopper = new Thread(() -> stop(lanes, log), "querytester-stop-replay");
        Runtime.getRuntime().addShutdownHook(stopper);
        ReadSpreader spreader = spreader(gate, laneLimits.maxOpenSessions());
        SessionLanes home =
            order == null
                ? null
                : new SessionLanes(lanes, newLane, order, budget.perServer(), progress);
        events = dispatch(lanes, done, counters, dropped, abort, spreader, order, home);
        for (Lane lane : lanes) {
          lane.finish();
        }
        for (Thread t : threads) {
          t.join();
        }
        ended = true;
      } finally {
        if (!ended) {
          lanes.forEach(Lane::stop); // a failure here: no lane goes on running unrecorded
        }
        if (orderWatch != null) {
          orderWatch.close();
          orderLog.summary(order.summary() + ", " + orderWatch.relaxed() + " relaxed");
          orderLog.close();
        }
      }
      log.close();
    } catch (IOException e) {
      throw new CannotRunException(
          abort.reason() != null
              ? stopped(abort)
              : "cannot write to run folder " + runDir + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("replay interrupted; resume it with --resume " + runDir, e);
    } finally {
      recordEnd(runDir, startNanos, abort.reason() == null ? events : -1);
      if (stopper != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(stopper);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running: the JVM is exiting
        }
      }
    }
    if (abort.reason() != null) {
      throw new CannotRunException(stopped(abort));
    }
    return counters;
  }

  /** Ctrl-C: the lanes stop, and what they recorded before is written (the JVM exits after). */
  private static void stop(List<Lane> lanes, LogWriter log) {
    lanes.forEach(Lane::stop);
    log.close(5);
  }

  /**
   * The report's duration comes from here, not from a file's time, which a copy of the folder
   * changes. Written on every way out but a kill: a killed part counts nothing.
   */
  private static void recordEnd(Path runDir, long startNanos, long events) {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    try {
      RunInfo info = RunInfo.read(runDir).ended(Instant.now(), seconds);
      (events < 0 ? info : info.withWorkloadEvents(events)).write(runDir);
    } catch (IOException | RuntimeException e) {
      // The run itself is complete; the report falls back to the executions file's time.
    }
  }

  /** One line: what failed, that what was written stays, and how to go on. */
  private String stopped(ReplayAbort abort) {
    String reason = abort.reason();
    return reason
        + "; replay stopped, everything written before stays: "
        + (reason.startsWith("cannot write")
            ? "free space in " + settings.runDir() + ", then "
            : "")
        + "go on with --resume "
        + settings.runDir();
  }

  /** Bounds the connections per server: fewer lanes than asked when a server allows fewer. */
  private ConnectionBudget budget(List<Preflight> read) {
    ConnectionBudget budget = ConnectionBudget.of(read, limits, progress);
    int lanes = budget.lanes(settings.concurrency());
    if (lanes < settings.concurrency()) {
      laneNotes.accept(
          new LaneNote(
              "--concurrency "
                  + settings.concurrency()
                  + " lowered to "
                  + lanes
                  + ": the servers allow the replay "
                  + budget.perServer()
                  + " connections each (max_connections less those in use and room for others;"
                  + " --max-connections sets it)"));
    }
    return budget;
  }

  /**
   * Deals the events to the lanes in one pass over the workload (no counting pass first: the first
   * statement is sent as soon as the servers are ready).
   *
   * @return the events of the workload (of this shard), or -1 when a failure stopped the reading
   */
  private long dispatch(
      List<Lane> lanes,
      BitSet done,
      ReplayCounters counters,
      DropList dropped,
      ReplayAbort abort,
      ReadSpreader spreader,
      CaptureOrder order,
      SessionLanes home)
      throws InterruptedException {
    long deadline =
        settings.runTime() == null
            ? Long.MAX_VALUE
            : System.nanoTime() + settings.runTime().toNanos();
    Pacer pacer = new Pacer(settings.speed());
    RolledBack rolledBack = new RolledBack();
    long sent = 0;
    long events = 0;
    boolean stopped = false;
    BitSet busy = new BitSet(); // the lanes that ran a statement
    int turn = 0; // a lane a spread read may go to: the next in turn, or a random one
    SplittableRandom random = new SplittableRandom(settings.seed());
    Consumer<String> drops =
        w -> {
          progress.accept("warning: " + w);
          dropped.add(w);
        };
    try (WorkloadReader reader = WorkloadReader.open(settings.workload(), drops)) {
      for (WorkloadReader.Entry entry : reader) {
        if (abort.reason() != null) {
          return -1;
        }
        QueryEvent event = entry.event();
        if (!shard.accepts(event.session())) {
          continue;
        }
        events++;
        // Past --max-events or --duration the rest is only counted, for the report's event total.
        if (stopped || (settings.limit() > 0 && sent >= settings.limit())) {
          stopped = true;
          continue;
        }
        if (System.nanoTime() > deadline) {
          progress.accept(
              "--duration reached; stopping (go on with --resume " + settings.runDir() + ")");
          stopped = true;
          continue;
        }
        SqlProfile profile = SqlProfile.of(event.sql());
        boolean already = done.get(Math.toIntExact(entry.line()));
        String skip = spreader == null ? null : spreader.skipReason(event, profile, already);
        SharedSession shared = spreader == null ? null : spreader.route(event, profile, already);
        long start = already ? 0 : pacer.intendedStart(event);
        int index;
        if (order != null) {
          Step step =
              order.admit(
                  entry.line(),
                  event.sessionId(),
                  event.schema(),
                  event.sql(),
                  profile.calls(),
                  event.errorCode());
          index = home.laneOf(event.sessionId());
          Job job = new Job(entry.line(), event, profile, start, already, null, skip, step, false);
          for (Job now : rolledBack.next(job, order.inTransaction(event.sessionId()))) {
            lanes.get(index).submit(now);
          }
        } else if (shared != null) {
          Job job = new Job(entry.line(), event, profile, start, false, shared, null);
          index = spread(lanes, job, turn, random.nextInt(lanes.size()));
          turn = index + 1;
        } else {
          index = (int) Math.floorMod(mix(event.sessionId()), (long) lanes.size());
          lanes
              .get(index)
              .submit(new Job(entry.line(), event, profile, start, already, null, skip));
        }
        if (!already) {
          busy.set(index);
          sent++;
          counters.countDispatched();
        }
      }
    } catch (IOException e) {
      throw new CannotRunException("cannot read " + settings.workload() + ": " + e.getMessage(), e);
    }
    if (order != null) {
      for (List<Job> jobs : rolledBack.rest()) {
        for (Job j : jobs) {
          lanes.get(home.laneOf(j.event().sessionId())).submit(j);
        }
      }
      order.finish();
      progress.accept("order kept between sessions: " + order.summary());
    }
    if (!stopped) {
      idleLanes(busy, lanes.size());
    }
    if (spreader != null) {
      progress.accept(spreader.summary());
    }
    return events;
  }

  /**
   * The spreader of a replay with --spread-reads, or null: also when a lane may keep too few
   * connections open for a shared one beside its sessions' (said, with what to change).
   */
  private ReadSpreader spreader(ReplayGate gate, int openPerLane) {
    if (!settings.spreadReads()) {
      return null;
    }
    if (!gate.defaultReadings()) {
      progress.accept(
          "--spread-reads: off, a side's sessions open with an sql_mode or character set that"
              + " changes how statements are read, and each session's reading is followed on its"
              + " own connection only");
      return null;
    }
    int states = ReadSpreader.maxStates(openPerLane);
    if (states == 0) {
      progress.accept(
          "--spread-reads: off, a lane may keep only "
              + openPerLane
              + " connection per server open (the connections the servers allow the replay,"
              + " over --concurrency); lower --concurrency, or allow more connections"
              + " (max_connections, --max-connections), to spread reads");
      return null;
    }
    return new ReadSpreader(gate::skipReason, gate::callsStoredFunction, states);
  }

  /**
   * Gives a spread read to the lane with the shorter queue of two, the next in turn and a random
   * one (two choices: a lane held up by a slow statement gets few more), else to any lane with
   * room; waits for room on the shorter when all are full, as the dispatcher always does once it is
   * ahead.
   *
   * @return the lane's index
   */
  private static int spread(List<Lane> lanes, Job job, int turn, int other)
      throws InterruptedException {
    int n = lanes.size();
    int next = turn % n;
    int pick = lanes.get(other).backlog() < lanes.get(next).backlog() ? other : next;
    if (lanes.get(pick).offer(job)) {
      return pick;
    }
    for (int k = 1; k < n; k++) {
      int i = (pick + k) % n;
      if (lanes.get(i).offer(job)) {
        return i;
      }
    }
    lanes.get(pick).submit(job);
    return pick;
  }

  /**
   * Says when lanes had nothing to do: a session's statements that are not spread run on one lane,
   * in its captured order, so a workload of 8 sessions may keep at most 8 busy whatever
   * --concurrency asks, and the user who asked for 32 should not believe the servers saw 32. Not
   * said when --max-events or --duration cut the workload short: then the cut is the reason.
   */
  private void idleLanes(BitSet busy, int laneCount) {
    int used = busy.cardinality();
    if (used == 0 || used >= laneCount) {
      return;
    }
    String why;
    if (settings.spreadReads()) {
      why = "sessions kept on their own connections run in order on one lane each";
    } else if (settings.allowWrites()) {
      why =
          "a session runs in its captured order on one lane, so the workload's sessions set how"
              + " many lanes work";
    } else {
      why =
          "with --no-spread-reads a session runs in its captured order on one lane, so the"
              + " workload's sessions set how many lanes work";
    }
    laneNotes.accept(
        new LaneNote(
            "--concurrency "
                + laneCount
                + ": statements reached "
                + used
                + " of the lanes ("
                + why
                + ")"));
  }

  /** The servers' isolation level, for sessions of the workload that set none. */
  private static String isolation(Map<String, String> variables) {
    String v = variables.get("transaction_isolation");
    return v != null ? v : variables.get("tx_isolation");
  }

  /** Spreads sequential session ids over lanes. */
  private static long mix(long x) {
    x ^= x >>> 33;
    x *= 0xff51afd7ed558ccdL;
    x ^= x >>> 33;
    return x;
  }

  /**
   * Writes run.json for a new run, or checks the one of the run to resume; sets {@code total} to
   * the events to replay as far as known (a resumed run knows; a new one counts lines in the
   * background, for the progress display only).
   */
  private BitSet prepareRunDir(
      List<Target> targets, List<Preflight> read, boolean resume, AtomicLong total) {
    Path runDir = settings.runDir();
    try {
      if (resume) {
        RunInfo info = RunInfo.read(runDir);
        if (!info.workload().equals(settings.workload().toAbsolutePath().toString())) {
          throw new BadInputException(
              "--resume "
                  + runDir
                  + " replayed "
                  + info.workload()
                  + ", not "
                  + settings.workload());
        }
        if (!java.util.Objects.equals(info.shard(), shard.shard())) {
          throw new BadInputException(
              "--resume "
                  + runDir
                  + " replayed shard "
                  + (info.shard() == null ? "(none: the whole workload)" : info.shard())
                  + "; give the same --shard again");
        }
        total.set(info.workloadEvents());
        BitSet done = ExecutionLog.done(runDir);
        progress.accept("resuming: " + done.cardinality() + " events already done");
        return done;
      }
      if (Files.exists(runDir.resolve(ExecutionLog.FILE))) {
        throw new BadInputException(
            runDir
                + " already holds a run; use --resume "
                + runDir
                + " to continue it, or another --out");
      }
      countInBackground(total);
      RunInfo.starting(
              settings.workload().toAbsolutePath().toString(),
              0,
              sides(targets, read),
              settingsText(),
              Instant.now())
          .withShard(shard.shard())
          .write(runDir);
      return new BitSet();
    } catch (IOException e) {
      // One line: the folder and the system's reason say it all (a full disk, no permission).
      throw new CannotRunException("cannot write run folder " + runDir + ": " + e.getMessage());
    }
  }

  /** The whole workload's line count; a shard's share is not known before it is read. */
  private void countInBackground(AtomicLong total) {
    if (shard != ShardFilter.ALL) {
      return;
    }
    Thread.ofVirtual()
        .name("querytester-count")
        .start(
            () -> {
              try {
                total.set(WorkloadReader.approximateEvents(settings.workload()));
              } catch (IOException | RuntimeException e) {
                // Progress then shows no total; the replay's own reading reports the problem.
              }
            });
  }

  private static List<RunInfo.Side> sides(List<Target> targets, List<Preflight> read) {
    List<RunInfo.Side> out = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      Target t = targets.get(i);
      out.add(
          new RunInfo.Side(
              t.label(), t.spec().display(), t.info().version(), read.get(i).variables()));
    }
    return out;
  }

  private Map<String, String> settingsText() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("concurrency", Integer.toString(settings.concurrency()));
    m.put("speed", settings.speed() == 0 ? "as fast as possible" : settings.speed() + "x");
    m.put("allow_writes", Boolean.toString(settings.allowWrites()));
    m.put("statement_timeout", settings.statementTimeout().toString());
    m.put("max_rows", Long.toString(settings.maxRows()));
    m.put("float_digits", Integer.toString(settings.floatDigits()));
    m.put("repeat", Integer.toString(settings.repeat()));
    m.put("spread_reads", Boolean.toString(settings.spreadReads()));
    if (settings.limit() > 0) {
      m.put("limit", Long.toString(settings.limit()));
    }
    if (settings.runTime() != null) {
      m.put("run_time", settings.runTime().toString());
    }
    return m;
  }

  /** Turns captured timing into intended start times, scaled by --speed. */
  private static final class Pacer {
    private final double speed;
    private Instant firstTs;
    private long firstNanos;

    Pacer(double speed) {
      this.speed = speed;
    }

    long intendedStart(QueryEvent e) {
      if (speed == 0 || e.ts() == null) {
        return 0;
      }
      if (firstTs == null) {
        firstTs = e.ts();
        firstNanos = System.nanoTime();
      }
      long capturedNanos = java.time.Duration.between(firstTs, e.ts()).toNanos();
      return firstNanos + (long) (Math.max(0, capturedNanos) / speed);
    }
  }
}
