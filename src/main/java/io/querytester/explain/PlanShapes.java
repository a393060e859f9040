package io.querytester.explain;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns what a server printed for EXPLAIN into a {@link Plan}. MariaDB and MySQL share the JSON
 * names that matter ({@code query_block}, {@code table}, {@code table_name}, {@code access_type},
 * {@code key}, {@code key_length}, {@code filtered}) and differ elsewhere: MariaDB wraps the tables
 * in {@code filesort} and {@code temporary_table} objects and counts {@code rows}; MySQL flags
 * {@code using_filesort} and {@code using_temporary_table} and counts {@code
 * rows_examined_per_scan} (5.7+), with its filtered as a string. Both are walked in document order,
 * which is the join order. MariaDB 10.2 repeats {@code "table"} within one object, so the text is
 * read into a tree that keeps repeated names ({@link JsonTree}).
 */
final class PlanShapes {
  private static final JsonFactory JSON = new JsonFactory();
  private static final List<String> SUBQUERY_LISTS =
      List.of(
          "subqueries",
          "attached_subqueries",
          "select_list_subqueries",
          "having_subqueries",
          "order_by_subqueries",
          "group_by_subqueries",
          "optimized_away_subqueries");

  private final List<Plan.Table> tables = new ArrayList<>();
  private final List<String> subqueries = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private boolean temporary;
  private boolean filesort;

  private PlanShapes() {}

  /** A plan from EXPLAIN FORMAT=JSON (or ANALYZE FORMAT=JSON) text, MariaDB's or MySQL's. */
  static Plan fromJson(String source, String json) {
    Object root;
    try (JsonParser parser = JSON.createParser(json)) {
      parser.nextToken();
      root = JsonTree.read(parser);
    } catch (IOException e) {
      throw new IllegalArgumentException("not EXPLAIN JSON: " + e.getMessage(), e);
    }
    PlanShapes p = new PlanShapes();
    p.walk(root);
    return p.plan(source);
  }

  /**
   * A plan from tabular EXPLAIN's rows, each a map of lower-case column name to value (id,
   * select_type, table, type, key, key_len, rows, filtered, extra), for servers without JSON.
   */
  static Plan fromRows(List<Map<String, String>> rows) {
    PlanShapes p = new PlanShapes();
    for (Map<String, String> r : rows) {
      String extra = r.getOrDefault("extra", "");
      extra = extra == null ? "" : extra;
      String table = r.get("table");
      if (table == null || table.isEmpty()) {
        if (!extra.isEmpty()) {
          p.notes.add(extra);
        }
      } else {
        p.tables.add(
            new Plan.Table(
                table,
                r.get("type"),
                emptyToNull(r.get("key")),
                emptyToNull(r.get("key_len")),
                longOrNull(r.get("rows")),
                doubleOrNull(r.get("filtered")),
                null));
      }
      p.temporary |= extra.contains("Using temporary");
      p.filesort |= extra.contains("Using filesort");
      p.strategy(extra.contains("FirstMatch"), "firstmatch");
      p.strategy(extra.contains("LooseScan"), "loosescan");
      p.strategy(extra.contains("Start temporary"), "duplicate weedout");
      String type = r.getOrDefault("select_type", "");
      type = type == null ? "" : type.toUpperCase(Locale.ROOT);
      p.strategy(type.equals("MATERIALIZED") || type.equals("DERIVED"), "materialization");
      p.strategy(type.startsWith("DEPENDENT"), "dependent subquery");
      p.strategy(type.equals("SUBQUERY") || type.equals("UNCACHEABLE SUBQUERY"), "subquery");
    }
    return p.plan("EXPLAIN");
  }

  private Plan plan(String source) {
    return new Plan(
        source,
        List.copyOf(tables),
        temporary,
        filesort,
        List.copyOf(subqueries),
        List.copyOf(notes));
  }

  private void strategy(boolean seen, String name) {
    if (seen) {
      subqueries.add(name);
    }
  }

  private void walk(Object node) {
    if (node instanceof List<?> array) {
      array.forEach(this::walk);
    } else if (node instanceof JsonTree.Obj obj) {
      obj.fields().forEach(f -> field(f.getKey(), f.getValue()));
    }
  }

  private void field(String name, Object v) {
    switch (name) {
      case "table" -> {
        if (v instanceof JsonTree.Obj t && t.has("table_name")) {
          tables.add(table(t));
        }
        walk(v);
      }
      case "using_filesort" -> filesort |= Boolean.TRUE.equals(v);
      case "using_temporary_table" -> temporary |= Boolean.TRUE.equals(v);
      case "filesort", "read_sorted_file" -> {
        filesort = true;
        walk(v);
      }
      case "temporary_table" -> {
        temporary |= v instanceof JsonTree.Obj;
        walk(v);
      }
      case "materialized", "materialized_from_subquery" -> {
        subqueries.add("materialization");
        // MySQL flags the materialization's own table; MariaDB does not: neither counts.
        if (v instanceof JsonTree.Obj m) {
          m.fields().stream()
              .filter(f -> !f.getKey().equals("using_temporary_table"))
              .forEach(f -> field(f.getKey(), f.getValue()));
        }
      }
      case "first_match" -> subqueries.add("firstmatch");
      case "loose_scan", "loosescan" -> subqueries.add("loosescan");
      case "duplicates_removal" -> {
        subqueries.add("duplicate weedout");
        walk(v);
      }
      case "message" -> notes.add(String.valueOf(v));
      default -> {
        if (SUBQUERY_LISTS.contains(name) && v instanceof List<?> list) {
          list.forEach(sub -> subqueries.add(subquery(sub)));
        }
        walk(v);
      }
    }
  }

  /** MySQL marks a correlated subquery {@code dependent}; MariaDB shows its expression cache. */
  private static String subquery(Object sub) {
    if (!(sub instanceof JsonTree.Obj s)) {
      return "subquery";
    }
    if (s.has("expression_cache")) {
      return "subquery (expression cache)";
    }
    boolean dependent =
        Boolean.TRUE.equals(s.get("dependent"))
            || (s.get("query_block") instanceof JsonTree.Obj b
                && Boolean.TRUE.equals(b.get("dependent")));
    return dependent ? "dependent subquery" : "subquery";
  }

  private static Plan.Table table(JsonTree.Obj t) {
    Object rows = t.has("rows") ? t.get("rows") : t.get("rows_examined_per_scan");
    Object actual = t.get("r_rows");
    return new Plan.Table(
        String.valueOf(t.get("table_name")),
        text(t.get("access_type")),
        text(t.get("key")),
        text(t.get("key_length")),
        longOrNull(text(rows)),
        doubleOrNull(text(t.get("filtered"))),
        actual instanceof Number n ? n.doubleValue() : null);
  }

  private static String text(Object v) {
    return v == null ? null : v.toString();
  }

  private static String emptyToNull(String s) {
    return s == null || s.isEmpty() || s.equals("NULL") ? null : s;
  }

  private static Long longOrNull(String s) {
    try {
      return s == null ? null : Math.round(Double.parseDouble(s.strip()));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Double doubleOrNull(String s) {
    try {
      return s == null ? null : Double.parseDouble(s.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
