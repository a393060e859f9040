package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each driver setting against a real server that is not in strict mode (10.1.23): what a replay
 * connection sees is what the server sent; where it matters, a connection with Connector/J's
 * default shows what the setting prevents.
 */
class DriverSettingsIT {
  static EmbeddedTarget server;

  @BeforeAll
  static void start() throws Exception {
    server = TestServers.start("OLD", "10.1.23");
    TestServers.exec(
        server,
        "CREATE DATABASE d",
        "CREATE TABLE d.t (id INT PRIMARY KEY, s VARCHAR(3), flag TINYINT(1), b BIT(1), y YEAR,"
            + " dt DATETIME, ts TIMESTAMP NULL, c CHAR(5))",
        "INSERT INTO d.t VALUES (1, 'abc', 1, b'1', 2024, '0000-00-00 00:00:00',"
            + " '2026-01-02 03:04:05', 'ab')");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everySettingReachesTheDriverAsSet() throws Exception {
    try (Connection c = server.connect()) {
      JdbcConnection jc = c.unwrap(JdbcConnection.class);
      for (DriverSettings.Setting s : DriverSettings.ALL) {
        assertThat(String.valueOf(jc.getPropertySet().getProperty(s.name()).getValue()))
            .as(s.name())
            .isEqualToIgnoringCase(s.value());
        assertThat(s.why()).as(s.name()).isNotBlank();
      }
    }
  }

  @Test
  void aParameterTheUserWroteInTheUrlWinsOverOurSetting() throws Exception {
    ConnectionSettings settings = server.settings();
    String insert = "INSERT INTO d.t (id, s) VALUES (3, 'abcdef')";
    JdbcConnector connector =
        new JdbcConnector(
            server.server().jdbcUrl()
                + (server.server().jdbcUrl().contains("?") ? "&" : "?")
                + "jdbcCompliantTruncation=true",
            settings);
    try (Connection c = connector.connect();
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeUpdate(insert))
          .isInstanceOf(com.mysql.cj.jdbc.exceptions.MysqlDataTruncation.class);
      st.execute("DELETE FROM d.t WHERE id = 3");
    }
  }

