package io.querytester.health;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The requests for a check of one target. The monitor's thread takes the next one, or goes unasked
 * when the interval passes; a lane that lost its connection asks and waits for the verdict (and any
 * restart), so that its next event sees it instead of racing it.
 */
final class CheckQueue {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition wake = lock.newCondition();
  private final Condition served = lock.newCondition();
  private long requested;
  private long completed;
  private volatile boolean closed;

  boolean closed() {
    return closed;
  }

  /** Asks for a check and waits until it is served, the queue is closed or the bound has passed. */
  void requestAndWait(Duration bound) {
    long deadline = System.nanoTime() + bound.toNanos();
    lock.lock();
    try {
      long ticket = ++requested;
      wake.signal();
      while (completed < ticket && !closed) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        served.awaitNanos(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits for a request, at most {@code interval}.
   *
   * @return the ticket that {@link #served} takes once the check is done
   */
  long next(Duration interval) {
    lock.lock();
    try {
      long left = interval.toNanos();
      while (requested == completed && left > 0 && !closed) {
        left = wake.awaitNanos(left);
      }
      return requested;
    } catch (InterruptedException e) {
      closed = true;
      return requested;
    } finally {
      lock.unlock();
    }
  }

  /** The check for {@code ticket} (and every request before it) is done. */
  void served(long ticket) {
    lock.lock();
    try {
      completed = Math.max(completed, Math.min(ticket, requested));
      if (ticket == Long.MAX_VALUE) {
        completed = requested;
      }
      served.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** The monitor stops: no one waits for a check any more. */
  void close() {
    closed = true;
    lock.lock();
    try {
      wake.signalAll();
      served.signalAll();
    } finally {
      lock.unlock();
    }
  }
}
