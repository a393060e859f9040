package io.querytester.capture;

import io.querytester.target.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.*;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ExploreIT {
  @Test
  void explore() throws Exception {
    for (String v : new String[] {TestServers.NEW, TestServers.OLD}) {
      try (EmbeddedTarget server =
          TestServers.start(
              "S",
              v,
              "performance_schema=ON",
              "performance-schema-consumer-events-statements-history-long=ON")) {
        TestServers.exec(
            server,
            "CREATE DATABASE app",
            "CREATE TABLE app.t (id INT PRIMARY KEY, k INT)",
            "INSERT INTO app.t VALUES (1,1),(2,2),(3,3)");
        Properties p = new Properties();
        p.setProperty("user", "root");
        p.setProperty("sslMode", "DISABLED");
        p.setProperty("useServerPrepStmts", "true");
        try (Connection c =
            DriverManager.getConnection(
                "jdbc:mysql://127.0.0.1:" + server.server().port() + "/app", p)) {
          try (PreparedStatement ps =
              c.prepareStatement("SELECT SUM(k) FROM t WHERE id BETWEEN ? AND ?")) {
            for (int i = 0; i < 5; i++) {
              ps.setInt(1, i);
              ps.setInt(2, i + 1);
              ps.executeQuery().close();
            }
          }
          try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM t WHERE id = 2")) {
            ps.executeQuery().close();
          }
          try (Statement s = c.createStatement()) {
            s.executeQuery("SELECT k FROM t WHERE id = 3").close();
          }
          try (Statement s = c.createStatement()) {
            dump(
                s,
                "SELECT THREAD_ID, EVENT_ID, EVENT_NAME, SQL_TEXT, DIGEST, DIGEST_TEXT, NESTING_EVENT_TYPE, CURRENT_SCHEMA FROM performance_schema.events_statements_history_long ORDER BY EVENT_ID");
            dump(
                s,
                "SELECT SCHEMA_NAME, DIGEST, DIGEST_TEXT, COUNT_STAR FROM performance_schema.events_statements_summary_by_digest");
            dump(
                s,
                "SELECT EVENT_NAME, COUNT_STAR FROM performance_schema.events_statements_summary_global_by_event_name WHERE COUNT_STAR > 0");
            dump(
                s,
                "SELECT NAME, ENABLED, TIMED FROM performance_schema.setup_instruments WHERE NAME LIKE 'statement/com/%' OR NAME LIKE 'statement/sql/select'");
            dump(s, "SHOW VARIABLES LIKE 'performance_schema%size%'");
            dump(s, "SHOW TABLES FROM performance_schema LIKE '%prepared%'");
            dump(s, "SELECT * FROM information_schema.PROCESSLIST");
          }
        }
      }
    }
  }

  static void dump(Statement s, String q) {
    System.out.println("== " + q);
    try (ResultSet rs = s.executeQuery(q)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) b.append(rs.getString(i)).append(" | ");
        System.out.println(b);
      }
    } catch (SQLException e) {
      System.out.println("ERR " + e.getMessage());
    }
  }
}
