package io.querytester.capture;

import io.querytester.target.ConnectionSettings;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

/**
 * The sessions of querytester itself (other captures, replays, drift checks), known by the {@code
 * program_name} connection attribute every querytester connection sets. Only servers that expose
 * connection attributes (performance_schema.session_connect_attrs) tell; elsewhere the set stays
 * empty and only the capture's own connection is left out.
 */
final class ToolSessions {
  private static final long REFRESH_NANOS = 1_000_000_000L;

  private final SourceConnection db;
  private Set<Long> ids = Set.of();
  private boolean available = true;
  private long refreshed = Long.MIN_VALUE;

  ToolSessions(SourceConnection db) {
    this.db = db;
  }

  /** Connection ids of querytester sessions, refreshed about once a second. */
  Set<Long> ids() {
    long now = System.nanoTime();
    if (available && now - refreshed > REFRESH_NANOS) {
      refreshed = now;
      try {
        SourceConnection.Rows r =
            db.query(
                "SELECT PROCESSLIST_ID FROM performance_schema.session_connect_attrs"
                    + " WHERE ATTR_NAME = 'program_name' AND ATTR_VALUE = '"
                    + ConnectionSettings.PROGRAM_NAME
                    + "'");
        Set<Long> found = new HashSet<>();
        for (Object[] row : r.rows()) {
          found.add(((Number) row[0]).longValue());
        }
        ids = found;
      } catch (SQLException e) {
        // No performance_schema, or no SELECT on it: fall back to skipping our own session only.
        available = false;
      }
    }
    return ids;
  }

  boolean available() {
    return available;
  }
}
