package io.querytester.health;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Whether the lanes may use a target: up, stalled or being restarted (they wait), or down for good
 * (they fail at once instead of waiting for connect timeouts again and again). The usual answer,
 * up, is one volatile read.
 */
final class SideGuard {
  enum State {
    UP,
    RESTARTING,
    /** Alive but not answering (stopped, swapping, frozen disk): lanes wait, it may come back. */
    STALLED,
    DOWN
  }

  /** Lanes never wait longer than this for a restart; the watch gives up on one that long. */
  static final Duration MAX_WAIT = Duration.ofMinutes(5);

  /** How long a lane waits at most: a restart, or a stall the watch gives this long to end. */
  private final long maxWaitNanos;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private volatile State state = State.UP;
  private final AtomicInteger generation = new AtomicInteger();
  private volatile String downReason;

  SideGuard() {
    this(MAX_WAIT);
  }

  /**
   * @param stallTimeout how long the watch waits for a stalled server; lanes wait a little longer
   */
  SideGuard(Duration stallTimeout) {
    this.maxWaitNanos =
        Math.max(MAX_WAIT.toNanos(), stallTimeout.plus(ProbeConnection.NETWORK_TIMEOUT).toNanos());
  }

  /** Null when the side can be used (after waiting out a restart), else why not. */
  String await() {
    State s = state;
    if (s == State.UP) {
      return null;
    }
    if (s == State.RESTARTING || s == State.STALLED) {
      waitWhileRestarting();
    }
    return state == State.DOWN ? downReason : null;
  }

  int generation() {
    return generation.get();
  }

  State state() {
    return state;
  }

  String downReason() {
    return downReason;
  }

  void restarting() {
    set(State.RESTARTING, null, false);
  }

  /** No answer, but no sign of a crash either: lanes wait instead of piling statements on it. */
  void stalled() {
    set(State.STALLED, null, false);
  }

  /** The stalled server answers again, with its uptime intact: connections are still good. */
  void resumed() {
    set(State.UP, null, false);
  }

  /** The server is back (restarted by us or by its own supervisor): old connections are dead. */
  void restarted() {
    set(State.UP, null, true);
  }

  void down(String reason) {
    set(State.DOWN, reason, false);
  }

  private void set(State s, String reason, boolean newGeneration) {
    lock.lock();
    try {
      if (newGeneration) {
        generation.incrementAndGet(); // before the state: a lane that sees UP also sees the new
        // generation
      }
      downReason = reason;
      state = s;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void waitWhileRestarting() {
    long left = maxWaitNanos;
    lock.lock();
    try {
      while ((state == State.RESTARTING || state == State.STALLED) && left > 0) {
        left = changed.awaitNanos(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
    }
  }
}
