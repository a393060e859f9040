package io.querytester.explain;

import io.querytester.server.Flavour;
import io.querytester.server.ServerInfo;
import io.querytester.workload.SqlToken;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A statement rewritten with hints that force OLD's plan on NEW, from the plan comparison: {@code
 * FORCE INDEX (old_key)} where a table's index changed (or {@code IGNORE INDEX (new_key)} where OLD
 * read the whole table), {@code STRAIGHT_JOIN} where the join order changed and OLD's order is the
 * statement's own, and on MySQL 8.0.20+ the optimizer hints {@code JOIN_ORDER} and {@code NO_ICP}.
 * The hints go into the statement's text in place; a table the text does not name plainly (a view,
 * a derived table, a name that repeats) gets none.
 */
final class PlanHints {
  private static final Set<String> BEFORE_TABLE = Set.of("FROM", "JOIN");

  /**
   * A candidate fix.
   *
   * @param description what it forces, in words
   * @param sql the rewritten statement
   */
  record Hint(String description, String sql) {}

  private PlanHints() {}

  /** The hint fixes that force OLD's plan (or parts of it) on NEW; empty when none applies. */
  static List<Hint> of(String sql, Plan old, Plan neu, ServerInfo neuInfo) {
    return candidates(sql, old, neu, neuInfo).stream().filter(h -> !h.sql().equals(sql)).toList();
  }

  private static List<Hint> candidates(String sql, Plan old, Plan neu, ServerInfo neuInfo) {
    List<Hint> out = new ArrayList<>();
    Map<Integer, String> indexes = indexHints(sql, old, neu);
    String indexed = insert(sql, indexes);
    if (!indexes.isEmpty()) {
      out.add(new Hint("OLD's indexes: " + String.join(", ", indexes.values()), indexed));
    }
    boolean mysqlHints = neuInfo.flavour() == Flavour.MYSQL && neuInfo.versionNumber() >= 80020;
    boolean reordered =
        PlanDiff.byKey(old).keySet().equals(PlanDiff.byKey(neu).keySet())
            && !old.joinOrder().equals(neu.joinOrder());
    if (reordered && mysqlHints) {
      String hint = "/*+ JOIN_ORDER(" + old.joinOrder() + ") */";
      out.add(new Hint("OLD's join order: " + hint, afterSelect(sql, hint)));
      if (!indexes.isEmpty()) {
        out.add(new Hint("OLD's join order and indexes", afterSelect(indexed, hint)));
      }
    } else if (reordered && textOrder(sql, old).equals(tableNames(old))) {
      out.add(new Hint("OLD's join order: STRAIGHT_JOIN", afterSelect(sql, "STRAIGHT_JOIN")));
      if (!indexes.isEmpty()) {
        out.add(
            new Hint(
                "OLD's join order (STRAIGHT_JOIN) and indexes",
                afterSelect(indexed, "STRAIGHT_JOIN")));
      }
    }
    if (mysqlHints) {
      List<String> noIcp = new ArrayList<>();
      Map<String, Plan.Table> a = PlanDiff.byKey(old);
      PlanDiff.byKey(neu)
          .forEach(
              (k, t) -> {
                Plan.Table o = a.get(k);
                if (o != null
                    && !Boolean.TRUE.equals(o.indexCondition())
                    && Boolean.TRUE.equals(t.indexCondition())) {
                  noIcp.add(t.table());
                }
              });
      if (!noIcp.isEmpty()) {
        String hint = "/*+ NO_ICP(" + String.join(" ", noIcp) + ") */";
        out.add(new Hint("no index condition pushdown: " + hint, afterSelect(sql, hint)));
      }
    }
    return out;
  }

  /** Per offset in the text, the index hint to insert there. */
  private static Map<Integer, String> indexHints(String sql, Plan old, Plan neu) {
    Map<Integer, String> out = new LinkedHashMap<>();
    Map<String, Plan.Table> b = PlanDiff.byKey(neu);
    for (Map.Entry<String, Plan.Table> e : PlanDiff.byKey(old).entrySet()) {
      Plan.Table o = e.getValue();
      Plan.Table n = b.get(e.getKey());
      if (n == null || java.util.Objects.equals(o.key(), n.key()) || e.getKey().contains("#")) {
        continue;
      }
      String hint =
          o.key() != null
              ? "FORCE INDEX (" + quoted(o.key()) + ")"
              : n.key() != null ? "IGNORE INDEX (" + quoted(n.key()) + ")" : null;
      Integer at = hint == null ? null : afterTable(sql, o.table());
      if (at != null) {
        out.put(at, hint);
      }
    }
    return out;
  }

  /** The text with each hint inserted at its offset (from the end, so offsets stay right). */
  static String insert(String sql, Map<Integer, String> hints) {
    StringBuilder b = new StringBuilder(sql);
    hints.keySet().stream()
        .sorted(java.util.Comparator.reverseOrder())
        .forEach(at -> b.insert(at, " " + hints.get(at)));
    return b.toString();
  }

