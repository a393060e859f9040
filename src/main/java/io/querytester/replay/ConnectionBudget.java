package io.querytester.replay;

import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Consumer;

/**
 * The connections the replay may hold on each server, and how the lanes share them. A server
 * refuses connections past its {@code max_connections} (MariaDB's default is 151), and a refused
 * connection is the tool's own resource failure, never a difference of a query: so the bound is
 * read from each server, less the connections already in use and some room (for the health watch,
 * the statement watchdog and other clients), or set with {@code --max-connections}. There are never
 * more lanes than connections, and each lane keeps at most its share of sessions open.
 */
final class ConnectionBudget {
  /** A lane keeps at most this many sessions open even when the server allows more. */
  static final int MAX_SESSIONS_PER_LANE = 32;

  private final int perServer;

  ConnectionBudget(int perServer) {
    this.perServer = Math.max(1, perServer);
  }

  /**
   * The set limit, or the least that the servers allow (as {@link Preflight} read them); says what
   * each server's reading had to say, in the servers' order.
   */
  static ConnectionBudget of(List<Preflight> read, ConnectionLimits limits, Consumer<String> out) {
    if (limits.maxConnections() > 0) {
      return new ConnectionBudget(limits.maxConnections());
    }
    int budget = Integer.MAX_VALUE;
    for (Preflight p : read) {
      if (p.budgetNote() != null) {
        out.accept(p.budgetNote());
      }
      budget = Math.min(budget, p.budget());
    }
    return new ConnectionBudget(budget);
  }

  /** Kept free on a server: a tenth of its max_connections, at least 10. */
  static int room(int maxConnections) {
    return Math.max(10, maxConnections / 10);
  }

  /** What one server allows, read on an open connection to it; says why when it is little. */
  static int fromServer(Connection c, Target t, Consumer<String> out) {
    try (Statement s = c.createStatement()) {
      int max = intOf(s, "SELECT @@max_connections");
      int used = intOf(s, "SELECT COUNT(*) FROM information_schema.PROCESSLIST");
      int budget = max - used - room(max);
      if (budget < 1) {
        out.accept(
            String.format(
                "%s: %d of its max_connections %d are in use: the replay opens 1 connection;"
                    + " set a bound with --max-connections N",
                t.label(), used, max));
      }
      return Math.max(1, budget);
    } catch (SQLException e) {
      out.accept(unreadable(t, e.getMessage()));
      return fallback();
    }
  }

  /** What the replay may hold on a server whose max_connections cannot be read. */
  static int fallback() {
    return 151 - room(151);
  }

  /** The line that says so. */
  static String unreadable(Target t, String why) {
    return t.label()
        + ": max_connections could not be read ("
        + why
        + "): the replay opens at most "
        + fallback()
        + " connections; set a bound with --max-connections N";
  }

  private static int intOf(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** Connections per server the replay may hold. */
  int perServer() {
    return perServer;
  }

  /** Lanes to run: the asked concurrency, but no more than the connections allowed. */
  int lanes(int concurrency) {
    return Math.min(concurrency, perServer);
  }

  /** Sessions a lane keeps open at most, so that all lanes together stay within the budget. */
  int sessionsPerLane(int lanes) {
    return Math.clamp(perServer / Math.max(1, lanes), 1, MAX_SESSIONS_PER_LANE);
  }
}
