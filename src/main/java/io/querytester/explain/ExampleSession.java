package io.querytester.explain;

import io.querytester.replay.ReadOnlyGate;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SessionPrelude;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Puts a fresh read-only session in the state a class's example ran in: the statement's schema and
 * the session statements before it, each through the replay's read-only gate (what the replay would
 * skip is skipped here too). Plans, cause trials and fix trials all start here.
 */
final class ExampleSession {
  private ExampleSession() {}

  /**
   * Prepares {@code s}'s session for {@code prelude}'s statement.
   *
   * @param set session settings to give first, so that the session's own SETs still win as they did
   *     in the replay; null for none. Its failure goes up: a trial without its settings would say
   *     nothing.
   */
  static void prepare(Statement s, SessionPrelude prelude, ReadOnlyGate gate, String set)
      throws SQLException {
    if (set != null) {
      s.execute(set);
    }
    String schema = prelude.event().schema();
    if (schema != null && !schema.isEmpty()) {
      s.execute("USE `" + schema.replace("`", "``") + "`");
    }
    // the session statements the replay would have run, each read as the session read it
    for (QueryEvent e : gate.session(prelude.session(), prelude.event().sql()).run()) {
      try {
        s.execute(e.sql());
      } catch (SQLException ignored) {
        // it failed in the replay too, or it sets what this server has not: the statement still
        // runs
      }
    }
  }
}
