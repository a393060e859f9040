package io.querytester.drift;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A source and a replica, both embedded, with real replication between them (GTID or binlog file
 * and position). For drift ITs only.
 */
final class ReplicationPair implements AutoCloseable {
  final EmbeddedTarget source;
  final EmbeddedTarget replica;
  private final boolean gtid;

  private ReplicationPair(EmbeddedTarget source, EmbeddedTarget replica, boolean gtid) {
    this.source = source;
    this.replica = replica;
    this.gtid = gtid;
  }

  static ReplicationPair start(String sourceVersion, String replicaVersion, boolean gtid)
      throws SQLException {
    EmbeddedTarget source =
        TestServers.start(
            "SOURCE",
            sourceVersion,
            "log_bin=mysql-bin",
            "server_id=1",
            "binlog_format=ROW",
            // Commits without a disk flush: the concurrent writer must not wait on a shared disk.
            "innodb_flush_log_at_trx_commit=2");
    EmbeddedTarget replica;
    try {
      replica =
          TestServers.start(
              "REPLICA-1", replicaVersion, "server_id=2", "innodb_flush_log_at_trx_commit=2");
    } catch (RuntimeException e) {
      source.close();
      throw e;
    }
    ReplicationPair pair = new ReplicationPair(source, replica, gtid);
    try {
      pair.connect();
      return pair;
    } catch (SQLException | RuntimeException e) {
      pair.close();
      throw e;
    }
  }

  private void connect() throws SQLException {
    String where;
    if (gtid) {
      where = "MASTER_USE_GTID=slave_pos";
    } else {
      String[] pos = masterStatus();
      where = "MASTER_LOG_FILE='" + pos[0] + "', MASTER_LOG_POS=" + pos[1];
    }
    TestServers.exec(
        replica,
        "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT="
            + source.server().port()
            + ", MASTER_USER='root', MASTER_PASSWORD='"
            + source.server().rootPassword().reveal()
            + "', MASTER_SSL=0, MASTER_CONNECT_RETRY=1, "
            + where,
        "START SLAVE");
    sync();
  }

  /** Waits until the replica has applied everything the source wrote so far. */
  void sync() throws SQLException {
    String[] pos = masterStatus();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    try (Connection c = replica.connect();
        Statement s = c.createStatement()) {
      while (System.nanoTime() < deadline) {
        try (ResultSet rs =
            s.executeQuery("SELECT MASTER_POS_WAIT('" + pos[0] + "', " + pos[1] + ", 1)")) {
          rs.next();
          long r = rs.getLong(1);
          if (!rs.wasNull() && r >= 0) {
            return;
          }
        }
        Optional<String> error = replicationError();
        if (error.isPresent()) {
          throw new IllegalStateException("replication broke: " + error.get());
        }
      }
    }
    throw new IllegalStateException("replica did not catch up within 60 s");
  }

  Optional<String> replicationError() throws SQLException {
    try (Connection c = replica.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW SLAVE STATUS")) {
      if (!rs.next()) {
        return Optional.of("not a replica");
      }
      String io = rs.getString("Last_IO_Error");
      String sql = rs.getString("Last_SQL_Error");
      if (sql != null && !sql.isEmpty()) {
        return Optional.of(sql);
      }
      if (io != null && !io.isEmpty() && !"Yes".equals(rs.getString("Slave_IO_Running"))) {
        return Optional.of(io);
      }
      return Optional.empty();
    }
  }

  /** File and position from SHOW MASTER STATUS on the source. */
  String[] masterStatus() throws SQLException {
    try (Connection c = source.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
      rs.next();
      return new String[] {rs.getString(1), rs.getString(2)};
    }
  }

  String gtidBinlogPos() throws SQLException {
    try (Connection c = source.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@GLOBAL.gtid_binlog_pos")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** Statements on the replica that do not replicate anywhere: how drift is made. */
  void onReplicaOnly(String... sql) throws SQLException {
    List<String> all = new ArrayList<>();
    all.add("SET SESSION sql_log_bin = 0");
    all.addAll(List.of(sql));
    TestServers.exec(replica, all.toArray(String[]::new));
  }

  @Override
  public void close() {
    try {
      replica.close();
    } finally {
      source.close();
    }
  }
}
