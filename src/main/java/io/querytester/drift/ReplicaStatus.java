package io.querytester.drift;

import io.querytester.server.Flavour;
import io.querytester.server.ServerInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * What SHOW SLAVE STATUS (SHOW REPLICA STATUS on MySQL 8.0.22+) says about a replica.
 *
 * @param replica whether the server replicates from anything at all
 * @param ioRunning whether it receives events
 * @param sqlRunning whether it applies them
 * @param lagSeconds Seconds_Behind_Master, null when unknown (SQL thread stopped)
 */
record ReplicaStatus(boolean replica, boolean ioRunning, boolean sqlRunning, Long lagSeconds) {
  static final ReplicaStatus NOT_A_REPLICA = new ReplicaStatus(false, false, false, null);

  static ReplicaStatus read(Connection c, ServerInfo info) throws SQLException {
    String sql =
        info.flavour() == Flavour.MYSQL && info.versionNumber() >= 80022
            ? "SHOW REPLICA STATUS"
            : "SHOW SLAVE STATUS";
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      if (!rs.next()) {
        return NOT_A_REPLICA;
      }
      Map<String, String> row = new HashMap<>();
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        row.put(md.getColumnLabel(i), rs.getString(i));
      }
      String lag = either(row, "Seconds_Behind_Master", "Seconds_Behind_Source");
      return new ReplicaStatus(
          true,
          "Yes".equalsIgnoreCase(either(row, "Slave_IO_Running", "Replica_IO_Running")),
          "Yes".equalsIgnoreCase(either(row, "Slave_SQL_Running", "Replica_SQL_Running")),
          lag == null ? null : Long.valueOf(lag));
    }
  }

  /** For progress lines: "lag 3 s", "SQL thread stopped", "not a replica". */
  String describe() {
    if (!replica) {
      return "not a replica";
    }
    if (!sqlRunning) {
      return "replication stopped (SQL thread not running)";
    }
    if (!ioRunning) {
      return "not receiving from the source (IO thread not running)";
    }
    return lagSeconds == null ? "lag unknown" : "lag " + lagSeconds + " s";
  }

  private static String either(Map<String, String> row, String a, String b) {
    return row.containsKey(a) ? row.get(a) : row.get(b);
  }
}
