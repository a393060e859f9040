package io.querytester.replay;

import com.mysql.cj.NativeSession;
import com.mysql.cj.jdbc.JdbcConnection;
import io.querytester.run.Warning;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads SHOW WARNINGS only when the server said there are some. The warning count comes with every
 * OK/EOF packet; Connector/J keeps it in its protocol object but its public API drops the warning
 * level, so we ask for it ourselves.
 */
final class ServerWarnings {
  private ServerWarnings() {}

  static List<Warning> fetch(Connection c, Statement st) throws SQLException {
    if (count(c, st) == 0) {
      return List.of();
    }
    List<Warning> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW WARNINGS")) {
      while (rs.next()) {
        out.add(new Warning(rs.getString(1), rs.getInt(2), rs.getString(3)));
      }
    }
    return out;
  }

  private static int count(Connection c, Statement st) throws SQLException {
    try {
      JdbcConnection jc = c.unwrap(JdbcConnection.class);
      if (jc.getSession() instanceof NativeSession ns) {
        return ns.getProtocol().getWarningCount();
      }
    } catch (SQLException | RuntimeException e) {
      // Fall through to the public API, which costs a SHOW WARNINGS only when there are some.
    }
    return st.getWarnings() == null ? 0 : 1;
  }
}
