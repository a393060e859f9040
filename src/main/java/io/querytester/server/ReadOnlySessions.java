package io.querytester.server;

import io.querytester.BadInputException;
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
   * Puts an open session in read-only transaction mode and, where the server can (MariaDB 10.2+,
   * MySQL 5.7+), has it report every session variable and transaction characteristic a statement
   * changes (session state tracking): the same one statement, so no round trip is added.
   */
  public static void enforce(Connection c, ServerInfo info) throws SQLException {
    if (!tracksSessions(info)) {
      enforce(c);
      return;
    }
    try (Statement s = c.createStatement()) {
      s.execute(
          "SET SESSION "
              + accessModeVariable(info)
              + " = 1, session_track_system_variables = '*',"
              + " session_track_transaction_info = 'CHARACTERISTICS'");
    }
  }

  /** Whether the server reports session changes (session_track_system_variables). */
  public static boolean tracksSessions(ServerInfo info) {
    return info.flavour() == Flavour.MARIADB
        ? info.versionNumber() >= 100202
        : info.versionNumber() >= 50700;
  }

  /** The session variable of the access mode: tx_read_only, or MySQL 5.7.20+'s new name. */
  public static String accessModeVariable(ServerInfo info) {
    return info.flavour() == Flavour.MYSQL && info.versionNumber() >= 50720
        ? "transaction_read_only"
        : "tx_read_only";
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

    /**
     * A read-only connection, or none: a URL whose driver properties let a statement do more than
     * read (allowMultiQueries ...) is refused, bad input rather than a failure to connect.
     */
    @Override
    public Connection connect() throws SQLException {
      Connection c = target.connect();
      try {
        String refused = DriverSettings.readOnlyRefusal(c);
        if (refused != null) {
          throw new BadInputException(
              target.label()
                  + " "
                  + target.spec().display()
                  + ": "
                  + refused
                  + "; a replay without --allow-writes refuses it: take it out of the URL");
        }
        enforce(c, target.info());
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
