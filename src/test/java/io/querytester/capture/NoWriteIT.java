package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture never writes to its source: the binlog position and GTID, the data-changing statement
 * counters and InnoDB's row counters are the same before and after every live source ran, each with
 * an account that has only the privileges it needs.
 */
class NoWriteIT {
  @TempDir Path dir;

  @Test
  void noLiveSourceWritesToTheServerItReads() throws Exception {
    try (EmbeddedTarget server =
        TestServers.start(
            "SOURCE",
            TestServers.NEW,
            "log_bin=mysql-bin",
            "server_id=1",
            "performance_schema=ON")) {
      TestServers.exec(
          server,
          "CREATE DATABASE app",
          "CREATE TABLE app.t (id INT PRIMARY KEY)",
          "INSERT INTO app.t VALUES (1), (2)",
          "CREATE USER 'watcher'@'127.0.0.1' IDENTIFIED BY 'pw1'",
          "GRANT PROCESS ON *.* TO 'watcher'@'127.0.0.1'",
          "GRANT SELECT ON performance_schema.* TO 'watcher'@'127.0.0.1'",
          "CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'pw2'",
          "GRANT REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'repl'@'127.0.0.1'",
          "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('"
              + PerfSchemaSource.CURRENT
              + "', '"
              + PerfSchemaSource.HISTORY_LONG
              + "')");
      Map<String, String> before = snapshot(server);
      try (Target watcher = PollingCaptureIT.asUser(server, "watcher", "pw1");
          Target repl = BinlogCaptureIT.asUser(server, "repl", "pw2")) {
        run(CaptureSources.processlist(watcher, Duration.ofMillis(50), Clock.systemUTC()));
        run(CaptureSources.perfSchema(watcher, Duration.ofMillis(50), Clock.systemUTC()));
        run(CaptureSources.binlogLive(repl, BinlogCaptureIT.replAccount("pw2"), null));
      }
      Map<String, String> after = snapshot(server);
      assertThat(after).isEqualTo(before);
      // The snapshot can see a write: one INSERT changes it.
      TestServers.exec(server, "INSERT INTO app.t VALUES (3)");
      assertThat(snapshot(server)).isNotEqualTo(before);
    }
  }

  private void run(CaptureSource source) throws Exception {
    StringWriter err = new StringWriter();
    CaptureSummary s =
        Capture.run(
            source,
            new CaptureSettings(
                dir.resolve(source.kind() + ".jsonl"),
                CaptureFilter.none(),
                0,
                Duration.ofSeconds(2),
                null,
                Clock.systemUTC()),
            new PrintWriter(err, true));
    assertThat(s.endedBy()).as(err.toString()).isEqualTo("--duration");
  }

  /** Everything a write would change; read as root on a connection of its own. */
  private static Map<String, String> snapshot(EmbeddedTarget server) throws Exception {
    Map<String, String> m = new TreeMap<>();
    try (Connection c = server.connect();
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
        rs.next();
        m.put("binlog file", rs.getString(1));
        m.put("binlog position", rs.getString(2));
      }
      try (ResultSet rs = s.executeQuery("SELECT @@global.gtid_binlog_pos")) {
        rs.next();
        m.put("gtid_binlog_pos", rs.getString(1));
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE"
                  + " VARIABLE_NAME IN ('COM_INSERT', 'COM_INSERT_SELECT', 'COM_UPDATE',"
                  + " 'COM_UPDATE_MULTI', 'COM_DELETE', 'COM_DELETE_MULTI', 'COM_REPLACE',"
                  + " 'COM_REPLACE_SELECT', 'COM_LOAD', 'COM_CREATE_TABLE', 'COM_ALTER_TABLE',"
                  + " 'COM_DROP_TABLE', 'COM_TRUNCATE', 'COM_CREATE_DB', 'COM_DROP_DB', 'COM_GRANT',"
                  + " 'COM_CREATE_USER', 'COM_SET_OPTION_GLOBAL', 'INNODB_ROWS_INSERTED',"
                  + " 'INNODB_ROWS_UPDATED', 'INNODB_ROWS_DELETED')")) {
        while (rs.next()) {
          m.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return m;
  }
}
