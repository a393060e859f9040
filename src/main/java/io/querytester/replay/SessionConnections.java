package io.querytester.replay;

import io.querytester.target.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * One captured session's connections, one per target, brought to the session's state (schema and
 * SET statements) whenever a connection is (re)opened.
 */
final class SessionConnections implements AutoCloseable {
  private final List<Target> targets;
  private final Connection[] connections;
  final SessionState state = new SessionState();

  SessionConnections(List<Target> targets) {
    this.targets = targets;
    this.connections = new Connection[targets.size()];
  }

  /** The connection to side {@code i}, opened and restored on first use or after a loss. */
  Connection connection(int i) throws SQLException {
    if (connections[i] == null) {
      Connection c = targets.get(i).connect();
      try {
        restore(c);
      } catch (SQLException e) {
        // A SET that fails on this side is replayed (and observed) as its own event; the
        // connection stays usable.
      }
      connections[i] = c;
    }
    return connections[i];
  }

  /** Forgets a connection that broke, so the next use opens a new one. */
  void lost(int i) {
    Connection c = connections[i];
    connections[i] = null;
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // it is broken already
      }
    }
  }

  boolean isOpen(int i) {
    return connections[i] != null;
  }

  private void restore(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      if (state.schema() != null) {
        s.execute("USE " + quote(state.schema()));
      }
      for (String set : state.setStatements()) {
        s.execute(set);
      }
    }
  }

  static String quote(String identifier) {
    return "`" + identifier.replace("`", "``") + "`";
  }

  @Override
  public void close() {
    for (int i = 0; i < connections.length; i++) {
      lost(i);
    }
  }
}
