package io.querytester.explain;

import io.querytester.replay.ReadOnlyGate;
import io.querytester.server.Flavour;
import io.querytester.server.ServerInfo;
import io.querytester.server.Target;
import io.querytester.workload.SessionPrelude;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads one statement's plan on one target: EXPLAIN in an {@link ExampleSession} (a read-only
 * session in the statement's session state).
 */
final class PlanReader {
  /** MySQL's and MariaDB's ER_PARSE_ERROR: no FORMAT=JSON on this server after all. */
  private static final int PARSE_ERROR = 1064;

  private final PlanMode mode;
  private final ReadOnlyGate gate;
  private final Duration timeout;

  PlanReader(PlanMode mode, ReadOnlyGate gate, Duration timeout) {
    this.mode = mode;
    this.gate = gate;
    this.timeout = timeout;
  }

  /** Whether a statement has a plan to read: a SELECT (or WITH, or a parenthesised SELECT). */
  static boolean explainable(String sql) {
    String s = sql.stripLeading().toLowerCase(Locale.ROOT);
    while (s.startsWith("(")) {
      s = s.substring(1).stripLeading();
    }
    return s.startsWith("select") || s.startsWith("with");
  }

  /** Whether the server prints EXPLAIN FORMAT=JSON: MariaDB 10.1+, MySQL 5.6+. */
  static boolean hasJson(ServerInfo info) {
    return info.flavour() == Flavour.MARIADB ? info.atLeast(10, 1) : info.atLeast(5, 6);
  }

  /** Whether the server keeps an optimizer trace that names the histograms used: MariaDB 10.4+. */
  static boolean traced(ServerInfo info) {
    return info.flavour() == Flavour.MARIADB && info.atLeast(10, 4);
  }

  Plan read(Target target, SessionPrelude prelude) throws SQLException {
    try (ExampleSession session = ExampleSession.open(target, gate, prelude, timeout)) {
      Statement s = session.statement();
      ServerInfo info = target.info();
      boolean traced = traced(info);
      if (traced) {
        s.execute("SET SESSION optimizer_trace = 'enabled=on'");
      }
      Plan plan = explain(s, prelude.event().sql(), info);
      return traced ? plan.withHistograms(histograms(s)) : plan;
    }
  }

  private Plan explain(Statement s, String sql, ServerInfo info) throws SQLException {
    if (!hasJson(info)) {
      return tabular(s, sql);
    }
    boolean analyze = mode == PlanMode.ANALYZE && info.flavour() == Flavour.MARIADB;
    try (ResultSet rs = s.executeQuery((analyze ? "ANALYZE" : "EXPLAIN") + " FORMAT=JSON " + sql)) {
      rs.next();
      return PlanShapes.fromJson(
          analyze ? "ANALYZE FORMAT=JSON" : "EXPLAIN FORMAT=JSON", rs.getString(1));
    } catch (SQLException e) {
      if (e.getErrorCode() != PARSE_ERROR) {
        throw e;
      }
      return tabular(s, sql); // a server that calls itself newer than its EXPLAIN is
    }
  }

  /** The histograms the last statement's trace names; null when it cannot be read. */
  private static List<String> histograms(Statement s) {
    try (ResultSet rs = s.executeQuery("SELECT TRACE FROM information_schema.OPTIMIZER_TRACE")) {
      return rs.next() && rs.getString(1) != null ? PlanShapes.histograms(rs.getString(1)) : null;
    } catch (SQLException | IllegalArgumentException e) {
      return null; // the plan stands without it
    }
  }

  private static Plan tabular(Statement s, String sql) throws SQLException {
    List<Map<String, String>> rows = new ArrayList<>();
    try (ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.put(md.getColumnLabel(i).toLowerCase(Locale.ROOT), rs.getString(i));
        }
        rows.add(row);
      }
    }
    return PlanShapes.fromRows(rows);
  }
}
