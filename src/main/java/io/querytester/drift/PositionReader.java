package io.querytester.drift;

import io.querytester.CannotRunException;
import io.querytester.server.Flavour;
import io.querytester.server.ServerInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Reads the source's current binary log position, and picks how to read it. */
final class PositionReader {
  private final PositionMode mode;
  private final ServerInfo source;

  PositionReader(PositionMode mode, ServerInfo source) {
    this.mode = mode;
    this.source = source;
  }

  PositionMode mode() {
    return mode;
  }

  ReplicaPosition read(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(mode.readSql(source))) {
      if (!rs.next()) {
        throw new CannotRunException(
            "the source has no binary log (" + mode.readSql(source) + " returned nothing)");
      }
      if (mode == PositionMode.FILE) {
        return new ReplicaPosition.FilePos(rs.getString(1), rs.getLong(2));
      }
      String set = rs.getString(1) == null ? "" : rs.getString(1).replaceAll("\\s+", "");
      return set.isEmpty() ? new ReplicaPosition.None() : new ReplicaPosition.Gtid(set);
    }
  }

  /**
   * GTIDs when every server speaks the source's kind of GTID (MariaDB always has them; MySQL only
   * with gtid_mode=ON), else binary log file and position. A source without a binary log cannot
   * have replicas.
   */
  static PositionMode detect(Connection source, ServerInfo info, List<ServerInfo> replicas)
      throws SQLException {
    if (!"1".equals(single(source, "SELECT @@GLOBAL.log_bin"))) {
      throw new CannotRunException(
          "the source has no binary log (log_bin is off), so nothing can replicate from it;"
              + " check that --source names the primary");
    }
    boolean sameFlavour = replicas.stream().allMatch(r -> r.flavour() == info.flavour());
    if (info.flavour() == Flavour.MARIADB && sameFlavour) {
      return PositionMode.MARIADB_GTID;
    }
    if (info.flavour() == Flavour.MYSQL
        && sameFlavour
        && "ON".equalsIgnoreCase(single(source, "SELECT @@GLOBAL.gtid_mode"))) {
      return PositionMode.MYSQL_GTID;
    }
    return PositionMode.FILE;
  }

  private static String single(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
