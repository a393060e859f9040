package io.querytester.server;

import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.conf.RuntimeProperty;
import com.mysql.cj.jdbc.JdbcConnection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * Every Connector/J property that could change what a replay sees of the server's answer (values,
 * types, errors, warnings, row counts), set to the value that passes the server's answer through
 * untouched. One place, one reason each: docs/replay.md lists them, and DriverSettingsIT shows each
 * against a real server.
 */
public final class DriverSettings {

  /**
   * One property.
   *
   * @param name the Connector/J property
   * @param value the faithful value
   * @param why what the driver would do otherwise
   */
  public record Setting(String name, String value, String why) {}

  /** The settings in the order docs/replay.md lists them. */
  public static final List<Setting> ALL =
      List.of(
          new Setting(
              "jdbcCompliantTruncation",
              "false",
              "by default a truncation warning (1265, 1366, 1406) of a non-strict server is thrown"
                  + " as an error, so OLD's warning and NEW's strict-mode error look the same"),
          new Setting(
              "useServerPrepStmts",
              "false",
              "the text protocol: values arrive as the text the server formats, the bytes a client"
                  + " sees, and no prepared-statement round trips"),
          new Setting(
              "tinyInt1isBit",
              "false",
              "TINYINT(1) stays TINYINT instead of being reported as BIT/BOOLEAN"),
          new Setting(
              "transformedBitIsBoolean",
              "false",
              "BIT(1) is not renamed BOOLEAN in the column metadata"),
          new Setting(
              "yearIsDateType",
              "false",
              "YEAR stays a YEAR (SMALLINT) column instead of a DATE on January 1st"),
          new Setting(
              "zeroDateTimeBehavior",
              "EXCEPTION",
              "zero dates are never rewritten to NULL or 0001-01-01; values are read as raw bytes,"
                  + " so no conversion ever runs"),
          new Setting(
              "forceConnectionTimeZoneToSession",
              "false",
              "the session keeps the server's time_zone: NOW(), CONVERT_TZ and TIMESTAMP columns"
                  + " read as on the server"),
          new Setting(
              "connectionTimeZone",
              "SERVER",
              "no client time zone is assumed; with raw bytes read, no value is shifted"),
          new Setting(
              "preserveInstants",
              "false",
              "no instant conversion between the server's and the JVM's time zones"),
          new Setting(
              "useAffectedRows",
              "true",
              "an UPDATE reports the rows it changed, as the server counts them (and ROW_COUNT()"
                  + " agrees), not the rows it found (CLIENT_FOUND_ROWS)"),
          new Setting(
              "padCharsWithSpace", "false", "CHAR values are not padded on the client side"),
          new Setting(
              "useOldAliasMetadataBehavior",
              "false",
              "column labels and original names come apart as the server sent them"),
          new Setting(
              "dumpQueriesOnException",
              "false",
              "error messages are the server's, without the statement appended"),
          new Setting(
              "includeInnodbStatusInDeadlockExceptions",
              "false",
              "deadlock errors are the server's message, without InnoDB status appended"),
          new Setting(
              "includeThreadNamesAsStatementComment",
              "false",
              "statements reach the server as written, without a comment in front"),
          new Setting(
              "enableEscapeProcessing",
              "false",
              "statements reach the server as captured: the server reads ODBC escapes ({d '...'},"
                  + " {ts '...'}, {fn ...}) itself, and the driver would rewrite them first ({d"
                  + " '2024-01-02'} + 0 is 20240102 on the server, 2024 once the driver made the"
                  + " date a string)"),
          new Setting(
              "cacheResultSetMetadata",
              "false",
              "column metadata is the one the server sent for this result, never a cached one"),
          new Setting(
              "cacheServerConfiguration",
              "false",
              "server variables are read from each server, never from another connection's cache"),
          new Setting(
              "useLocalSessionState",
              "false",
              "autocommit, isolation and schema are asked of the server, not assumed"),
          new Setting(
              "trackSessionState",
              "true",
              "the server reports in its answer to each statement what the statement changed in"
                  + " the session (sql_mode, character set, access mode), which a read-only replay"
                  + " checks against what its analysis expected"));

  /**
   * A property that lets one statement do more than one statement's reading, or turns off what a
   * read-only replay relies on; a read-only replay refuses a connection on which it is in effect.
   *
   * @param name the Connector/J property
   * @param off its value when harmless
   * @param why what it would let a statement of the workload do
   */
  public record Widening(String name, String off, String why) {}

  /** What a read-only replay refuses, checked on each connection as the driver has it in effect. */
  public static final List<Widening> READ_ONLY_REFUSED =
      List.of(
          new Widening(
              "allowMultiQueries",
              "false",
              "lets one statement text run several statements, the second unseen by the analysis"),
          new Widening(
              "allowLoadLocalInfile",
              "false",
              "lets LOAD DATA LOCAL INFILE send files of this machine to the server"),
          new Widening(
              "allowLoadLocalInfileInPath",
              "",
              "lets LOAD DATA LOCAL INFILE send files under that path to the server"),
          new Widening("allowUrlInLocalInfile", "false", "lets LOAD DATA LOCAL INFILE fetch URLs"),
          new Widening(
              "autoDeserialize",
              "false",
              "deserializes Java objects from BLOB values a statement selects"),
          new Widening(
              "rewriteBatchedStatements",
              "false",
              "rewrites statements into multi-statement texts"),
          new Widening(
              "queryInterceptors", "", "runs code of the URL's choosing around every statement"),
          new Widening(
              "trackSessionState",
              "true",
              "turned off, the server no longer reports what each statement changed in the"
                  + " session, which a read-only replay checks"));

  /**
   * Why a read-only replay must not use this connection: the first property of {@link
   * #READ_ONLY_REFUSED} in effect on it (from the URL, in any spelling Connector/J accepts), said
   * with its value, or null.
   */
  public static String readOnlyRefusal(Connection c) throws SQLException {
    PropertySet set = c.unwrap(JdbcConnection.class).getPropertySet();
    for (Widening w : READ_ONLY_REFUSED) {
      PropertyKey key = PropertyKey.fromValue(w.name());
      if (key == null) {
        continue; // a property this driver no longer has (autoDeserialize): nothing turns it on
      }
      RuntimeProperty<?> p = set.getProperty(key);
      Object value = p == null ? null : p.getValue();
      String shown = value == null ? "" : value.toString();
      if (!shown.isEmpty() && !shown.equalsIgnoreCase(w.off())) {
        return w.name() + "=" + shown + " " + w.why();
      }
    }
    return null;
  }

  private DriverSettings() {}

  /** Adds every setting to {@code p}. */
  static void applyTo(Properties p) {
    for (Setting s : ALL) {
      p.setProperty(s.name(), s.value());
    }
  }
}
