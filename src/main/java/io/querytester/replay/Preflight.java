package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.target.JdbcSpec;
import io.querytester.target.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * What the replay reads from one server before its first statement, on one connection: the
 * account's powers beyond reading (null when not checked), the stored functions that may write
 * (null when writes are allowed), SHOW GLOBAL VARIABLES for run.json, and the connections the
 * replay may hold there (0 when {@code --max-connections} sets it). Each check had opened its own
 * connection, one server after the other: eight connections before the first statement.
 */
record Preflight(
    Set<String> powers, StoredFunctions functions, Map<String, String> variables, int budget) {

  /**
   * Reads every target at once. {@code targets} open read-only sessions when writes are not
   * allowed; {@code out} gets what the budget has to say.
   */
  static List<Preflight> readAll(
      List<Target> targets, boolean allowWrites, ConnectionLimits limits, Consumer<String> out) {
    List<Preflight> read = new ArrayList<>();
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Preflight>> jobs = new ArrayList<>();
      for (Target t : targets) {
        jobs.add(pool.submit(() -> read(t, allowWrites, limits, out)));
      }
      for (Future<Preflight> job : jobs) {
        read.add(job.get());
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new CannotRunException("the checks before the replay failed: " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("interrupted during the checks before the replay", e);
    }
    return read;
  }

  private static Preflight read(
      Target t, boolean allowWrites, ConnectionLimits limits, Consumer<String> out) {
    try (Connection c = t.connect()) {
      return new Preflight(
          !allowWrites && t.spec() instanceof JdbcSpec ? AccountCheck.powers(c, t) : null,
          allowWrites ? null : StoredFunctions.read(c, t),
          ServerVariables.read(c),
          limits.maxConnections() > 0 ? 0 : ConnectionBudget.fromServer(c, t, out));
    } catch (SQLException e) {
      throw CannotRunException.of("cannot connect to " + t.describe(), e);
    }
  }
}
