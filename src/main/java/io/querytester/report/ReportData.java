package io.querytester.report;

import io.querytester.run.DataCheck;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Turns a write replay's data comparison ({@code data.json}) into the report's data section: a
 * verdict and a one-line summary, and every table with its values (key bounds and rows) redacted
 * with --redact and cut to the report's limits.
 */
final class ReportData {
  private final UnaryOperator<String> value;
  private final UnaryOperator<String> message;
  private final int maxRows;
  private final boolean failsGate;

  /**
   * @param value redacts and cuts a value (an SQL literal)
   * @param message redacts and cuts a message (a server's error)
   * @param maxRows differing rows shown per table
   * @param failsGate whether a data difference fails the run
   */
  ReportData(
      UnaryOperator<String> value, UnaryOperator<String> message, int maxRows, boolean failsGate) {
    this.value = value;
    this.message = message;
    this.maxRows = maxRows;
    this.failsGate = failsGate;
  }

  /** The section, or null when no data was compared (a read-only replay). */
  Report.Data of(Optional<DataCheck> check) {
    if (check.isEmpty()) {
      return null;
    }
    DataCheck d = check.get();
    List<DataCheck.Table> tables = d.tables().stream().map(this::table).toList();
    long chunks = tables.stream().mapToLong(DataCheck.Table::chunks).sum();
    long rows = tables.stream().mapToLong(DataCheck.Table::rowsOld).sum();
    String verdict = verdict(d);
    String problem = d.problem() == null ? null : message.apply(d.problem());
    return new Report.Data(
        verdict,
        summary(verdict, tables, chunks, rows, d.seconds(), problem),
        failsGate,
        chunks,
        rows,
        d.seconds(),
        problem,
        tables,
        d.notes());
  }

  private DataCheck.Table table(DataCheck.Table t) {
    DataCheck.Chunk first =
        t.first() == null
            ? null
            : new DataCheck.Chunk(
                t.first().index(), values(t.first().lower()), values(t.first().upper()));
    List<DataCheck.Row> rows =
        t.samples().stream()
            .limit(maxRows)
            .map(
                r ->
                    new DataCheck.Row(
                        r.kind(), values(r.key()), r.columns(), values(r.old()), values(r.neu())))
            .toList();
    return t.withValues(t.detail() == null ? null : message.apply(t.detail()), first, rows);
  }

  private List<String> values(List<String> literals) {
    return literals.stream().map(value).toList();
  }

  private Map<String, String> values(Map<String, String> row) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    row.forEach((column, literal) -> out.put(column, value.apply(literal)));
    return out;
  }

  static String verdict(DataCheck d) {
    if (d.problem() != null) {
      return "NOT_COMPARED";
    }
    if (d.tables().isEmpty()) {
      return "NONE";
    }
    if (!d.diverged().isEmpty()) {
      return "DIFFERENT";
    }
    return d.tables().stream().anyMatch(t -> t.status() == DataCheck.Status.NOT_COMPARED)
        ? "INCOMPLETE"
        : "EQUAL";
  }

  /**
   * "data: 4 tables written by the workload, equal on OLD and NEW (12 chunks, 40,000 rows, 0.8 s)".
   */
  static String summary(
      String verdict,
      List<DataCheck.Table> tables,
      long chunks,
      long rows,
      double seconds,
      String problem) {
    long diverged = tables.stream().filter(t -> t.status().diverged()).count();
    long notCompared = count(tables, DataCheck.Status.NOT_COMPARED);
    long absent = count(tables, DataCheck.Status.ABSENT);
    String measured =
        String.format(Locale.ROOT, " (%,d chunks, %,d rows, %.1f s)", chunks, rows, seconds);
    return "data: "
        + switch (verdict) {
          case "NOT_COMPARED" -> "not compared: " + problem;
          case "NONE" -> "the workload wrote no table";
          case "DIFFERENT" ->
              diverged
                  + " of "
                  + tables(tables.size())
                  + " written by the workload "
                  + (diverged == 1 ? "differs" : "differ")
                  + " on NEW"
                  + measured;
          case "INCOMPLETE" ->
              (tables.size() - notCompared)
                  + " of "
                  + tables(tables.size())
                  + " written by the workload equal on OLD and NEW, "
                  + notCompared
                  + " not compared"
                  + measured;
          default ->
              tables(tables.size())
                  + " written by the workload, equal on OLD and NEW"
                  + measured
                  + (absent == 0 ? "" : "; " + absent + " of them on neither side at the end");
        };
  }

  private static String tables(long n) {
    return n + (n == 1 ? " table" : " tables");
  }

  private static long count(List<DataCheck.Table> tables, DataCheck.Status status) {
    return tables.stream().filter(t -> t.status() == status).count();
  }
}
