package io.querytester.health;

import io.querytester.TextCut;
import io.querytester.run.StatementRef;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What the lanes run on one target, so that a crash can name the statements in flight and the ones
 * just before. A slot per lane (a lane runs one statement per target at a time), a ring of the last
 * completed statements, and the statements whose connection broke since the server last answered.
 *
 * <p>Per statement this costs an allocation and a few atomic writes, no lock.
 */
final class InFlight {
  static final int MAX_SQL = 4096;
  static final int MAX_LOST = 10_000;

  /** A statement as a lane runs it; {@code end} and {@code lost} are set before it is published. */
  static final class Run {
    final long event;
    final String classId;
    final String sql;
    final long start;
    long end;
    boolean lost;

    Run(long event, String classId, String sql, long start) {
      this.event = event;
      this.classId = classId;
      this.sql = sql;
      this.start = start;
    }
  }

  /**
   * The statements of a crash.
   *
   * @param suspects in flight when the server went (started before the first lost connection)
   * @param lostAfter sent to the server after it had gone
   * @param recent completed just before, oldest first
   * @param firstLost nanoTime of the first lost connection, or 0 when none was lost
   */
  record Crash(List<Run> suspects, int lostAfter, List<Run> recent, long firstLost) {}

  private final AtomicReferenceArray<Run> slots;
  private final AtomicReferenceArray<Run> recent;
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong lostTotal = new AtomicLong();
  private final ConcurrentLinkedQueue<Run> lost = new ConcurrentLinkedQueue<>();
  private final AtomicInteger lostQueued = new AtomicInteger();
  private volatile Set<String> watched = Set.of();
  private final Set<String> completedWatched = ConcurrentHashMap.newKeySet();

  /**
   * @param lanes the replay's lanes
   * @param keep how many completed statements a crash report shows
   */
  InFlight(int lanes, int keep) {
    this.slots = new AtomicReferenceArray<>(lanes);
    this.recent = new AtomicReferenceArray<>(Math.max(1, keep));
  }

  void start(int lane, long event, String classId, String sql) {
    slots.set(lane, new Run(event, classId, sql, System.nanoTime()));
  }

  /** Ends lane {@code lane}'s statement. */
  void end(int lane, boolean lostConnection) {
    Run r = slots.get(lane);
    if (r == null) {
      return;
    }
    r.end = System.nanoTime();
    r.lost = lostConnection;
    slots.set(lane, null);
    if (lostConnection) {
      lostTotal.incrementAndGet();
      if (lostQueued.incrementAndGet() <= MAX_LOST) {
        lost.add(r);
      }
    } else {
      long n = completed.getAndIncrement();
      recent.lazySet((int) (n % recent.length()), r);
      Set<String> w = watched;
      if (!w.isEmpty() && r.classId != null && w.contains(r.classId)) {
        completedWatched.add(r.classId);
      }
    }
  }

  /** From now on, notes which of these classes complete (they were in flight at a crash). */
  void watch(Set<String> classes) {
    watched = Set.copyOf(classes);
  }

  /** The watched classes that completed since the last call. */
  Set<String> takeCompleted() {
    Set<String> out = new HashSet<>(completedWatched);
    completedWatched.removeAll(out);
    return out;
  }

  /** Statements that ran to an answer (whatever it was) or lost their connection. */
  long statements() {
    return completed.get() + lostTotal.get();
  }

  /**
   * The server answered a check that started at {@code checkStart} (nanoTime): connections lost
   * before that were not a crash.
   */
  void clearLost(long checkStart) {
    for (java.util.Iterator<Run> it = lost.iterator(); it.hasNext(); ) {
      Run r = it.next();
      if (r.end - checkStart < 0) {
        it.remove();
        lostQueued.decrementAndGet();
      }
    }
  }

  /**
   * Takes the statements of a crash: those that lost their connection or still run and started
   * before the first lost connection are the suspects.
   */
  Crash crash(long detected) {
    List<Run> gone = new ArrayList<>();
    for (Run r; (r = lost.poll()) != null; ) {
      lostQueued.decrementAndGet();
      gone.add(r);
    }
    long firstLost = gone.stream().mapToLong(r -> r.end).min().orElse(0);
    long cut = firstLost == 0 ? detected : firstLost;
    List<Run> suspects = new ArrayList<>();
    int after = 0;
    for (Run r : gone) {
      if (r.start - cut <= 0) {
        suspects.add(r);
      } else {
        after++;
      }
    }
    for (int i = 0; i < slots.length(); i++) {
      Run r = slots.get(i);
      if (r != null && r.start - cut <= 0 && !suspects.contains(r)) {
        suspects.add(r);
      }
    }
    suspects.sort(Comparator.comparingLong(r -> r.start));
    List<Run> before = new ArrayList<>();
    for (int i = 0; i < recent.length(); i++) {
      Run r = recent.get(i);
      if (r != null && r.end - cut <= 0) {
        before.add(r);
      }
    }
    before.sort(Comparator.comparingLong(r -> r.end));
    return new Crash(suspects, after, before, firstLost);
  }

  /** The statements running right now, oldest first: those a stalled server holds up. */
  List<Run> running() {
    List<Run> out = new ArrayList<>();
    for (int i = 0; i < slots.length(); i++) {
      Run r = slots.get(i);
      if (r != null) {
        out.add(r);
      }
    }
    out.sort(Comparator.comparingLong(r -> r.start));
    return out;
  }

  private static Instant millis(Instant t) {
    return t.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  }

  /** A run as it goes into a report; nanoTime values become wall-clock times. */
  static StatementRef ref(Run r, Clock clock, long nowNanos) {
    Instant now = clock.instant();
    String sql = r.sql == null ? null : TextCut.prefix(r.sql, MAX_SQL);
    return new StatementRef(
        r.event,
        r.classId,
        sql,
        millis(now.minusNanos(nowNanos - r.start)),
        r.end == 0 ? null : millis(now.minusNanos(nowNanos - r.end)),
        r.lost);
  }
}
