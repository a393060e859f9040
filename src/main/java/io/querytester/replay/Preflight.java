package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.Parallel;
import io.querytester.order.SchemaFacts;
import io.querytester.server.JdbcSpec;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the replay reads from one server before its first statement, on one connection: the
 * account's powers beyond reading (null when not checked), the stored routines and views judged by
 * their bodies (null when writes are allowed), SHOW GLOBAL VARIABLES for run.json, the connections
 * the replay may hold there (0 when {@code --max-connections} sets it) and what the budget has to
 * say about them (null for nothing), and with writes allowed what ordering needs to know of the
 * tables. Each check had opened its own connection, one server after the other: eight connections
 * before the first statement.
 */
record Preflight(
    Set<String> powers,
    Routines functions,
    ReadingStart reading,
    Map<String, String> variables,
    int budget,
    String budgetNote,
    SchemaFacts facts) {

  /**
   * Reads every target at once. {@code targets} open read-only sessions when writes are not
   * allowed. Without {@code --allow-writes} a server that cannot be read stops the replay (the
   * account and stored-function checks guard read-only); with it, as before, the variables say why
   * they are missing and the budget falls back to MariaDB's default.
   */
  static List<Preflight> readAll(
      List<Target> targets, boolean allowWrites, ConnectionLimits limits) {
    Parallel.Results<Preflight> read = Parallel.each(targets, t -> read(t, allowWrites, limits));
    switch (read.failure()) {
      case null -> {}
      case InterruptedException e ->
          throw new CannotRunException("interrupted during the checks before the replay", e);
      case RuntimeException e -> throw e;
      case Error e -> throw e;
      case Throwable t ->
          throw new CannotRunException("the checks before the replay failed: " + t, t);
    }
    return read.values();
  }

  /**
   * What the tables allow the write order to tell apart; an account that may not read it gets the
   * coarsest order (every table whole), which is slower, never wrong.
   */
  private static SchemaFacts facts(Connection c) {
    try {
      return SchemaFacts.read(c);
    } catch (SQLException e) {
      return SchemaFacts.NONE;
    }
  }

  private static ReadingStart readingStart(Connection c, Target t) {
    try {
      return ReadingStart.read(c, t);
    } catch (SQLException e) {
      throw CannotRunException.of(
          "cannot read how " + t.describe() + " reads statements (sql_mode, character set)", e);
    }
  }

  private static Preflight read(Target t, boolean allowWrites, ConnectionLimits limits) {
    Connection c;
    try {
      c = t.connect();
    } catch (SQLException e) {
      if (!allowWrites) {
        throw CannotRunException.of(
            "cannot open a read-only session to "
                + t.describe()
                + " for the checks before the replay",
            e);
      }
      String why = e.getMessage();
      return new Preflight(
          null,
          null,
          null,
          ServerVariables.unreadable(why),
          limits.maxConnections() > 0 ? 0 : ConnectionBudget.fallback(),
          limits.maxConnections() > 0 ? null : ConnectionBudget.unreadable(t, why),
          SchemaFacts.NONE);
    }
    try {
      List<String> notes = new ArrayList<>();
      Preflight p =
          new Preflight(
              !allowWrites && t.spec() instanceof JdbcSpec ? AccountCheck.powers(c, t) : null,
              allowWrites ? null : Routines.read(c, t),
              allowWrites ? null : readingStart(c, t),
              ServerVariables.read(c),
              limits.maxConnections() > 0 ? 0 : ConnectionBudget.fromServer(c, t, notes::add),
              null,
              allowWrites ? facts(c) : null);
      return notes.isEmpty()
          ? p
          : new Preflight(
              p.powers(),
              p.functions(),
              p.reading(),
              p.variables(),
              p.budget(),
              notes.getFirst(),
              p.facts());
    } finally {
      try {
        c.close();
      } catch (SQLException e) {
        // a connection that was only read from: nothing is lost
      }
    }
  }
}
