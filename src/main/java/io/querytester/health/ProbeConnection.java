package io.querytester.health;

import io.querytester.run.StatusSnapshot;
import io.querytester.server.Flavour;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The health monitor's own connection to its target, apart from the lanes': it asks for the uptime
 * and the trouble counters, and every wait on it is bounded, so a host that hangs is seen as one.
 * Used by the monitor's thread only (and by begin and finish, before and after it runs).
 */
final class ProbeConnection {
  static final Duration NETWORK_TIMEOUT = Duration.ofSeconds(10);

  private final Target target;
  private final boolean mysql8;
  private final Clock clock;
  private final List<String> notes;
  private Connection conn;
  private long lastSnapshotNanos;

  /**
   * @param notes what the watch could not do; a counter that cannot be read is noted once
   */
  ProbeConnection(Target target, Clock clock, List<String> notes) {
    this.target = target;
    this.clock = clock;
    this.notes = notes;
    this.mysql8 = target.info().flavour() == Flavour.MYSQL && target.info().atLeast(8, 0);
  }

  /** Closes the connection it has (if any) and opens a new one. */
  void reopen() throws SQLException {
    close(conn);
    conn = connect();
  }

  /** Closes the connection and holds none. */
  void drop() {
    close(conn);
    conn = null;
  }

  boolean connected() {
    return conn != null;
  }

  boolean valid() throws SQLException {
    return conn != null && conn.isValid(5);
  }

  /** The connection, for the reading of an error log that a server keeps in a table. */
  Connection connection() {
    return conn;
  }

  /** The server's uptime in seconds. */
  long uptime() throws SQLException {
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Uptime'")) {
      if (!rs.next()) {
        throw new SQLException("SHOW GLOBAL STATUS LIKE 'Uptime' returned nothing");
      }
      return Long.parseLong(rs.getString(2).strip());
    } catch (NumberFormatException e) {
      throw new SQLException("unreadable Uptime: " + e.getMessage(), e);
    }
  }

  /** The trouble counters now; what cannot be read is noted once. */
  StatusSnapshot snapshot() throws SQLException {
    lastSnapshotNanos = System.nanoTime();
    StatusSnapshot s = StatusReader.take(conn, mysql8, clock.instant());
    for (String p : s.problems()) {
      if (!notes.contains(p)) {
        notes.add(p);
      }
    }
    return s;
  }

  boolean snapshotOlderThan(Duration age) {
    return System.nanoTime() - lastSnapshotNanos > age.toNanos();
  }

  /** No answer in time, as opposed to a refused or reset connection (a dead server). */
  static boolean noAnswer(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TimeoutException || t instanceof java.net.SocketTimeoutException) {
        return true;
      }
      if (t instanceof java.net.ConnectException) {
        return false;
      }
    }
    return false;
  }

  static String firstLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  /**
   * A new connection, or an exception when the server refuses or does not answer within {@link
   * #NETWORK_TIMEOUT}: a host that hangs would otherwise keep the verdict waiting for the driver's
   * socket timeout (minutes), since the connect timeout only covers TCP.
   */
  private Connection connect() throws SQLException {
    FutureTask<Connection> attempt = new FutureTask<>(target::connect);
    Thread.ofVirtual().name("querytester-health-connect-" + target.label()).start(attempt);
    Connection c;
    try {
      c = attempt.get(NETWORK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      Thread.ofVirtual().start(() -> closeWhenDone(attempt));
      throw new SQLException("no answer within " + NETWORK_TIMEOUT.toSeconds() + " s", "08001", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new SQLException(String.valueOf(e.getCause()), "08001", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while connecting", "08001", e);
    }
    try {
      c.setNetworkTimeout(Runnable::run, millis(NETWORK_TIMEOUT));
    } catch (SQLException e) {
      // the socket timeout of the connection settings still applies
    }
    return c;
  }

  private static void closeWhenDone(Future<Connection> late) {
    try {
      close(late.get());
    } catch (ExecutionException | InterruptedException e) {
      // it failed after all: nothing to close
    }
  }

  private static void close(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException e) {
        // it is broken already
      }
    }
  }

  private static int millis(Duration d) {
    return (int) TimeUnit.NANOSECONDS.toMillis(d.toNanos());
  }
}
