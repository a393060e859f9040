package io.querytester.target;

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
              "autocommit, isolation and schema are asked of the server, not assumed"));

  private DriverSettings() {}

  /** Adds every setting to {@code p}. */
  static void applyTo(Properties p) {
    for (Setting s : ALL) {
      p.setProperty(s.name(), s.value());
    }
  }
}
