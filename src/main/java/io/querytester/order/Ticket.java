package io.querytester.order;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.concurrent.locks.LockSupport;

/**
 * One event's place in the order: done once the event has finished on every side (or was skipped).
 * Other sessions' steps wait for it. Waiting threads park and are woken by {@link #complete}; a
 * ticket never waited for costs no more than its fields.
 */
public final class Ticket {
  /** The waiters once completed: nobody may join after it. */
  private static final Waiter DONE = new Waiter(null, null);

  private static final AtomicReferenceFieldUpdater<Ticket, Waiter> WAITERS =
      AtomicReferenceFieldUpdater.newUpdater(Ticket.class, Waiter.class, "waiters");

  private record Waiter(Thread thread, Waiter next) {}

  private long line; // set by the dispatcher before the step is handed on
  private final long session;
  private volatile Waiter waiters;

  Ticket(long line, long session) {
    this.line = line;
    this.session = session;
  }

  /** A transaction's end is waited for before it is read: its line is set then. */
  void line(long line) {
    this.line = line;
  }

  /** The event's line in the workload; -1 for a transaction's end not yet read. */
  public long line() {
    return line;
  }

  /** The captured session of the event. */
  public long session() {
    return session;
  }

  public boolean isDone() {
    return waiters == DONE;
  }

  /** Marks the event finished and wakes every thread waiting for it. Idempotent. */
  public void complete() {
    Waiter w = WAITERS.getAndSet(this, DONE);
    for (; w != null && w != DONE; w = w.next()) {
      LockSupport.unpark(w.thread());
    }
  }

  /**
   * Waits until this is done, or {@code stop} says so (checked every few milliseconds).
   *
   * @return false when it stopped waiting because of {@code stop}
   */
  public boolean await(java.util.function.BooleanSupplier stop) {
    while (!isDone()) {
      if (stop.getAsBoolean()) {
        return false;
      }
      awaitFor(millis(20));
    }
    return true;
  }

  /**
   * Parks the calling thread until this is done, or for at most {@code nanos} (a caller that must
   * also watch for a stop or a relaxed wait comes back to look).
   *
   * @return whether it is done
   */
  boolean awaitFor(long nanos) {
    Thread me = Thread.currentThread();
    for (Waiter w = waiters; w != DONE; w = waiters) {
      if (WAITERS.compareAndSet(this, w, new Waiter(me, w))) {
        if (!isDone()) {
          LockSupport.parkNanos(this, nanos);
        }
        return isDone();
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return "line " + line + " (session " + session + ")" + (isDone() ? " done" : "");
  }

  static long millis(long ms) {
    return TimeUnit.MILLISECONDS.toNanos(ms);
  }
}
