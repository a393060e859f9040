package io.querytester.replay;

import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

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
 * arms and cancels a timer with the JDK's scheduler, every read of every row (a cost measured in
 * bench/replay). So a statement's connection reads without a timeout, and this thread gives the
 * connection up when the statement got no answer, no row and no further result for that long and
 * nothing waits to be read on its socket; the connection's own socket timeout is back in force for
 * everything else (connecting, the session's set-up).
 *
 * <p>KILL QUERY runs on one platform thread per side ({@link QueryKiller}) and giving a connection
 * up on another: a server that does not answer must not stop the watch, and virtual threads, not
 * time-sliced, could be held by lanes hashing rows that are already buffered.
 */
final class StatementTimeouts implements AutoCloseable {
  private static final long TICK_MILLIS = 100;

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

  private final long timeoutNanos;
  private final Map<WatchedStatement, Boolean> running = new ConcurrentHashMap<>();
  private final QueryKiller[] killers;
  private final ExecutorService abandoner;
  private final Thread watchdog;
  private volatile boolean closed;

  StatementTimeouts(List<Target> targets, Duration timeout) {
    this.timeoutNanos = timeout.toNanos();
    this.killers = new QueryKiller[targets.size()];
    for (int i = 0; i < killers.length; i++) {
      killers[i] = new QueryKiller(targets.get(i));
    }
    this.abandoner =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("querytester-abandon").factory());
    this.watchdog = Thread.ofPlatform().daemon().name("querytester-timeouts").start(this::watch);
  }

  /**
   * Watches a statement about to run on {@code c}; its reads go without a timeout until the end.
   */
  WatchedStatement start(int side, Connection c) {
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
    WatchedStatement t = new WatchedStatement(side, id, now + timeoutNanos, j, socketMillis, now);
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
  void cut(WatchedStatement t) {
    if (closed || t.connectionId <= 0) {
      return;
    }
    try {
      killers[t.side].kill(t);
    } catch (RejectedExecutionException closing) {
      // closing: the statement timeout's watch is gone too, the close reads the rest
    }
  }

  /**
   * Stops watching: how the statement ended. Waits for a KILL of it that is being sent, so that the
   * lane's next statement cannot meet it. A connection given up is closed before this returns.
   */
  End finish(WatchedStatement t) {
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
  private static End end(WatchedStatement t) {
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
      for (WatchedStatement t : running.keySet()) {
        try {
          look(t, now, overrun);
        } catch (RuntimeException | Error e) {
          // this one statement goes unwatched; the others still are
        }
      }
    }
  }

  private void look(WatchedStatement t, long now, long overrun) {
    t.quietSince += overrun;
    if (!t.killQueued && now - t.deadline > 0 && t.connectionId > 0 && t.running()) {
      t.killQueued = true;
      killers[t.side].kill(t);
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
   * Stops the watch and the kills. Statements still running (a replay stopped without waiting for
   * its lanes) have their connections given up.
   */
  @Override
  public void close() {
    closed = true;
    for (QueryKiller k : killers) {
      k.stop();
    }
    watchdog.interrupt();
    try {
      watchdog.join(TimeUnit.SECONDS.toMillis(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // Lanes still in a statement (a replay stopped without waiting for them): nothing watches them
    // now, and a read already blocked keeps the timeout it began with.
    for (WatchedStatement t : running.keySet()) {
      if (t.socketMillis > 0 && t.tryAbandon()) {
        DriverSocket.giveUp(t.connection);
      }
    }
    for (QueryKiller k : killers) {
      k.close();
    }
    abandoner.shutdown();
  }
}
