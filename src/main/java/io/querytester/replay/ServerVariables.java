package io.querytester.replay;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/** SHOW GLOBAL VARIABLES of a target, so the report can show what differs besides the version. */
final class ServerVariables {
  private ServerVariables() {}

  static Map<String, String> read(Connection c) {
    Map<String, String> vars = new TreeMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES")) {
      while (rs.next()) {
        vars.put(rs.getString(1), rs.getString(2));
      }
    } catch (SQLException e) {
      vars.putAll(unreadable(e.getMessage()));
    }
    return vars;
  }

  /** What run.json keeps for a server whose variables could not be read, and why. */
  static Map<String, String> unreadable(String why) {
    return Map.of("(error)", "SHOW GLOBAL VARIABLES failed: " + why);
  }
}