  /**
   * Where an index hint for a table goes: after its alias (or its name without one) in a FROM or
   * JOIN clause; null when the text names it other than once so.
   */
  static Integer afterTable(String sql, String alias) {
    List<SqlToken.Located> t = SqlToken.located(sql);
    Integer found = null;
    for (int i = 0; i < t.size(); i++) {
      if (!isName(t.get(i).token()) || !unquoted(t.get(i).token().text()).equalsIgnoreCase(alias)) {
        continue;
      }
      boolean asTable = tableName(t, i);
      boolean asAlias =
          i > 1
              && ((t.get(i - 1).token().upper().equals("AS") && tableName(t, i - 2))
                  || tableName(t, i - 1));
      boolean call =
          i + 1 < t.size()
              && (t.get(i + 1).token().kind() == SqlToken.Kind.OPEN
                  || t.get(i + 1).token().kind() == SqlToken.Kind.DOT);
      if (call || !(asTable || asAlias)) {
        continue;
      }
      // a table name followed by its alias takes the hint after the alias
      boolean aliased =
          asTable
              && i + 1 < t.size()
              && (t.get(i + 1).token().upper().equals("AS") || isAliasWord(t.get(i + 1).token()));
      if (aliased) {
        continue;
      }
      if (found != null) {
        return null;
      }
      found = t.get(i).end();
    }
    return found;
  }

  /** Whether token {@code i} names a table after FROM or JOIN, schema-qualified or not. */
  private static boolean tableName(List<SqlToken.Located> t, int i) {
    if (i < 1 || !isName(t.get(i).token())) {
      return false;
    }
    return startsTable(t, i - 1)
        || (i > 2
            && t.get(i - 1).token().kind() == SqlToken.Kind.DOT
            && isName(t.get(i - 2).token())
            && startsTable(t, i - 3));
  }

  /**
   * Whether token {@code i} is FROM, JOIN or a comma in a FROM list, so a table name follows it.
   */
  private static boolean startsTable(List<SqlToken.Located> t, int i) {
    if (i < 0) {
      return false;
    }
    SqlToken k = t.get(i).token();
    if (k.kind() == SqlToken.Kind.WORD && BEFORE_TABLE.contains(k.upper())) {
      return true;
    }
    if (k.kind() != SqlToken.Kind.COMMA) {
      return false;
    }
    // a comma belongs to a FROM list when, at its depth, FROM came after the last SELECT
    int depth = t.get(i).depth();
    for (int j = i - 1; j >= 0; j--) {
      if (t.get(j).depth() != depth || t.get(j).token().kind() != SqlToken.Kind.WORD) {
        continue;
      }
      String w = t.get(j).token().upper();
      if (w.equals("FROM")) {
        return true;
      }
      if (w.equals("SELECT") || w.equals("WHERE") || w.equals("ON")) {
        return false;
      }
    }
    return false;
  }

  private static final Set<String> NOT_ALIASES =
      Set.of(
          "WHERE",
          "JOIN",
          "INNER",
          "LEFT",
          "RIGHT",
          "CROSS",
          "STRAIGHT_JOIN",
          "NATURAL",
          "ON",
          "USING",
          "GROUP",
          "ORDER",
          "LIMIT",
          "HAVING",
          "UNION",
          "FORCE",
          "USE",
          "IGNORE",
          "FOR",
          "LOCK",
          "WINDOW",
          "INTO",
          "PARTITION",
          "EXCEPT",
          "INTERSECT",
          "FETCH",
          "OFFSET");

  private static boolean isAliasWord(SqlToken k) {
    return (k.kind() == SqlToken.Kind.WORD && !NOT_ALIASES.contains(k.upper()))
        || k.kind() == SqlToken.Kind.QUOTED_NAME;
  }

  private static boolean isName(SqlToken k) {
    return k.kind() == SqlToken.Kind.WORD || k.kind() == SqlToken.Kind.QUOTED_NAME;
  }

  private static String unquoted(String name) {
    return name.startsWith("`") && name.endsWith("`") && name.length() >= 2
        ? name.substring(1, name.length() - 1).replace("``", "`")
        : name;
  }

  private static String quoted(String key) {
    return "`" + key.replace("`", "``") + "`";
  }

  /** The plan's tables in the order the statement's text names them (those it names plainly). */
  static List<String> textOrder(String sql, Plan p) {
    Map<Integer, String> at = new java.util.TreeMap<>();
    for (Plan.Table t : p.tables()) {
      Integer i = afterTable(sql, t.table());
      if (i != null) {
        at.put(i, t.table());
      }
    }
    return List.copyOf(at.values());
  }

  private static List<String> tableNames(Plan p) {
    return p.tables().stream().map(Plan.Table::table).toList();
  }

  /** The text with {@code words} after its first SELECT at the outer level. */
  static String afterSelect(String sql, String words) {
    for (SqlToken.Located t : SqlToken.located(sql)) {
      if (t.depth() == 0 && t.token().upper().equals("SELECT")) {
        return sql.substring(0, t.end()) + " " + words + sql.substring(t.end());
      }
    }
    return sql;
  }
}
