package io.querytester.capture;

import io.querytester.workload.SourcePosition;
import java.sql.SQLException;

/**
 * Reads where a source server's binary log stands (read-only: SHOW and SELECT), so that a workload
 * says the positions at which its capture began and ended, and OLD and NEW can be restored to the
 * first (a backup at that position, or a replica stopped there) for a write replay.
 */
final class BinlogPositions {
  private BinlogPositions() {}

  /** The position now, or null when the account may not read it. */
  static SourcePosition read(SourceConnection db) {
    String file = null;
    Long position = null;
    try {
      SourceConnection.Rows status = db.query("SHOW MASTER STATUS");
      if (!status.rows().isEmpty()) {
        file = SourceConnection.text(status.rows().get(0)[0]);
        position = SourceConnection.number(status.rows().get(0)[1]);
      }
    } catch (SQLException e) {
      try { // MySQL 8.4 removed SHOW MASTER STATUS
        SourceConnection.Rows status = db.query("SHOW BINARY LOG STATUS");
        if (!status.rows().isEmpty()) {
          file = SourceConnection.text(status.rows().get(0)[0]);
          position = SourceConnection.number(status.rows().get(0)[1]);
        }
      } catch (SQLException again) {
        return null; // no REPLICATION CLIENT (BINLOG MONITOR) privilege
      }
    }
    return new SourcePosition(file, position, gtid(db));
  }

  private static String gtid(SourceConnection db) {
    for (String sql :
        new String[] {"SELECT @@GLOBAL.gtid_binlog_pos", "SELECT @@GLOBAL.gtid_executed"}) {
      try {
        SourceConnection.Rows r = db.query(sql);
        Object v = r.rows().isEmpty() ? null : r.rows().get(0)[0];
        return v == null ? null : SourceConnection.text(v);
      } catch (SQLException e) {
        // the other flavour's variable
      }
    }
    return null;
  }
}
