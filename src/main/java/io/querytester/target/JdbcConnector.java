package io.querytester.target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Opens Connector/J connections for one URL with one set of settings. */
final class JdbcConnector {
  private final String url;
  private final ConnectionSettings settings;

  JdbcConnector(String url, ConnectionSettings settings) {
    this.url = url;
    this.settings = settings;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url, settings.driverProperties());
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
