package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.order.CaptureOrder;
import io.querytester.run.DropList;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.OrderLog;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
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
 *
 * <p>This class sets a replay up and takes it down: it reads the servers ({@link Preflight}),
 * bounds the lanes by their connections ({@link ConnectionBudget}), starts the lanes ({@link Lane},
 * with one {@link LaneContext}) and stops them on Ctrl-C. Its parts: {@link RunFolder} keeps {@code
 * run.json} and knows what a resumed run did already; {@link Dispatcher} deals the events to the
 * lanes.
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
    AccountCheck.run(targets, read, settings.safety().requireReadOnlyAccount(), progress);
    ReplayGate gate = ReplayGate.of(targets, read, settings.allowWrites());
    CaptureOrder order =
        settings.allowWrites()
            ? new CaptureOrder(read.get(0).facts(), isolation(read.get(0).variables()))
            : null;
    RunFolder folder = new RunFolder(settings, shard, progress);
    AtomicLong total = new AtomicLong();
    BitSet done = folder.prepare(targets, read, resume, total);
    ReplayCounters counters = new ReplayCounters();
    // Copy-on-write: a write replay adds lanes while the watch and the Ctrl-C hook read them.
    List<Lane> lanes = new CopyOnWriteArrayList<>();
    List<Thread> threads = new CopyOnWriteArrayList<>();
    ReplayAbort abort = new ReplayAbort();
    ConnectionBudget budget = budget(read);
    int laneCount = budget.lanes(settings.pace().concurrency());
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
        StatementTimeouts timeouts =
            new StatementTimeouts(targets, settings.statements().timeout());
        ReplayProgress ignored =
            new ReplayProgress(counters, total::get, done.cardinality(), progress)) {
      boolean ended = false;
      try {
        LaneContext context =
            new LaneContext(
                targets, settings, log, counters, timeouts, watch, laneLimits, gate, laneThreads);
        IntConsumer newLane =
            i -> {
              Lane lane = new Lane(context, i);
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
        events =
            new Dispatcher(settings, shard, lanes, counters, abort, progress, laneNotes)
                .dispatch(done, dropped, spreader, order, home);
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
              ? folder.stopped(abort.reason())
              : "cannot write to run folder " + runDir + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("replay interrupted; resume it with --resume " + runDir, e);
    } finally {
      folder.recordEnd(startNanos, abort.reason() == null ? events : -1);
      if (stopper != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(stopper);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running: the JVM is exiting
        }
      }
    }
    if (abort.reason() != null) {
      throw new CannotRunException(folder.stopped(abort.reason()));
    }
    return counters;
  }

  /** Ctrl-C: the lanes stop, and what they recorded before is written (the JVM exits after). */
  private static void stop(List<Lane> lanes, LogWriter log) {
    lanes.forEach(Lane::stop);
    log.close(5);
  }

  /** Bounds the connections per server: fewer lanes than asked when a server allows fewer. */
  private ConnectionBudget budget(List<Preflight> read) {
    ConnectionBudget budget = ConnectionBudget.of(read, limits, progress);
    int lanes = budget.lanes(settings.pace().concurrency());
    if (lanes < settings.pace().concurrency()) {
      laneNotes.accept(
          new LaneNote(
              "--concurrency "
                  + settings.pace().concurrency()
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
   * The spreader of a replay with --spread-reads, or null: also when a lane may keep too few
   * connections open for a shared one beside its sessions' (said, with what to change).
   */
  private ReadSpreader spreader(ReplayGate gate, int openPerLane) {
    if (!settings.pace().spreadReads()) {
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

  /** The servers' isolation level, for sessions of the workload that set none. */
  private static String isolation(Map<String, String> variables) {
    String v = variables.get("transaction_isolation");
    return v != null ? v : variables.get("tx_isolation");
  }
}
