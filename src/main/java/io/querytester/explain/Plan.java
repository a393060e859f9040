package io.querytester.explain;

import java.util.List;

/**
 * An execution plan, normalised so that MariaDB's and MySQL's EXPLAIN output, JSON or tabular,
 * compare: the tables in join order with how each is read, and what the whole plan adds (a
 * temporary table, a filesort, how subqueries run).
 *
 * @param source how it was read: EXPLAIN FORMAT=JSON, EXPLAIN (tabular) or ANALYZE FORMAT=JSON
 * @param tables the tables in the order the server joins them
 * @param temporary whether the plan uses a temporary table
 * @param filesort whether the plan sorts (filesort)
 * @param subqueries how each subquery runs (materialization, firstmatch, dependent subquery ...),
 *     in plan order
 * @param notes the server's messages instead of a table ("Impossible WHERE", "No tables used")
 */
public record Plan(
    String source,
    List<Table> tables,
    boolean temporary,
    boolean filesort,
    List<String> subqueries,
    List<String> notes) {

  public Plan {
    // plans.json leaves empty lists out
    tables = tables == null ? List.of() : tables;
    subqueries = subqueries == null ? List.of() : subqueries;
    notes = notes == null ? List.of() : notes;
  }

  /**
   * One table as the plan reads it.
   *
   * @param table its name or alias as the plan shows it
   * @param access the access type (ALL, index, range, ref, eq_ref, const ...)
   * @param key the index used, null for none
   * @param keyLength the bytes of the key used, null for none
   * @param rows the rows estimate (rows, or MySQL's rows_examined_per_scan)
   * @param filtered the share of rows the condition keeps, in percent; null when not shown
   * @param actualRows with ANALYZE, the rows it really read (r_rows); null otherwise
   */
  public record Table(
      String table,
      String access,
      String key,
      String keyLength,
      Long rows,
      Double filtered,
      Double actualRows) {}

  /**
   * The plan as text lines, one per table in join order and one for what the whole plan adds: for
   * JUnit failure bodies and repro READMEs.
   */
  public List<String> lines() {
    List<String> out = new java.util.ArrayList<>();
    for (Table t : tables) {
      out.add(
          t.table()
              + " "
              + (t.access() == null ? "-" : t.access())
              + (t.key() == null ? "" : " key " + t.key() + "(" + t.keyLength() + ")")
              + (t.rows() == null ? "" : " rows " + t.rows())
              + (t.filtered() == null ? "" : " filtered " + number(t.filtered()) + "%")
              + (t.actualRows() == null ? "" : " actual rows " + number(t.actualRows())));
    }
    List<String> adds = new java.util.ArrayList<>();
    if (temporary) {
      adds.add("temporary table");
    }
    if (filesort) {
      adds.add("filesort");
    }
    subqueries.forEach(s -> adds.add("subquery: " + s));
    notes.forEach(n -> adds.add("note: " + n));
    if (!adds.isEmpty()) {
      out.add(String.join(", ", adds));
    }
    return out;
  }

  private static String number(double d) {
    return d == Math.rint(d)
        ? Long.toString((long) d)
        : String.format(java.util.Locale.ROOT, "%.2f", d);
  }

  /** The join order as one line: {@code c, o, l}. */
  public String joinOrder() {
    return String.join(", ", tables.stream().map(Table::table).toList());
  }
}
