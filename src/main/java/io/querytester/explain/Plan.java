package io.querytester.explain;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param histograms the columns ({@code table.column}) whose selectivity the optimizer took from a
 *     histogram, from its trace (MariaDB 10.4+); null where the server has no trace to read
 */
public record Plan(
    String source,
    List<Table> tables,
    boolean temporary,
    boolean filesort,
    List<String> subqueries,
    List<String> notes,
    // [] (none used) is not null (not known): written even when empty
    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> histograms) {

  public Plan {
    // plans.json leaves empty lists out
    tables = tables == null ? List.of() : tables;
    subqueries = subqueries == null ? List.of() : subqueries;
    notes = notes == null ? List.of() : notes;
  }

  /** A plan without a trace to say which histograms it used. */
  public Plan(
      String source,
      List<Table> tables,
      boolean temporary,
      boolean filesort,
      List<String> subqueries,
      List<String> notes) {
    this(source, tables, temporary, filesort, subqueries, notes, null);
  }

  /** The same plan with the histograms its trace named. */
  Plan withHistograms(List<String> used) {
    return new Plan(source, tables, temporary, filesort, subqueries, notes, used);
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
   * @param rowidFilter the index of the rowid filter on its rows (MariaDB 10.4+), null for none
   * @param indexCondition whether part of the condition is pushed down to the index (index
   *     condition pushdown); null where the plan does not say
   * @param joinBuffer how a join buffer is used for it ({@code BNL flat}, {@code BNLH incremental},
   *     MySQL's {@code hash join}), null for none
   */
  public record Table(
      String table,
      String access,
      String key,
      String keyLength,
      Long rows,
      Double filtered,
      Double actualRows,
      String rowidFilter,
      Boolean indexCondition,
      String joinBuffer) {

    /** A table read without a rowid filter, pushed-down condition or join buffer. */
    public Table(
        String table,
        String access,
        String key,
        String keyLength,
        Long rows,
        Double filtered,
        Double actualRows) {
      this(table, access, key, keyLength, rows, filtered, actualRows, null, null, null);
    }
  }

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
              + (t.actualRows() == null ? "" : " actual rows " + number(t.actualRows()))
              + (t.rowidFilter() == null ? "" : " rowid filter " + t.rowidFilter())
              + (Boolean.TRUE.equals(t.indexCondition()) ? " index condition" : "")
              + (t.joinBuffer() == null ? "" : " join buffer " + t.joinBuffer()));
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
    if (histograms != null && !histograms.isEmpty()) {
      adds.add("histograms: " + String.join(", ", histograms));
    }
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
