package io.querytester.replay;

import io.querytester.order.Step;
import io.querytester.order.Ticket;
import io.querytester.run.OrderLog;
import io.querytester.server.Flavour;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps production's order from ever hanging a write replay. The order's waits only point back in
 * capture order, but a server's lock can cross one: NEW's plan locks more rows than OLD's, a gap
 * lock the text does not show, a statement the capture logged before the commit that let it run.
 * Then a statement waits on the server for a session whose next statement waits in the order for
 * it. Every {@value #TICK_MS} ms this looks at the lanes; when a statement has run for longer than
 * {@value #STUCK_MS} ms while a lane waits for its turn, it asks each server which replay session
 * blocks which (InnoDB's lock waits, read-only), and lets the blocker's waiting statement go. When
 * nothing runs and lanes still wait, the order's own waits hold each other (a conflict the text
 * read wrong): the earliest waiting statement goes. Each relaxed wait is written to {@code
 * order.jsonl} and said in the report.
 */
final class OrderWatch implements AutoCloseable {
  static final long TICK_MS = 100;
  static final long STUCK_MS = 300;

  /**
   * With nothing running, how long every lane may wait before the order is taken to hold itself.
   */
  static final long CYCLE_MS = 1000;

  /** When no server names a blocker, how long a statement may run before the oldest waiter goes. */
  static final long BLIND_MS = 3000;

  private final List<Target> targets;
  private final List<Lane> lanes;
  private final OrderLog log;
  private final Connection[] probes;
  private final Thread thread;
  private volatile boolean closed;
  private int relaxed;

  OrderWatch(List<Target> targets, List<Lane> lanes, OrderLog log) {
    this.targets = targets;
    this.lanes = lanes;
    this.log = log;
    this.probes = new Connection[targets.size()];
    this.thread = Thread.ofPlatform().daemon().name("querytester-order-watch").unstarted(this::run);
  }

  void start() {
    thread.start();
  }

  /** How many waits were relaxed. */
  int relaxed() {
    return relaxed;
  }

  private void run() {
    while (!closed) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MS));
      try {
        look(System.nanoTime());
      } catch (RuntimeException e) {
        // a look that failed is tried again next tick; the replay goes on
      }
    }
  }

  private void look(long now) {
    Lane oldestWaiter = null;
    long oldestWait = 0;
    long longestRun = 0;
    for (Lane lane : lanes) {
      Step step = lane.waitingStep();
      if (step != null) {
        long waited = now - step.waitingSince();
        if (oldestWaiter == null || waited > oldestWait) {
          oldestWaiter = lane;
          oldestWait = waited;
        }
      }
      long since = lane.runningSince();
      if (since != 0) {
        longestRun = Math.max(longestRun, now - since);
      }
    }
    if (oldestWaiter == null || oldestWait < ms(STUCK_MS)) {
      return;
    }
    if (longestRun == 0) {
      if (oldestWait >= ms(CYCLE_MS) && noLaneRuns()) {
        relaxEarliest("every waiting statement waited for another waiting one");
      }
      return;
    }
    if (longestRun < ms(STUCK_MS)) {
      return;
    }
    if (!relaxBlockers() && longestRun >= ms(BLIND_MS)) {
      relaxEarliest(
          "a statement ran for "
              + TimeUnit.NANOSECONDS.toMillis(longestRun)
              + " ms while others waited, and no server named what blocked it");
    }
  }

  private boolean noLaneRuns() {
    for (Lane lane : lanes) {
      if (lane.runningSince() != 0) {
        return false;
      }
    }
    return true;
  }

  /** Asks each server which replay session waits for which; lets each waiting blocker go. */
  private boolean relaxBlockers() {
    boolean any = false;
    for (int side = 0; side < targets.size(); side++) {
      for (long[] wait : lockWaits(side)) {
        Lane waiter = laneOf(side, wait[0]);
        Lane blocker = laneOf(side, wait[1]);
        if (blocker == null || blocker == waiter) {
          continue;
        }
        Step step = blocker.waitingStep();
        if (step != null) {
          Job blocked = waiter == null ? null : waiter.currentJob();
          if (waiter != null) {
            waiter.runAfter(step.ticket());
          }
          relax(
              blocker,
              step,
              targets.get(side).label()
                  + " held a lock of its session's transaction that "
                  + (blocked == null
                      ? "another statement"
                      : "line " + blocked.id() + " (session " + blocked.event().sessionId() + ")")
                  + " waited for");
          any = true;
        }
      }
    }
    return any;
  }

  private void relaxEarliest(String why) {
    // each lane's step read once: a lane that stops waiting meanwhile must not be read as null
    Lane earliest = null;
    Step step = null;
    for (Lane lane : lanes) {
      Step s = lane.waitingStep();
      if (s != null && (step == null || s.ticket().line() < step.ticket().line())) {
        earliest = lane;
        step = s;
      }
    }
    if (step != null) {
      relax(earliest, step, why);
    }
  }

  private void relax(Lane lane, Step step, String why) {
    List<Long> waited = new ArrayList<>();
    for (Ticket t : step.pending()) {
      waited.add(t.line());
    }
    step.relax();
    relaxed++;
    log.relaxed(new OrderLog.Relaxed(step.ticket().line(), step.ticket().session(), waited, why));
  }

  private Lane laneOf(int side, long threadId) {
    for (Lane lane : lanes) {
      if (lane.threadId(side) == threadId) {
        return lane;
      }
    }
    return null;
  }

  /** (waiting connection id, blocking connection id) pairs of InnoDB's lock waits on a side. */
  private List<long[]> lockWaits(int side) {
    List<long[]> out = new ArrayList<>();
    Target t = targets.get(side);
    String sql =
        t.info().flavour() == Flavour.MYSQL && t.info().versionNumber() >= 80000
            ? "SELECT r.PROCESSLIST_ID, b.PROCESSLIST_ID FROM performance_schema.data_lock_waits w"
                + " JOIN performance_schema.threads r ON r.THREAD_ID = w.REQUESTING_THREAD_ID"
                + " JOIN performance_schema.threads b ON b.THREAD_ID = w.BLOCKING_THREAD_ID"
            : "SELECT r.trx_mysql_thread_id, b.trx_mysql_thread_id"
                + " FROM information_schema.INNODB_LOCK_WAITS w"
                + " JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id"
                + " JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id";
    try {
      if (probes[side] == null || probes[side].isClosed()) {
        probes[side] = t.connect();
      }
      try (Statement s = probes[side].createStatement();
          ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          out.add(new long[] {rs.getLong(1), rs.getLong(2)});
        }
      }
    } catch (SQLException e) {
      closeProbe(side); // no PROCESS privilege, or the server is away: the blind rule remains
    }
    return out;
  }

  private void closeProbe(int side) {
    try {
      if (probes[side] != null) {
        probes[side].close();
      }
    } catch (SQLException ignored) {
      // closing a probe that failed
    } finally {
      probes[side] = null;
    }
  }

  private static long ms(long millis) {
    return TimeUnit.MILLISECONDS.toNanos(millis);
  }

  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join(TimeUnit.SECONDS.toMillis(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (int i = 0; i < probes.length; i++) {
      closeProbe(i);
    }
  }
}
