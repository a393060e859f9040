package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.order.CaptureOrder;
import io.querytester.order.Step;
import io.querytester.run.DropList;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Deals the workload's events to the lanes, in one pass as they are read: a session's statements to
 * the lane its id hashes to, spread reads to the least busy of two ({@link ReadSpreader}), and in a
 * write replay each session to the lane {@link SessionLanes} gives it, in the order {@link
 * CaptureOrder} keeps between sessions. Stops at --max-events or --duration, counting the rest.
 */
final class Dispatcher {
  private final ReplaySettings settings;
  private final ShardFilter shard;
  private final List<Lane> lanes;
  private final ReplayCounters counters;
  private final ReplayAbort abort;
  private final Consumer<String> progress;
  private final Consumer<LaneNote> laneNotes;

  Dispatcher(
      ReplaySettings settings,
      ShardFilter shard,
      List<Lane> lanes,
      ReplayCounters counters,
      ReplayAbort abort,
      Consumer<String> progress,
      Consumer<LaneNote> laneNotes) {
    this.settings = settings;
    this.shard = shard;
    this.lanes = lanes;
    this.counters = counters;
    this.abort = abort;
    this.progress = progress;
    this.laneNotes = laneNotes;
  }

  /**
   * Deals the events to the lanes in one pass over the workload (no counting pass first: the first
   * statement is sent as soon as the servers are ready).
   *
   * @param done the workload lines a resumed run did already
   * @param spreader the spreader of reads, or null
   * @param order the order kept between sessions of a write replay, or null; with {@code home}
   * @return the events of the workload (of this shard), or -1 when a failure stopped the reading
   */
  long dispatch(
      BitSet done, DropList dropped, ReadSpreader spreader, CaptureOrder order, SessionLanes home)
      throws InterruptedException {
    long deadline =
        settings.pace().duration() == null
            ? Long.MAX_VALUE
            : System.nanoTime() + settings.pace().duration().toNanos();
    Pacer pacer = new Pacer(settings.pace().speed());
    RolledBack rolledBack = new RolledBack();
    long sent = 0;
    long events = 0;
    boolean stopped = false;
    BitSet busy = new BitSet(); // the lanes that ran a statement
    int turn = 0; // a lane a spread read may go to: the next in turn, or a random one
    SplittableRandom random = new SplittableRandom(settings.pace().seed());
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
        if (stopped || (settings.pace().maxEvents() > 0 && sent >= settings.pace().maxEvents())) {
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
          index = spread(job, turn, random.nextInt(lanes.size()));
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
      idleLanes(busy);
    }
    if (spreader != null) {
      progress.accept(spreader.summary());
    }
    return events;
  }

  /**
   * Gives a spread read to the lane with the shorter queue of two, the next in turn and a random
   * one (two choices: a lane held up by a slow statement gets few more), else to any lane with
   * room; waits for room on the shorter when all are full, as the dispatcher always does once it is
   * ahead.
   *
   * @return the lane's index
   */
  private int spread(Job job, int turn, int other) throws InterruptedException {
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
  private void idleLanes(BitSet busy) {
    int laneCount = lanes.size();
    int used = busy.cardinality();
    if (used == 0 || used >= laneCount) {
      return;
    }
    String why;
    if (settings.pace().spreadReads()) {
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

  /** Spreads sequential session ids over lanes. */
  private static long mix(long x) {
    x ^= x >>> 33;
    x *= 0xff51afd7ed558ccdL;
    x ^= x >>> 33;
    return x;
  }
}
