package io.querytester.replay;

import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.target.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Kills statements that run past the timeout with KILL QUERY, from one watchdog thread.
 *
 * <p>Connector/J's own query timeout schedules a task on a global {@code java.util.Timer} for every
 * statement; under concurrency that timer was the replay's main cost. Here a running statement is
 * one map entry, and a single thread looks for overdue ones ten times a second.
 */
final class StatementTimeouts implements AutoCloseable {
  /** A statement being watched. */
  static final class Ticket {
    final int side;
    final long connectionId;
    final long deadline;
    volatile boolean killed;

    Ticket(int side, long connectionId, long deadline) {
      this.side = side;
      this.connectionId = connectionId;
      this.deadline = deadline;
    }
  }

  private final List<Target> targets;
  private final long timeoutNanos;
  private final Map<Ticket, Boolean> running = new ConcurrentHashMap<>();
  private final Connection[] admin;
  private final Thread watchdog;

  StatementTimeouts(List<Target> targets, Duration timeout) {
    this.targets = targets;
    this.timeoutNanos = timeout.toNanos();
    this.admin = new Connection[targets.size()];
    this.watchdog = Thread.ofPlatform().daemon().name("querytester-timeouts").start(this::watch);
  }

  Ticket start(int side, Connection c) {
    long id;
    try {
      id = c.unwrap(JdbcConnection.class).getId();
    } catch (SQLException e) {
      id = -1;
    }
    Ticket t = new Ticket(side, id, System.nanoTime() + timeoutNanos);
    running.put(t, Boolean.TRUE);
    return t;
  }

  /** Stops watching; true if the statement was killed for running too long. */
  boolean finish(Ticket t) {
    running.remove(t);
    return t.killed;
  }

  private void watch() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Thread.sleep(100);
        long now = System.nanoTime();
        for (Ticket t : running.keySet()) {
          if (!t.killed && now - t.deadline > 0 && t.connectionId > 0) {
            t.killed = true;
            kill(t);
          }
        }
      }
    } catch (InterruptedException e) {
      // closed
    }
  }

  private void kill(Ticket t) {
    try {
      if (admin[t.side] == null || !admin[t.side].isValid(2)) {
        admin[t.side] = targets.get(t.side).connect();
      }
      try (Statement s = admin[t.side].createStatement()) {
        s.execute("KILL QUERY " + t.connectionId);
      }
    } catch (SQLException e) {
      // The server may be gone; the statement's own connection will report that.
    }
  }

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
