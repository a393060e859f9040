package io.querytester.run;

import java.util.List;

/**
 * One difference between OLD and NEW for one execution.
 *
 * @param kind what differs
 * @param detail a one-line human description ("3 rows vs 4", "col `x`: DOUBLE -> DECIMAL(10,2)")
 * @param samples differing rows, when the kind is about rows; null otherwise
 */
public record Difference(DiffKind kind, String detail, RowSamples samples) {

  public static Difference of(DiffKind kind, String detail) {
    return new Difference(kind, detail, null);
  }

  /**
   * A bounded sample of differing rows.
   *
   * @param columns column names
   * @param onlyOld rows OLD returned and NEW did not (as many times as they differ)
   * @param onlyNew rows NEW returned and OLD did not
   * @param truncated true when more differing rows exist than are shown
   */
  public record RowSamples(
      List<String> columns,
      List<List<String>> onlyOld,
      List<List<String>> onlyNew,
      boolean truncated) {
    public RowSamples {
      columns = columns == null ? List.of() : columns;
      onlyOld = onlyOld == null ? List.of() : onlyOld;
      onlyNew = onlyNew == null ? List.of() : onlyNew;
    }
  }
}
