package io.querytester.replay;

import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.server.SqlStates;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Sends KILL QUERY to one server for the statements {@link StatementTimeouts} gives it, one at a
 * time, on its own platform thread and its own connection: a server that does not answer holds up
 * only its own kills, never the watch nor the other side's.
 */
final class QueryKiller {
  private final Target target;
  private final ExecutorService thread;
  private volatile Connection admin;
  private volatile boolean closed;

  QueryKiller(Target target) {
    this.target = target;
    this.thread =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("querytester-kill-" + target.label()).factory());
  }

  /**
   * Queues the KILL of {@code t}.
   *
   * @throws java.util.concurrent.RejectedExecutionException once closed
   */
  void kill(WatchedStatement t) {
    thread.execute(() -> killNow(t));
  }

  /**
   * KILL QUERY for a statement still running. One that waited for a server that did not answer is
   * dropped once its statement has ended.
   */
  private void killNow(WatchedStatement t) {
    if (closed || !t.running()) {
      return;
    }
    try {
      Connection c = admin;
      if (c == null) {
        c = adminConnection();
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
          c = adminConnection();
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

  /** A new connection for the kills, or null once closed. */
  private Connection adminConnection() throws SQLException {
    Connection c = target.connect();
    admin = c;
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

  /** No more kills go out, also of those queued; the thread and connection stay till close. */
  void stop() {
    closed = true;
  }

  /**
   * Aborts the kills' connection rather than closing it: a close waits for a KILL in flight, which
   * waits for a server that may not answer.
   */
  void close() {
    closed = true;
    thread.shutdownNow();
    Connection c = admin;
    if (c != null) {
      try {
        c.abort(Runnable::run);
      } catch (SQLException | RuntimeException ignored) {
        // closing
      }
    }
  }
}