  @Test
  void jdbcCompliantTruncation_aTruncationWarningStaysAWarning() throws Exception {
    String insert = "INSERT INTO d.t (id, s) VALUES (2, 'abcdef')";
    try (Connection c = server.connect();
        Statement st = c.createStatement()) {
      assertThat(st.executeUpdate(insert)).isEqualTo(1);
      try (ResultSet rs = st.executeQuery("SHOW WARNINGS")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(2)).isEqualTo(1265);
      }
      st.execute("DELETE FROM d.t WHERE id = 2");
    }
    try (Connection c = defaultDriver(new Properties());
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeUpdate(insert))
          .isInstanceOf(com.mysql.cj.jdbc.exceptions.MysqlDataTruncation.class);
      st.execute("DELETE FROM d.t WHERE id = 2");
    }
  }

  @Test
  void useServerPrepStmts_preparedStatementsUseTheTextProtocol() throws Exception {
    try (Connection c = server.connect()) {
      long before = status(c, "Com_stmt_prepare");
      try (PreparedStatement ps = c.prepareStatement("SELECT ? + 1")) {
        ps.setInt(1, 41);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertThat(rs.getBytes(1)).asString().isEqualTo("42");
        }
      }
      assertThat(status(c, "Com_stmt_prepare")).isEqualTo(before);
    }
  }

  @Test
  void tinyInt1isBit_transformedBitIsBoolean_yearIsDateType_typesAsTheServerNamesThem()
      throws Exception {
    try (Connection c = server.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT flag, b, y FROM d.t WHERE id = 1")) {
      ResultSetMetaData md = rs.getMetaData();
      assertThat(md.getColumnTypeName(1)).isEqualTo("TINYINT");
      assertThat(md.getColumnType(1)).isEqualTo(Types.TINYINT);
      assertThat(md.getColumnTypeName(2)).isEqualTo("BIT");
      assertThat(md.getColumnTypeName(3)).isEqualTo("YEAR");
      assertThat(md.getColumnType(3)).isNotEqualTo(Types.DATE);
      rs.next();
      assertThat(rs.getBytes(3)).asString().isEqualTo("2024");
    }
    try (Connection c = defaultDriver(new Properties());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT flag, y FROM d.t WHERE id = 1")) {
      assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.BIT);
      assertThat(rs.getMetaData().getColumnType(2)).isEqualTo(Types.DATE);
    }
  }

  @Test
  void zeroDateTimeBehavior_aZeroDateIsReadAsTheServerWroteIt() throws Exception {
    try (Connection c = server.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT dt FROM d.t WHERE id = 1")) {
      rs.next();
      assertThat(new String(rs.getBytes(1), StandardCharsets.US_ASCII))
          .isEqualTo("0000-00-00 00:00:00");
    }
  }

  @Test
  void forceConnectionTimeZoneToSession_connectionTimeZone_preserveInstants_timeAsOnTheServer()
      throws Exception {
    try (Connection c = server.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT @@session.time_zone, @@global.time_zone, ts, CAST(ts AS CHAR)"
                    + " FROM d.t WHERE id = 1")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo(rs.getString(2));
      assertThat(rs.getBytes(3)).isEqualTo(rs.getBytes(4));
    }
  }

  @Test
  void useAffectedRows_anUpdateCountsTheRowsItChanged() throws Exception {
    String same = "UPDATE d.t SET s = s WHERE id = 1";
    try (Connection c = server.connect();
        Statement st = c.createStatement()) {
      assertThat(st.executeUpdate(same)).isZero();
      try (ResultSet rs = st.executeQuery("SELECT ROW_COUNT()")) {
        rs.next();
        assertThat(rs.getLong(1)).isZero();
      }
    }
    try (Connection c = defaultDriver(new Properties());
        Statement st = c.createStatement()) {
      assertThat(st.executeUpdate(same)).isEqualTo(1);
    }
  }

  @Test
  void padCharsWithSpace_useOldAliasMetadataBehavior_valuesAndNamesAsSent() throws Exception {
    try (Connection c = server.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT c AS label FROM d.t WHERE id = 1")) {
      assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("label");
      assertThat(rs.getMetaData().getColumnName(1)).isEqualTo("c");
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("ab");
    }
  }

  @Test
  void dumpQueriesOnException_includeThreadNames_errorsAndStatementsAsTheServerSees()
      throws Exception {
    try (Connection c = server.connect();
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeQuery("SELECT nosuch FROM d.t"))
          .isInstanceOf(SQLException.class)
          .hasMessage("Unknown column 'nosuch' in 'field list'");
      try (ResultSet rs =
          st.executeQuery(
              "SELECT info FROM information_schema.processlist WHERE id = CONNECTION_ID()")) {
        rs.next();
        assertThat(rs.getString(1)).startsWith("SELECT info");
      }
    }
  }

  @Test
  void enableEscapeProcessing_odbcEscapesReachTheServerAsWritten() throws Exception {
    String sql = "SELECT {d '2024-01-02'} + 0, {fn CONCAT('a', 'b')}";
    try (Connection c = server.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("20240102"); // the server's DATE literal
      assertThat(rs.getString(2)).isEqualTo("ab");
    }
    try (Connection c = defaultDriver(new Properties());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      // the driver sent '2024-01-02' + 0: a string made a number, 2024 as a DOUBLE
      assertThat(Double.parseDouble(rs.getString(1))).isEqualTo(2024.0);
    }
  }

  @Test
  void useLocalSessionState_cacheServerConfiguration_theServerIsAsked() throws Exception {
    try (Connection c = server.connect();
        Statement st = c.createStatement()) {
      st.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
      assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
    }
  }

  private static long status(Connection c, String name) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SHOW SESSION STATUS LIKE '" + name + "'")) {
      rs.next();
      return rs.getLong(2);
    }
  }

  /** A connection with Connector/J's own defaults, to show what a setting changes. */
  private static Connection defaultDriver(Properties p) throws SQLException {
    p.setProperty("user", "root");
    p.setProperty("password", server.server().rootPassword().reveal());
    p.setProperty("sslMode", "DISABLED");
    p.setProperty("allowPublicKeyRetrieval", "true");
    return DriverManager.getConnection(server.server().jdbcUrl(), p);
  }
}
