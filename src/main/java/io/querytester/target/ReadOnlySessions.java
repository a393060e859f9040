package io.querytester.target;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * The server's own guard for replays and checks that must not write: every session it opens runs in
 * read-only transaction mode, so the server refuses a write (error 1792, SQLSTATE 25006) that the
 * statement analysis let through, such as a stored function that writes although declared READS SQL
 * DATA. It does not stop what is no transactional write (SHUTDOWN, SET GLOBAL, KILL, GET_LOCK,
 * SLEEP): the analysis skips those.
 */
public final class ReadOnlySessions {
  /** MySQL's and MariaDB's ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION. */
  public static final int REFUSED = 1792;

  private ReadOnlySessions() {}

  /**
   * Whether an error is the read-only mode refusing a write: the server's 1792, or Connector/J's
   * own refusal (SQLSTATE S1009, no server code), which it makes before sending once the server has
   * told it, through session tracking, that the session is read-only (MariaDB 11.4 does).
   */
  public static boolean refused(int code, String sqlState, String message) {
    return code == REFUSED
        || (code == 0
            && "S1009".equals(sqlState)
            && message != null
            && message.contains("read-only"));
  }

  /** Puts an open session in read-only transaction mode (MySQL 5.6.5+, MariaDB 10.0+). */
  public static void enforce(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      // Connector/J does not send this itself to MariaDB, whose handshake reports version 5.5.5.
      s.execute("SET SESSION TRANSACTION READ ONLY");
    }
  }

  /**
   * A view of {@code target} whose every new connection is read-only; closing it closes nothing.
   */
  public static Target of(Target target) {
    return new ReadOnlyTarget(target);
  }

  private record ReadOnlyTarget(Target target) implements Target {
    @Override
    public String label() {
      return target.label();
    }

    @Override
    public TargetSpec spec() {
      return target.spec();
    }

    @Override
    public ServerInfo info() {
      return target.info();
    }

    @Override
    public Connection connect() throws SQLException {
      Connection c = target.connect();
      try {
        enforce(c);
        return c;
      } catch (SQLException | RuntimeException e) {
        c.close();
        throw e;
      }
    }

    @Override
    public Connection connectForLoad() throws SQLException {
      throw new SQLException("a read-only target loads nothing", "25006", REFUSED);
    }

    @Override
    public Optional<Path> errorLog() {
      return target.errorLog();
    }

    @Override
    public String describe() {
      return target.describe();
    }

    @Override
    public void close() {
      // the target belongs to whoever opened it
    }
  }
}
