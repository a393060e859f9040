package io.querytester.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
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
 * which is the join order.
 */
final class PlanShapes {
  private static final ObjectMapper JSON = new ObjectMapper();
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
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("not EXPLAIN JSON: " + e.getOriginalMessage(), e);
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

  private void walk(JsonNode node) {
    if (node.isArray()) {
      node.forEach(this::walk);
      return;
    }
    if (!node.isObject()) {
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      field(f.getKey(), f.getValue());
    }
  }

  private void field(String name, JsonNode v) {
    switch (name) {
      case "table" -> {
        if (v.has("table_name")) {
          tables.add(table(v));
        }
        walk(v);
      }
      case "using_filesort" -> filesort |= v.asBoolean();
      case "using_temporary_table" -> temporary |= v.asBoolean();
      case "filesort", "read_sorted_file" -> {
        filesort = true;
        walk(v);
      }
      case "temporary_table" -> {
        temporary |= v.isObject();
        walk(v);
      }
      case "materialized", "materialized_from_subquery" -> {
        subqueries.add("materialization");
        walk(v);
      }
      case "first_match" -> subqueries.add("firstmatch");
      case "loose_scan", "loosescan" -> subqueries.add("loosescan");
      case "duplicates_removal" -> {
        subqueries.add("duplicate weedout");
        walk(v);
      }
      case "message" -> notes.add(v.asText());
      default -> {
        if (SUBQUERY_LISTS.contains(name) && v.isArray()) {
          v.forEach(s -> subqueries.add(subquery(s)));
        }
        walk(v);
      }
    }
  }

  /** MySQL marks a correlated subquery {@code dependent}; MariaDB shows its expression cache. */
  private static String subquery(JsonNode s) {
    if (s.has("expression_cache")) {
      return "subquery (expression cache)";
    }
    JsonNode block = s.path("query_block");
    if (s.path("dependent").asBoolean() || block.path("dependent").asBoolean()) {
      return "dependent subquery";
    }
    return "subquery";
  }

  private static Plan.Table table(JsonNode t) {
    JsonNode rows = t.has("rows") ? t.get("rows") : t.get("rows_examined_per_scan");
    return new Plan.Table(
        t.path("table_name").asText(),
        t.has("access_type") ? t.get("access_type").asText() : null,
        t.has("key") ? t.get("key").asText() : null,
        t.has("key_length") ? t.get("key_length").asText() : null,
        rows == null ? null : longOrNull(rows.asText()),
        t.has("filtered") ? doubleOrNull(t.get("filtered").asText()) : null,
        t.has("r_rows") && t.get("r_rows").isNumber() ? t.get("r_rows").asDouble() : null);
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
