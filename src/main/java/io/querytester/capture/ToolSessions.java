package io.querytester.capture;

import io.querytester.server.ConnectionSettings;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

/**
 * The sessions of querytester itself (other captures, replays, drift checks), known by the {@code
 * program_name} connection attribute every querytester connection sets. Only servers that expose
 * connection attributes (performance_schema.session_connect_attrs) tell; elsewhere nothing is a
 * tool session and only the capture's own connection is left out.
 *
 * <p>The attributes are read again whenever a connection id shows up that was not there at the last
 * reading, so a new querytester session is recognised in the very poll that first sees it.
 */
final class ToolSessions {
  private final SourceConnection db;
  private final Set<Long> tools = new HashSet<>();
  private final Set<Long> checked = new HashSet<>();
  private boolean available = true;

  ToolSessions(SourceConnection db) {
    this.db = db;
  }

  /** Whether the connection is a querytester session. */
  boolean isTool(long connectionId) {
    if (!available) {
      return false;
    }
    if (!checked.contains(connectionId)) {
      refresh();
      checked.add(connectionId); // asked once: a session without attributes is not a tool
    }
    return tools.contains(connectionId);
  }

  private void refresh() {
    try {
      SourceConnection.Rows r =
          db.query(
              "SELECT PROCESSLIST_ID, ATTR_VALUE FROM performance_schema.session_connect_attrs"
                  + " WHERE ATTR_NAME = 'program_name'");
      if (checked.size() > 100_000) {
        checked.clear();
        tools.clear();
      }
      for (Object[] row : r.rows()) {
        long id = ((Number) row[0]).longValue();
        checked.add(id);
        if (ConnectionSettings.PROGRAM_NAME.equals(String.valueOf(row[1]))) {
          tools.add(id);
        }
      }
    } catch (SQLException e) {
      // No performance_schema, or no SELECT on it: fall back to skipping our own session only.
      available = false;
    }
  }

  boolean available() {
    return available;
  }
}
