package io.querytester.explain;

import io.querytester.compare.RunAnalyzer;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.run.RunInfo;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SessionPrelude;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A statement of a run, on one target after the replay, in the state its session had when the
 * replay ran it: a read-only session (the server refuses writes), the statement's schema, and the
 * session statements before it (SET, USE) that the replay's read-only gate lets through. The step
 * that reads plans runs EXPLAIN in it; a latency confirmation runs the statement itself, again and
 * again; a step may also change a session variable first ({@link #statement()}).
 *
 * <p>A session statement that fails is passed over: it failed in the replay too, or it sets what
 * this server has not, and the statement still runs in the rest of the state.
 */
public final class ExampleSession implements AutoCloseable {
  private final String label;
  private final Connection connection;
  private final Statement statement;
  private final SessionPrelude prelude;

  private ExampleSession(
      String label, Connection connection, Statement statement, SessionPrelude prelude) {
    this.label = label;
    this.connection = connection;
    this.statement = statement;
    this.prelude = prelude;
  }

  /**
   * The statements at {@code sessionOfEvent}'s events (workload lines), each with its session's
   * statements before it, from the run's workload; an event that cannot be found is left out.
   */
  public static Map<Long, SessionPrelude> preludes(
      Path runDir, Map<Long, Long> sessionOfEvent, Consumer<String> warnings) {
    if (sessionOfEvent.isEmpty()) {
      return Map.of();
    }
    try {
      Path workload = RunAnalyzer.workload(RunInfo.read(runDir), runDir);
      return SessionPrelude.read(workload, sessionOfEvent, warnings);
    } catch (IOException | RuntimeException e) {
      warnings.accept(
          "cannot read the run's workload for its example statements: " + e.getMessage());
      return Map.of();
    }
  }

  /**
   * Opens a read-only session on {@code target} in the state of {@code prelude}'s statement; each
   * statement run in it is bounded by {@code timeout}.
   */
  public static ExampleSession open(
      Target target, ReadOnlyGate gate, SessionPrelude prelude, Duration timeout)
      throws SQLException {
    Connection c = ReadOnlySessions.of(target).connect();
    try {
      Statement s = c.createStatement();
      s.setQueryTimeout((int) Math.max(1, timeout.toSeconds()));
      ExampleSession session = new ExampleSession(target.label(), c, s, prelude);
      prepare(s, prelude, gate, null);
      return session;
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /**
   * Prepares {@code s}'s session for {@code prelude}'s statement: its schema, then the session
   * statements the replay would have run, each read as the session read it (what the replay would
   * skip is skipped here too).
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
    for (QueryEvent e : gate.session(prelude.session(), prelude.event().sql()).run()) {
      try {
        s.execute(e.sql());
      } catch (SQLException ignored) {
        // it failed in the replay too, or it sets what this server has not (see the class doc)
      }
    }
  }

  /** The target's label: OLD, NEW. */
  public String label() {
    return label;
  }

  /** The statement this session was opened for, as the workload has it. */
  public String sql() {
    return prelude.event().sql();
  }

  /** The session's statement object, for what else a step runs in this state (EXPLAIN ...). */
  public Statement statement() {
    return statement;
  }

  /**
   * Runs the statement once and reads every row of every result it gives: its latency in
   * microseconds, from sending it to its last row, as the replay times a statement.
   */
  public long runTimed() throws SQLException {
    long start = System.nanoTime();
    boolean rows = statement.execute(sql());
    while (true) {
      if (rows) {
        try (ResultSet rs = statement.getResultSet()) {
          while (rs.next()) {
            // every row is read: the server's work is not over before the client has them
          }
        }
      } else if (statement.getUpdateCount() == -1) {
        break;
      }
      rows = statement.getMoreResults();
    }
    return (System.nanoTime() - start) / 1000;
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
