package io.querytester.replay;

import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.List;

/**
 * One captured session's connections, one per target, brought to the session's state (schema and
 * SET statements) whenever a connection is (re)opened.
 */
final class SessionConnections implements AutoCloseable {
  private final List<Target> targets;
  private final ReplayWatch watch;
  private final Connection[] connections;
  private final Statement[] statements;
  private final int[] generations;
  private final ServerReports[] reports;
  final SessionState state;

  /** How the session's servers read its statements: set by {@link ReadingGuard}, else null. */
  SessionReading reading;

  private long lastUsed = System.nanoTime();

  SessionConnections(List<Target> targets, ReplayWatch watch, SessionState state) {
    this.targets = targets;
    this.state = state;
    this.watch = watch;
    this.connections = new Connection[targets.size()];
    this.statements = new Statement[targets.size()];
    this.generations = new int[targets.size()];
    this.reports = new ServerReports[targets.size()];
  }

  /** What side {@code i}'s server reported its session's statements changed, or null. */
  ServerReports reports(int i) {
    return reports[i];
  }

  /**
   * The connection to side {@code i}, opened and restored on first use, after a loss and after its
   * server restarted. Fails at once when the side is down for good.
   */
  Connection connection(int i) throws SQLException {
    String down = watch.await(i);
    if (down != null) {
      lost(i);
      throw new SQLNonTransientConnectionException(down, "08000");
    }
    if (connections[i] != null && generations[i] != watch.generation(i)) {
      lost(i); // opened before the server restarted: dead
    }
    if (connections[i] == null) {
      int generation = watch.generation(i);
      Connection c;
      try {
        c = targets.get(i).connect();
      } catch (SQLException e) {
        if (tooMany(e) || !watch.unreachable(i) || watch.await(i) != null) {
          throw e;
        }
        generation = watch.generation(i);
        c = targets.get(i).connect();
      }
      generations[i] = generation;
      // before the restore: the reading its SETs give back is checked with the next statement
      reports[i] = ServerReports.attach(c);
      try {
        restore(c);
      } catch (SQLException e) {
        // no statement could be made: the session's next statement shows the broken connection
      }
      connections[i] = c;
    }
    return connections[i];
  }

  /** {@link #connection}, with its failure returned rather than thrown: null when it is open. */
  SQLException tryConnection(int i) {
    try {
      connection(i);
      return null;
    } catch (SQLException e) {
      return e;
    }
  }

  /**
   * The statement the session's workload runs through on side {@code i}, kept open from one
   * statement to the next: creating one per statement was a tenth of the driver's CPU in a replay
   * (Connector/J reads a dozen properties per statement object). Streams rows ({@link
   * ReplayStatement}); a closed one (after a failure or a cancel) is replaced. Call after {@link
   * #connection}, which opens the connection.
   */
  Statement statement(int i) throws SQLException {
    Statement st = statements[i];
    if (st == null || st.isClosed()) {
      st = ReplayStatement.open(connections[i]);
      statements[i] = st;
    }
    return st;
  }

  /** Forgets a connection that broke, so the next use opens a new one. */
  void lost(int i) {
    Connection c = connections[i];
    connections[i] = null;
    statements[i] = null; // closed with its connection
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // it is broken already
      }
    }
  }

  /** The server refused for too many connections (ER_CON_COUNT_ERROR): up, but full. */
  static boolean tooMany(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && sql.getErrorCode() == 1040) {
        return true;
      }
    }
    return e.getMessage() != null && e.getMessage().contains("Too many connections");
  }

  void used() {
    lastUsed = System.nanoTime();
  }

  /** When a statement of this session last ran (nanoTime). */
  long lastUsed() {
    return lastUsed;
  }

  /**
   * Whether a server says this session is inside a transaction (the status flag of its last
   * answer): closing it would roll back what production committed later, so it is kept open.
   */
  boolean inTransaction() {
    for (Connection c : connections) {
      try {
        if (c != null
            && c.unwrap(com.mysql.cj.MysqlConnection.class)
                .getSession()
                .getServerSession()
                .inTransactionOnServer()) {
          return true;
        }
      } catch (SQLException | RuntimeException e) {
        // not Connector/J's own connection: not known, so not kept for it
      }
    }
    return false;
  }

  /** The server's id of the connection to side {@code i} (its CONNECTION_ID()), 0 when closed. */
  long threadId(int i) {
    Connection c = connections[i];
    if (c == null) {
      return 0;
    }
    try {
      return c.unwrap(com.mysql.cj.MysqlConnection.class).getSession().getThreadId();
    } catch (SQLException | RuntimeException e) {
      return 0;
    }
  }

  boolean isOpen(int i) {
    return connections[i] != null;
  }

  /**
   * Each statement on its own: a SET that fails on this side (a variable its version dropped) was
   * observed as its own event, and must not keep the SETs after it from this connection.
   */
  private void restore(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      if (state.schema() != null) {
        quietly(s, "USE " + quote(state.schema()));
      }
      for (String set : state.setList()) {
        quietly(s, set);
      }
    }
  }

  private static void quietly(Statement s, String sql) {
    try {
      s.execute(sql);
    } catch (SQLException e) {
      // observed where the session ran it; the connection stays usable
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
