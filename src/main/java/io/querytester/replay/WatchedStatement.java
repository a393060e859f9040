package io.querytester.replay;

import com.mysql.cj.jdbc.JdbcConnection;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A statement that {@link StatementTimeouts} watches: its deadline, its connection, whether it is
 * still running, what came from the server so far and what its {@link QueryKiller} did to it.
 */
final class WatchedStatement {
  private static final int RUNNING = 0;
  private static final int FINISHED = 1;
  private static final int ABANDONED = 2;

  final int side;
  final long connectionId;
  final long deadline;

  /** The statement's connection, null when it is not Connector/J's. */
  final JdbcConnection connection;

  /** The connection's socket timeout, restored when the statement ends; 0: not watched. */
  final int socketMillis;

  /**
   * Running, then either finished by the lane or abandoned by the watchdog, never both. A field
   * with an updater rather than an AtomicInteger: one is made per statement and side.
   */
  private volatile int state = RUNNING;

  private static final AtomicIntegerFieldUpdater<WatchedStatement> STATE =
      AtomicIntegerFieldUpdater.newUpdater(WatchedStatement.class, "state");

  /**
   * Held while a KILL for this statement is sent and answered, and while the lane finishes it: a
   * KILL never reaches the statement the connection runs next.
   */
  final Lock killing = new ReentrantLock();

  /** A KILL QUERY was sent for it and answered. */
  volatile boolean killed;

  /** A KILL QUERY for it may have been sent but got no answer. */
  volatile boolean killUnanswered;

  /** The watchdog has queued its KILL (the watchdog's own). */
  boolean killQueued;

  /**
   * A KILL of it went out, or was given up on: the side's kill thread's own. One per statement,
   * whether the timeout or a cut asked for it: a second could reach a restarted server, whose
   * connection ids start again, after the first found it restarted.
   */
  boolean killTried;

  /** Answers seen so far (the first packet, rows, further results): written by the lane. */
  private volatile long progress;

  // The watchdog's own: the progress it last saw and since when.
  private long seenProgress;
  long quietSince;

  WatchedStatement(
      int side,
      long connectionId,
      long deadline,
      JdbcConnection connection,
      int socketMillis,
      long now) {
    this.side = side;
    this.connectionId = connectionId;
    this.deadline = deadline;
    this.connection = connection;
    this.socketMillis = socketMillis;
    this.quietSince = now;
  }

  /**
   * Something came from the server: {@code mark} is larger than any mark before (rows read, plus
   * the results and answers seen).
   */
  void progressed(long mark) {
    progress = mark;
  }

  boolean running() {
    return state == RUNNING;
  }

  /** Ends it as finished by its lane, unless it was abandoned first. */
  boolean tryFinish() {
    return STATE.compareAndSet(this, RUNNING, FINISHED);
  }

  /** Ends it as abandoned, unless its lane finished it first. */
  boolean tryAbandon() {
    return STATE.compareAndSet(this, RUNNING, ABANDONED);
  }

  /** How long nothing came, as the watchdog sees it {@code now}. */
  long quietFor(long now) {
    long seen = progress;
    if (seen != seenProgress) {
      seenProgress = seen;
      quietSince = now;
    }
    return now - quietSince;
  }
}
