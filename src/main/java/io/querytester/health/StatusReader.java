package io.querytester.health;

import io.querytester.run.StatusSnapshot;
import io.querytester.server.SqlStates;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Takes a {@link StatusSnapshot} of a server: which counters are watched, and the queries that read
 * them. What cannot be read is noted in the snapshot, never thrown (except a dead connection).
 */
final class StatusReader {
  static final Set<String> WATCHED =
      Set.of(
          "Aborted_clients",
          "Aborted_connects",
          "Aborted_connects_preauth",
          "Access_denied_errors",
          "Binlog_cache_disk_use",
          "Binlog_stmt_cache_disk_use",
          "Created_tmp_disk_tables",
          "Created_tmp_tables",
          "Handler_rollback",
          "Innodb_buffer_pool_wait_free",
          "Innodb_deadlocks",
          "Innodb_row_lock_time",
          "Innodb_row_lock_waits",
          "Max_execution_time_exceeded",
          "Max_statement_time_exceeded",
          "Max_used_connections",
          "Select_full_join",
          "Select_full_range_join",
          "Slow_queries",
          "Sort_merge_passes",
          "Table_locks_waited");

  /** Counters whose name starts with one of these are watched too. */
  static final List<String> WATCHED_PREFIXES = List.of("Connection_errors_");

  static final String METRICS =
      "SELECT NAME, COUNT FROM information_schema.INNODB_METRICS"
          + " WHERE NAME IN ('lock_deadlocks', 'lock_timeouts')";
  static final String ERRORS =
      "SELECT ERROR_NAME, ERROR_NUMBER, SUM_ERROR_RAISED"
          + " FROM performance_schema.events_errors_summary_global_by_error"
          + " WHERE SUM_ERROR_RAISED > 0";

  private StatusReader() {}

  /** Reads the counters; what cannot be read is noted, never thrown (except a dead connection). */
  static StatusSnapshot take(Connection c, boolean mysql8, Instant at) throws SQLException {
    Map<String, Long> counters = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
      while (rs.next()) {
        String name = rs.getString(1);
        if (watched(name)) {
          Long v = number(rs.getString(2));
          if (v != null) {
            counters.put(name, v);
          }
        }
      }
    }
    read(c, METRICS, "innodb_metrics.", counters, problems);
    if (mysql8) {
      readErrors(c, counters, problems);
    }
    return new StatusSnapshot(at, counters, problems);
  }

  static boolean watched(String name) {
    if (WATCHED.contains(name)) {
      return true;
    }
    for (String p : WATCHED_PREFIXES) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  private static void read(
      Connection c, String sql, String prefix, Map<String, Long> into, List<String> problems)
      throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        into.put(prefix + rs.getString(1), rs.getLong(2));
      }
    } catch (SQLException e) {
      rethrowIfGone(e);
      problems.add(prefix + ": " + e.getMessage());
    }
  }

  private static void readErrors(Connection c, Map<String, Long> into, List<String> problems)
      throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(ERRORS)) {
      while (rs.next()) {
        into.put("error " + rs.getString(1) + " (" + rs.getInt(2) + ")", rs.getLong(3));
      }
    } catch (SQLException e) {
      rethrowIfGone(e);
      problems.add("events_errors_summary_global_by_error: " + e.getMessage());
    }
  }

  private static void rethrowIfGone(SQLException e) throws SQLException {
    if (SqlStates.connectionGone(e)) {
      throw e;
    }
  }

  private static Long number(String v) {
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
