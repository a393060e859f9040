package io.querytester.replay;

import com.mysql.cj.NativeSession;
import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.target.Target;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Watches the statements the lanes run, from one thread: kills those that run past the statement
 * timeout with KILL QUERY, and gives up the connection of one that has sent nothing for the socket
 * timeout.
 *
 * <p>Connector/J's own query timeout schedules a task on a global {@code java.util.Timer} for every
 * statement; under concurrency that timer was the replay's main cost. Here a running statement is
 * one map entry, and a single thread looks for overdue ones ten times a second.
 *
 * <p>The socket timeout is watched here too, not by Connector/J, while a statement runs: a read
 * with a timeout on a virtual thread arms and cancels a timer with the JDK's scheduler, every read
 * of every row (bench/replay, 32 connections per side on virtual threads: replay phase 4.64-4.89 s
 * with Connector/J's socket timeout, 4.38-4.45 s without). So a statement's connection reads
 * without a timeout, and this thread gives the connection up when no row came for that long; the
 * connection's own socket timeout is back in force for everything else (connecting, session set-up,
 * SHOW WARNINGS).
 */
final class StatementTimeouts implements AutoCloseable {
  /** A statement being watched. */
  static final class Ticket {
    private static final VarHandle ROWS;

    static {
      try {
        ROWS = MethodHandles.lookup().findVarHandle(Ticket.class, "rows", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    final int side;
    final long connectionId;
    final long deadline;

    /** The statement's connection, null when it is not Connector/J's. */
    final JdbcConnection connection;

    /** The connection's socket timeout, restored when the statement ends; 0: none. */
    final int socketMillis;

    volatile boolean killed;
    volatile boolean abandoned;

    /** Rows read so far: written by the lane, read by the watchdog (opaque, no fence per row). */
    @SuppressWarnings("unused") // through ROWS
    private long rows;

    // The watchdog's own: the rows it last saw and since when.
    private long seenRows;
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

    /** One more row read. */
    void row() {
      ROWS.setOpaque(this, (long) ROWS.getOpaque(this) + 1);
    }

    /** How long no row came, as the watchdog sees it {@code now}. */
    long quietFor(long now) {
      long seen = (long) ROWS.getOpaque(this);
      if (seen != seenRows) {
        seenRows = seen;
        quietSince = now;
      }
      return now - quietSince;
    }
  }

  private final List<Target> targets;
  private final long timeoutNanos;
  private final Map<Ticket, Boolean> running = new ConcurrentHashMap<>();
  private final Connection[] admin;
  private final Lock[] adminLocks;
  private final Thread watchdog;

  StatementTimeouts(List<Target> targets, Duration timeout) {
    this.targets = targets;
    this.timeoutNanos = timeout.toNanos();
    this.admin = new Connection[targets.size()];
    this.adminLocks = new Lock[targets.size()];
    for (int i = 0; i < adminLocks.length; i++) {
      adminLocks[i] = new ReentrantLock();
    }
    this.watchdog = Thread.ofPlatform().daemon().name("querytester-timeouts").start(this::watch);
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
      socketMillis =
          j.getSession().getPropertySet().getIntegerProperty(PropertyKey.socketTimeout).getValue();
      if (socketMillis > 0) {
        socketTimeout(j, 0);
      }
    } catch (SQLException | RuntimeException e) {
      // not Connector/J's, or closed: the statement reports that
      socketMillis = 0;
    }
    long now = System.nanoTime();
    Ticket t = new Ticket(side, id, now + timeoutNanos, j, socketMillis, now);
    running.put(t, Boolean.TRUE);
    return t;
  }

  /** Stops watching; true if the statement was killed for running too long. */
  boolean finish(Ticket t) {
    running.remove(t);
    if (t.socketMillis > 0 && !t.abandoned) {
      try {
        socketTimeout(t.connection, t.socketMillis);
      } catch (RuntimeException e) {
        // the connection broke: it is opened anew
      }
    }
    return t.killed;
  }

  private static void socketTimeout(JdbcConnection c, int millis) {
    ((NativeSession) c.getSession()).setSocketTimeout(millis);
  }

  private void watch() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Thread.sleep(100);
        long now = System.nanoTime();
        for (Ticket t : running.keySet()) {
          if (!t.killed && now - t.deadline > 0 && t.connectionId > 0) {
            t.killed = true;
            // on its own thread: a server that does not answer must not stop this one
            Thread.ofVirtual().name("querytester-kill").start(() -> kill(t));
          }
          if (t.socketMillis > 0
              && !t.abandoned
              && t.quietFor(now) > TimeUnit.MILLISECONDS.toNanos(t.socketMillis)) {
            t.abandoned = true;
            Thread.ofVirtual().name("querytester-abandon").start(() -> abandon(t));
          }
        }
      }
    } catch (InterruptedException e) {
      // closed
    }
  }

  private void kill(Ticket t) {
    Lock lock = adminLocks[t.side];
    lock.lock();
    try {
      if (admin[t.side] == null || !admin[t.side].isValid(2)) {
        admin[t.side] = targets.get(t.side).connect();
      }
      try (Statement s = admin[t.side].createStatement()) {
        s.execute("KILL QUERY " + t.connectionId);
      }
    } catch (SQLException e) {
      // The server may be gone; the statement's own connection will report that.
    } finally {
      lock.unlock();
    }
  }

  /** Closes the connection's socket: the lane's read ends with an error it reports as lost. */
  private static void abandon(Ticket t) {
    try {
      t.connection.abort(Runnable::run);
    } catch (SQLException | RuntimeException e) {
      // already closed
    }
  }

  /** Not under the kill's lock: a kill waiting on a server that does not answer ends here. */
  @Override
  public void close() {
    watchdog.interrupt();
    for (Connection c : admin) {
      if (c != null) {
        try {
          c.close();
        } catch (SQLException ignored) {
          // closing
        }
      }
    }
  }
}
