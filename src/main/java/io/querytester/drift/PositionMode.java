package io.querytester.drift;

import io.querytester.server.Flavour;
import io.querytester.server.ServerInfo;
import java.util.Locale;

/**
 * How replicas are told where the source was: by GTID (MariaDB's or MySQL's, which differ) or by
 * binary log file and position. The SQL for both ends lives here, so source and replica can never
 * disagree about the kind of position.
 */
public enum PositionMode {
  MARIADB_GTID,
  MYSQL_GTID,
  FILE;

  /** The query that reads the position on the source. */
  String readSql(ServerInfo source) {
    return switch (this) {
      case MARIADB_GTID -> "SELECT @@GLOBAL.gtid_binlog_pos";
      case MYSQL_GTID -> "SELECT @@GLOBAL.gtid_executed";
      case FILE -> binaryLogStatus(source);
    };
  }

  /**
   * The wait function on a replica, with placeholders for the position and a timeout in whole
   * seconds. Return values differ: MASTER_GTID_WAIT 0 or -1, WAIT_FOR_EXECUTED_GTID_SET 0 or 1,
   * MASTER_POS_WAIT events waited (>= 0), -1 on timeout, NULL when replication is not running.
   */
  String waitSql(ServerInfo replica) {
    return switch (this) {
      case MARIADB_GTID -> "SELECT MASTER_GTID_WAIT(?, ?)";
      case MYSQL_GTID -> "SELECT WAIT_FOR_EXECUTED_GTID_SET(?, ?)";
      case FILE ->
          replica.flavour() == Flavour.MYSQL && replica.versionNumber() >= 80026
              ? "SELECT SOURCE_POS_WAIT(?, ?, ?)"
              : "SELECT MASTER_POS_WAIT(?, ?, ?)";
    };
  }

  /** Whether a wait function's result means the position was reached. */
  boolean reached(Long result) {
    if (result == null) {
      return false;
    }
    return switch (this) {
      case MARIADB_GTID, MYSQL_GTID -> result == 0;
      case FILE -> result >= 0;
    };
  }

  static String binaryLogStatus(ServerInfo source) {
    // MySQL 8.4 removed SHOW MASTER STATUS (8.2 added the new name).
    return source.flavour() == Flavour.MYSQL && source.versionNumber() >= 80200
        ? "SHOW BINARY LOG STATUS"
        : "SHOW MASTER STATUS";
  }

  public static PositionMode parse(String s) {
    return valueOf(s.toUpperCase(Locale.ROOT).replace('-', '_'));
  }
}
