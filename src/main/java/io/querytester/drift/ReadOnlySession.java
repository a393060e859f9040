package io.querytester.drift;

import io.querytester.target.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Opens the only kind of connection drift uses: read-only at the driver and at the server, with the
 * session settings that make the checksum text identical on every side.
 */
final class ReadOnlySession {
  private ReadOnlySession() {}

  static Connection open(Target target) throws SQLException {
    Connection c = target.connect();
    try {
      c.setAutoCommit(true);
      c.setReadOnly(true);
      try (Statement s = c.createStatement()) {
        // The server refuses any write in this session (MySQL 5.6.5+, MariaDB 10.0+); Connector/J
        // does not send this itself to MariaDB, whose handshake reports version 5.5.5.
        s.execute("SET SESSION TRANSACTION READ ONLY");
        // TIMESTAMP values print in the session time zone: the same zone on every side.
        s.execute("SET SESSION time_zone = '+00:00'");
        // QUOTE() escapes with backslashes; NO_BACKSLASH_ESCAPES or ANSI_QUOTES would misread them.
        s.execute("SET SESSION sql_mode = ''");
      }
      return c;
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }
}
