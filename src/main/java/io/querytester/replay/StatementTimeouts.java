package io.querytester.replay;

import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.target.SqlStates;
import io.querytester.target.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Watches the statements the lanes run, from one thread: kills those that run past the statement
 * timeout with KILL QUERY, and gives up the connection of one from which nothing came for the
 * socket timeout. A lane also has it kill a statement whose result it cut at {@code --max-rows}
 * ({@link #cut}), through the same kill thread and lock.
 *
 * <p>Connector/J's own query timeout schedules a task on a global {@code java.util.Timer} for every
 * statement; under concurrency that timer was the replay's main cost. Here a running statement is
 * one map entry, and a single thread looks for overdue ones ten times a second.
 *
 * <p>The socket timeout is watched here too, not by Connector/J, while a statement runs (its
 * warnings' read included), on every kind of lane thread: a read with a timeout on a virtual thread
 * arms and cancels a timer with the JDK's scheduler, every read of every row (bench/replay, 32
 * connections per side on virtual threads: replay phase 4.64-4.89 s with Connector/J's socket
 * timeout, 4.38-4.45 s without). So a statement's connection reads without a timeout, and this
 * thread gives the connection up when the statement got no answer, no row and no further result for
 * that long and nothing waits to be read on its socket; the connection's own socket timeout is back
 * in force for everything else (connecting, the session's set-up).
 *
 * <p>KILL QUERY runs on one platform thread per side and giving a connection up on another: a
 * server that does not answer must not stop the watch, and virtual threads, not time-sliced, could
 * be held by lanes hashing rows that are already buffered.
 */
final class StatementTimeouts implements AutoCloseable {
  private static final long TICK_MILLIS = 100;

  /** A statement being watched. */
  static final class Ticket {
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
     * with an updater rather than an AtomicInteger: a ticket is made per statement and side.
     */
    private volatile int state = RUNNING;

    private static final AtomicIntegerFieldUpdater<Ticket> STATE =
        AtomicIntegerFieldUpdater.newUpdater(Ticket.class, "state");

    /**
     * Held while a KILL for this statement is sent and answered, and while the lane finishes it: a
     * KILL never reaches the statement the connection runs next.
     */
    private final Lock killing = new ReentrantLock();

    /** A KILL QUERY was sent for it and answered. */
    private volatile boolean killed;

    /** A KILL QUERY for it may have been sent but got no answer. */
    private volatile boolean killUnanswered;

    /** The watchdog has queued its KILL (the watchdog's own). */
    private boolean killQueued;

    /**
     * A KILL of it went out, or was given up on: the side's kill thread's own. One per statement,
     * whether the timeout or a cut asked for it: a second could reach a restarted server, whose
     * connection ids start again, after the first found it restarted.
     */
    private boolean killTried;

    /** Answers seen so far (the first packet, rows, further results): written by the lane. */
    private volatile long progress;

    // The watchdog's own: the progress it last saw and since when.
    private long seenProgress;
    private long quietSince;

    Ticket(
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
    private boolean tryFinish() {
      return STATE.compareAndSet(this, RUNNING, FINISHED);
    }

    /** Ends it as abandoned, unless its lane finished it first. */
    private boolean tryAbandon() {
      return STATE.compareAndSet(this, RUNNING, ABANDONED);
    }

    /** How long nothing came, as the watchdog sees it {@code now}. */
    private long quietFor(long now) {
      long seen = progress;
      if (seen != seenProgress) {
        seenProgress = seen;
        quietSince = now;
      }
      return now - quietSince;
    }
  }

  /** How a statement ended, as far as this watch is concerned. */
  enum End {
    /** On its own. */
    DONE,
    /** Killed for running past the statement timeout. */
    KILLED,
    /** Its connection was given up after the socket timeout. */
    ABANDONED,
    /**
     * Past the statement timeout, and its KILL got no sure answer: its connection was given up, so
     * that the KILL cannot reach the statement the session runs next.
     */
    KILL_UNANSWERED
  }

  /** How long a lane that finished its statement waits for a KILL of it being sent. */
  private static final long KILL_WAIT_SECONDS = 10;

  private final List<Target> targets;
  private final long timeoutNanos;
  private final Map<Ticket, Boolean> running = new ConcurrentHashMap<>();
  private final AtomicReferenceArray<Connection> admin;
  private final ExecutorService[] killers;
  private final ExecutorService abandoner;
  private final Thread watchdog;
  private volatile boolean closed;

  StatementTimeouts(List<Target> targets, Duration timeout) {
    this.targets = targets;
    this.timeoutNanos = timeout.toNanos();
    this.admin = new AtomicReferenceArray<>(targets.size());
    this.killers = new ExecutorService[targets.size()];
    for (int i = 0; i < killers.length; i++) {
      killers[i] = oneThread("querytester-kill-" + targets.get(i).label());
    }
    this.abandoner = oneThread("querytester-abandon");
    this.watchdog = Thread.ofPlatform().daemon().name("querytester-timeouts").start(this::watch);
  }

  private static ExecutorService oneThread(String name) {
    return Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name(name).factory());
  }

  /**
   * Watches a statement about to run on {@code c}; its reads go without a timeout until the end.
   */
  Ticket start(int side, Connection c) {
    JdbcConnection j = null;
    long id = -1;
    int socketMillis = 0;
    try {
      j = c.unwrap(JdbcConnection.class);
      id = j.getId();
      socketMillis = closed ? 0 : DriverSocket.timeout(j);
      if (socketMillis > 0) {
        DriverSocket.setTimeout(j, 0);
      }
    } catch (SQLException | RuntimeException e) {
      // not Connector/J's, or closed: the statement reports that
      if (socketMillis > 0) {
        DriverSocket.restoreTimeout(j, socketMillis);
      }
      socketMillis = 0;
    }
    long now = System.nanoTime();
    Ticket t = new Ticket(side, id, now + timeoutNanos, j, socketMillis, now);
    running.put(t, Boolean.TRUE);
    if (closed && socketMillis > 0) {
      DriverSocket.restoreTimeout(j, socketMillis); // closed meanwhile: nothing watches it
    }
    return t;
  }

  /**
   * Stops a statement whose result the lane has read enough of ({@code --max-rows}) with KILL QUERY
   * now, on its side's kill thread as for a timeout: closing a streamed result reads it to its end,
   * and the rest of a large one took until the statement timeout's KILL, which then made the cut
   * result a timeout. The statement ends as {@link End#KILLED}; the lane knows why.
   */
  void cut(Ticket t) {
    if (closed || t.connectionId <= 0) {
      return;
    }
    try {
      killers[t.side].execute(() -> kill(t));
    } catch (RejectedExecutionException closing) {
      // closing: the statement timeout's watch is gone too, the close reads the rest
    }
  }

  /**
   * Stops watching: how the statement ended. Waits for a KILL of it that is being sent, so that the
   * lane's next statement cannot meet it. A connection given up is closed before this returns.
   */
  End finish(Ticket t) {
    running.remove(t);
    End end = end(t);
    if (end == End.ABANDONED || end == End.KILL_UNANSWERED) {
      DriverSocket.giveUp(t.connection); // the watchdog may not have got to it yet
    } else if (t.socketMillis > 0) {
      DriverSocket.restoreTimeout(t.connection, t.socketMillis);
    }
    return end;
  }

  /** How it ended: abandoned already, or finished now, after any KILL of it being sent. */
  private static End end(Ticket t) {
    if (!t.running()) {
      return End.ABANDONED;
    }
    boolean locked;
    try {
      locked = t.killing.tryLock(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      locked = false;
    }
    if (!locked) {
      // A KILL of it hangs on a server that does not answer: give the connection up instead.
      return t.tryAbandon() ? End.KILL_UNANSWERED : End.ABANDONED;
    }
    try {
      if (!t.tryFinish()) {
        return End.ABANDONED;
      }
    } finally {
      t.killing.unlock();
    }
    if (t.killUnanswered) {
      return End.KILL_UNANSWERED;
    }
    return t.killed ? End.KILLED : End.DONE;
  }

  private void watch() {
    long last = System.nanoTime();
    while (!closed) {
      try {
        Thread.sleep(TICK_MILLIS);
      } catch (InterruptedException e) {
        return; // closed
      }
      long now = System.nanoTime();
      // A pause of this thread (a GC, a suspended machine) is no silence of the servers.
      long overrun = Math.max(0, now - last - 2 * TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS));
      last = now;
      for (Ticket t : running.keySet()) {
        try {
          look(t, now, overrun);
        } catch (RuntimeException | Error e) {
          // this one statement goes unwatched; the others still are
        }
      }
    }
  }

  private void look(Ticket t, long now, long overrun) {
    t.quietSince += overrun;
    if (!t.killQueued && now - t.deadline > 0 && t.connectionId > 0 && t.running()) {
      t.killQueued = true;
      killers[t.side].execute(() -> kill(t));
    }
    if (t.socketMillis > 0 && t.quietFor(now) > TimeUnit.MILLISECONDS.toNanos(t.socketMillis)) {
      if (DriverSocket.bytesWaiting(t.connection)) { // the lane is behind, not the server
        t.quietSince = now;
      } else if (t.tryAbandon()) {
        try {
          abandoner.execute(() -> DriverSocket.giveUp(t.connection));
        } catch (RejectedExecutionException closing) {
          DriverSocket.giveUp(t.connection);
        }
      }
    }
  }

  /**
   * KILL QUERY for a statement still running, on its side's one kill thread. One that waited for a
   * server that did not answer is dropped once its statement has ended.
   */
  private void kill(Ticket t) {
    if (closed || !t.running()) {
      return;
    }
    try {
      Connection c = admin.get(t.side);
      if (c == null) {
        c = adminConnection(t.side);
        if (c == null) {
          return;
        }
      }
      t.killing.lock();
      try {
        if (closed || !t.running() || t.killTried) {
          return;
        }
        t.killTried = true;
        try {
          killQuery(c, t.connectionId);
        } catch (SQLException e) {
          if (!SqlStates.connectionGone(e)) {
            throw e; // the server said no: a new connection would not change that
          }
          // The kills' connection broke: once more on a new one, unless the server restarted
          // (its connection ids start again, and this one may now name another session).
          c.abort(Runnable::run);
          t.killUnanswered = true; // the first may have reached the server
          c = adminConnection(t.side);
          if (c == null
              || c.unwrap(JdbcConnection.class).getId() <= t.connectionId
              || !t.running()) {
            return;
          }
          killQuery(c, t.connectionId);
          t.killUnanswered = false;
        }
        t.killed = true;
      } finally {
        t.killing.unlock();
      }
    } catch (SQLException | RuntimeException e) {
      // The server may be gone; the statement's own connection will report that.
    }
  }

  /** A new connection for this side's kills, or null once closed. */
  private Connection adminConnection(int side) throws SQLException {
    Connection c = targets.get(side).connect();
    admin.set(side, c);
    if (closed) {
      c.abort(Runnable::run);
      return null;
    }
    return c;
  }

  private static void killQuery(Connection c, long connectionId) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("KILL QUERY " + connectionId);
    }
  }

  /**
   * Aborts the kills' connections rather than closing them: a close waits for a KILL in flight,
   * which waits for a server that may not answer. Statements still running (a replay stopped
   * without waiting for its lanes) have their connections given up.
   */
  @Override
  public void close() {
    closed = true;
    watchdog.interrupt();
    try {
      watchdog.join(TimeUnit.SECONDS.toMillis(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // Lanes still in a statement (a replay stopped without waiting for them): nothing watches them
    // now, and a read already blocked keeps the timeout it began with.
    for (Ticket t : running.keySet()) {
      if (t.socketMillis > 0 && t.tryAbandon()) {
        DriverSocket.giveUp(t.connection);
      }
    }
    for (ExecutorService e : killers) {
      e.shutdownNow();
    }
    abandoner.shutdown();
    for (int i = 0; i < admin.length(); i++) {
      Connection c = admin.get(i);
      if (c != null) {
        try {
          c.abort(Runnable::run);
        } catch (SQLException | RuntimeException ignored) {
          // closing
        }
      }
    }
  }
}
