package io.querytester.server;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/** Opens Connector/J connections for one URL with one set of settings. */
final class JdbcConnector {
  /**
   * Connector/J's driver, called directly. DriverManager first loads every java.sql.Driver on the
   * class path (Testcontainers' too) and then asks each in turn: 10 ms of every command's first
   * connection.
   */
  private static final Driver DRIVER = driver();

  private final String url;
  private final ConnectionSettings settings;

  JdbcConnector(String url, ConnectionSettings settings) {
    this.url = url;
    this.settings = settings;
  }

  Connection connect() throws SQLException {
    return open(url, properties());
  }

  private static Driver driver() {
    try {
      return new com.mysql.cj.jdbc.NonRegisteringDriver();
    } catch (SQLException e) {
      throw new IllegalStateException("Connector/J's driver cannot be made", e); // never thrown
    }
  }

  /** A Connector/J connection to {@code url}. */
  static Connection open(String url, Properties p) throws SQLException {
    Connection c = DRIVER.connect(url, p);
    if (c == null) {
      throw new SQLException(
          "not a MySQL Connector/J URL (jdbc:mysql://...): " + JdbcUrls.mask(url), "08001");
    }
    return c;
  }

  /**
   * The settings' driver properties less those the URL sets: Connector/J lets the properties passed
   * beside a URL override its parameters, and a parameter the user wrote must win.
   */
  private Properties properties() {
    Properties p = settings.driverProperties();
    Set<String> inUrl = JdbcUrls.parameterNames(url);
    p.stringPropertyNames().stream()
        .filter(name -> inUrl.contains(name.toLowerCase(Locale.ROOT)))
        .forEach(p::remove);
    return p;
  }

  /** See {@link Target#connectForLoad()}. */
  Connection connectForLoad() throws SQLException {
    Properties p = properties();
    // Connector/J encodes SQL text in characterEncoding and never follows a SET NAMES of ours:
    // ISO-8859-1 maps each char back to the byte it was read from.
    p.setProperty("characterEncoding", "ISO-8859-1");
    p.remove("connectionCollation");
    Connection c = open(url, p);
    try (Statement s = c.createStatement()) {
      s.execute("SET NAMES utf8mb4 COLLATE " + settings.collation());
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }

  ServerInfo probe() throws SQLException {
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT VERSION()")) {
      rs.next();
      return ServerInfo.of(rs.getString(1));
    }
  }

  String display() {
    return JdbcUrls.mask(url);
  }
}
