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

  /** MariaDB's join buffer wraps the table it serves: set by the wrapper, taken by that table. */
  private String joinBuffer;

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
        // with a rowid filter MariaDB's key column reads "access|filter"
        String[] keys = splitFilter(emptyToNull(r.get("key")), extra);
        String[] lengths = splitFilter(emptyToNull(r.get("key_len")), extra);
        p.tables.add(
            new Plan.Table(
                table,
                r.get("type"),
                keys[0],
                lengths[0],
                longOrNull(r.get("rows")),
                doubleOrNull(r.get("filtered")),
                null,
                keys[1],
                extra.contains("Using index condition"),
                tabularJoinBuffer(extra)));
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

  /** "a|b" with a rowid filter: {a, b}; else {the value, null}. */
  private static String[] splitFilter(String v, String extra) {
    int bar = v == null ? -1 : v.indexOf('|');
    if (bar < 0 || !extra.contains("rowid filter")) {
      return new String[] {v, null};
    }
    return new String[] {v.substring(0, bar), v.substring(bar + 1)};
  }

  /** "Using join buffer (flat, BNL join)" is {@code BNL flat}; MySQL's "(hash join)" hash join. */
  static String tabularJoinBuffer(String extra) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("Using join buffer \\(([^)]*)\\)").matcher(extra);
    if (!m.find()) {
      return null;
    }
    String[] parts = m.group(1).split(",\\s*");
    if (parts.length == 2 && parts[1].endsWith(" join")) {
      return parts[1].substring(0, parts[1].length() - " join".length()) + " " + parts[0];
    }
    return m.group(1).toLowerCase(Locale.ROOT);
  }

  /**
   * The columns whose selectivity MariaDB's optimizer trace says came from a histogram ({@code
   * selectivity_from_histogram}), as {@code table.column}, sorted; each under the table the trace
   * named last before it.
   */
  static List<String> histograms(String trace) {
    Object root;
    try (JsonParser parser = JSON.createParser(trace)) {
      parser.nextToken();
      root = JsonTree.read(parser);
    } catch (IOException e) {
      throw new IllegalArgumentException("not an optimizer trace: " + e.getMessage(), e);
    }
    java.util.Set<String> out = new java.util.TreeSet<>();
    histograms(root, new String[] {null}, out);
    return List.copyOf(out);
  }

  private static void histograms(Object node, String[] table, java.util.Set<String> out) {
    if (node instanceof List<?> array) {
      array.forEach(n -> histograms(n, table, out));
    } else if (node instanceof JsonTree.Obj obj) {
      if (obj.get("table") instanceof String t) {
        table[0] = t;
      }
      if (obj.has("selectivity_from_histogram") && obj.get("column_name") instanceof String c) {
        out.add(table[0] == null ? c : table[0] + "." + c);
      }
      obj.fields().forEach(f -> histograms(f.getValue(), table, out));
    }
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
      case "block-nl-join" -> {
        if (v instanceof JsonTree.Obj b) {
          String type = text(b.get("join_type"));
          String buffer = text(b.get("buffer_type"));
          joinBuffer = type == null ? "yes" : buffer == null ? type : type + " " + buffer;
        }
        walk(v);
        joinBuffer = null;
      }
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

  private Plan.Table table(JsonTree.Obj t) {
    Object rows = t.has("rows") ? t.get("rows") : t.get("rows_examined_per_scan");
    Object actual = t.get("r_rows");
    String buffer = joinBuffer;
    joinBuffer = null; // the wrapper's one table
    if (t.get("using_join_buffer") instanceof String mysql) {
      buffer = mysql.toLowerCase(Locale.ROOT);
    }
    return new Plan.Table(
        String.valueOf(t.get("table_name")),
        text(t.get("access_type")),
        text(t.get("key")),
        text(t.get("key_length")),
        longOrNull(text(rows)),
        doubleOrNull(text(t.get("filtered"))),
        actual instanceof Number n ? n.doubleValue() : null,
        rowidFilter(t),
        t.has("index_condition") || t.has("index_condition_bka"),
        buffer);
  }

  /** MariaDB's {@code "rowid_filter": {"range": {"key": ...}}}: the filter's index. */
  private static String rowidFilter(JsonTree.Obj t) {
    if (t.get("rowid_filter") instanceof JsonTree.Obj f) {
      if (f.get("range") instanceof JsonTree.Obj r && r.get("key") != null) {
        return text(r.get("key"));
      }
      return "yes";
    }
    return null;
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
