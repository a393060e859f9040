package io.querytester.drift;

import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
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
      ReadOnlySessions.enforce(c);
      try (Statement s = c.createStatement()) {
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
