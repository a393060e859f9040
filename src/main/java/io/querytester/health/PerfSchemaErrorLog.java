package io.querytester.health;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * MySQL 8.0.22+ keeps its recent error log in {@code performance_schema.error_log}: read from there
 * when no file is given. Rows come back as lines in MySQL 8's own file format, so that they are
 * classified like lines read from a file.
 */
final class PerfSchemaErrorLog implements ErrorLogSource {
  static final String QUERY =
      "SELECT LOGGED, THREAD_ID, PRIO, ERROR_CODE, SUBSYSTEM, DATA"
          + " FROM performance_schema.error_log WHERE LOGGED > ? ORDER BY LOGGED LIMIT 5000";

  private Timestamp last = new Timestamp(0);
  private String problem;

  @Override
  public List<String> readNew(Connection monitor) {
    if (monitor == null) {
      return List.of();
    }
    List<String> lines = new ArrayList<>();
    try (PreparedStatement ps = monitor.prepareStatement(QUERY)) {
      ps.setTimestamp(1, last);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          last = rs.getTimestamp(1);
          lines.add(
              line(
                  rs.getString(1),
                  rs.getLong(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6)));
        }
      }
      problem = null;
    } catch (SQLException e) {
      problem = e.getMessage();
    }
    return lines;
  }

  /** A row as MySQL 8 writes it to its error-log file. */
  static String line(
      String logged, long thread, String prio, String code, String subsystem, String data) {
    return (logged == null ? "" : logged.replace(' ', 'T'))
        + " "
        + thread
        + " ["
        + prio
        + "] ["
        + code
        + "] ["
        + subsystem
        + "] "
        + data;
  }

  @Override
  public String describe() {
    return "performance_schema.error_log" + (problem == null ? "" : " (" + problem + ")");
  }
}
