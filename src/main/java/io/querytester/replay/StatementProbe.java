package io.querytester.replay;

import io.querytester.run.Observation;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/**
 * Runs single statements after a replay, outside it, observed exactly as the replay observes them
 * (the same digest of every row, column metadata, warnings, float rounding, statement timeout and
 * KILL QUERY), so that what a step after the replay sees compares with what the replay saw. For the
 * steps that re-run a class's examples with other session settings (cause attribution, fixes).
 *
 * <p>Runs what it is given: the caller decides, through {@link ReadOnlyGate}, what may run, on
 * read-only sessions.
 */
public final class StatementProbe implements AutoCloseable {
  private final StatementTimeouts timeouts;
  private final StatementRunner runner;

  /**
   * @param targets the sides, OLD first: a statement is run on {@code targets.get(side)}
   * @param timeout per statement, killed on the server past it
   * @param floatDigits significant digits compared for FLOAT/DOUBLE columns, as the run's
   * @param maxRows a result is read no further than this
   */
  public StatementProbe(List<Target> targets, Duration timeout, int floatDigits, long maxRows) {
    this.timeouts = new StatementTimeouts(targets, timeout);
    this.runner = new StatementRunner(new ValueCanon(floatDigits), maxRows, timeouts, true);
  }

  /**
   * Runs {@code sql} on {@code c}, a read-only session of side {@code side}, timed from now. A
   * failure is the observation's outcome, never an exception.
   */
  public Observation run(int side, Connection c, String sql) throws SQLException {
    try (Statement st = ReplayStatement.open(c)) {
      return runner.run(c, st, side, sql, System.nanoTime(), null).observation();
    }
  }

  @Override
  public void close() {
    timeouts.close();
  }
}
