package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ObservationComparatorTest {
  private static final List<ColumnMeta> INT =
      List.of(new ColumnMeta("a", "BIGINT", 21, 0, false, null));

  private static Observation ok(
      long rows, String ordered, String unordered, List<ColumnMeta> cols, List<Warning> w) {
    return new Observation(
        new Outcome.Ok(), 1, 2, rows, null, cols, w, new ResultDigest(rows, ordered, unordered));
  }

  private static Observation failed(int code) {
    return new Observation(
        new Outcome.Failed(code, "42000", "boom"), 1, 1, 0, null, List.of(), List.of(), null);
  }

  private static List<DiffKind> kinds(Observation o, Observation n, boolean ordered) {
    return ObservationComparator.compare(o, n, ordered).stream().map(Difference::kind).toList();
  }

  @Test
  void identicalObservationsHaveNoDifference() {
    assertThat(kinds(ok(3, "a", "b", INT, List.of()), ok(3, "a", "b", INT, List.of()), true))
        .isEmpty();
  }

  @Test
  void rowOrderCountsOnlyWithOrderBy() {
    Observation o = ok(3, "a", "same", INT, List.of());
    Observation n = ok(3, "b", "same", INT, List.of());
    assertThat(kinds(o, n, false)).isEmpty();
    assertThat(kinds(o, n, true)).containsExactly(DiffKind.ROW_ORDER);
  }

  @Test
  void rowCountAndValues() {
    assertThat(kinds(ok(3, "a", "x", INT, List.of()), ok(4, "b", "y", INT, List.of()), false))
        .containsExactly(DiffKind.ROW_COUNT);
    assertThat(kinds(ok(3, "a", "x", INT, List.of()), ok(3, "b", "y", INT, List.of()), false))
        .containsExactly(DiffKind.RESULT);
  }

  @Test
  void errorsNewFixedAndChanged() {
    Observation fine = ok(1, "a", "a", INT, List.of());
    assertThat(kinds(fine, failed(1064), false)).containsExactly(DiffKind.ERROR_NEW);
    assertThat(kinds(failed(1064), fine, false)).containsExactly(DiffKind.ERROR_FIXED);
    assertThat(kinds(failed(1064), failed(1146), false)).containsExactly(DiffKind.ERROR_CHANGED);
    assertThat(kinds(failed(1064), failed(1064), false)).isEmpty();
  }

  @Test
  void integerWidthIsMinorButDoubleToDecimalIsATypeChange() {
    List<ColumnMeta> narrow = List.of(new ColumnMeta("a", "INT", 11, 0, false, null));
    assertThat(kinds(ok(1, "a", "a", INT, List.of()), ok(1, "a", "a", narrow, List.of()), false))
        .containsExactly(DiffKind.METADATA_WIDTH);
    List<ColumnMeta> dbl = List.of(new ColumnMeta("a", "DOUBLE", 22, 31, false, null));
    List<ColumnMeta> dec = List.of(new ColumnMeta("a", "DECIMAL", 10, 4, false, null));
    assertThat(kinds(ok(1, "a", "a", dbl, List.of()), ok(1, "a", "a", dec, List.of()), false))
        .containsExactly(DiffKind.METADATA);
  }

  @Test
  void warningsAreComparedAsMultisets() {
    Warning w = new Warning("Warning", 1292, "Truncated incorrect DOUBLE value: 'x'");
    assertThat(kinds(ok(1, "a", "a", INT, List.of(w)), ok(1, "a", "a", INT, List.of(w)), false))
        .isEmpty();
    assertThat(kinds(ok(1, "a", "a", INT, List.of()), ok(1, "a", "a", INT, List.of(w)), false))
        .containsExactly(DiffKind.WARNINGS);
    assertThat(kinds(ok(1, "a", "a", INT, List.of(w)), ok(1, "a", "a", INT, List.of(w, w)), false))
        .containsExactly(DiffKind.WARNINGS);
  }

  @Test
  void timeoutsAndLostConnections() {
    Observation fine = ok(1, "a", "a", INT, List.of());
    Observation timeout =
        new Observation(new Outcome.TimedOut(30000), 1, 1, 0, null, List.of(), List.of(), null);
    Observation lost =
        new Observation(new Outcome.Lost("gone"), 1, 1, 0, null, List.of(), List.of(), null);
    assertThat(kinds(fine, timeout, false)).containsExactly(DiffKind.TIMEOUT);
    assertThat(kinds(timeout, fine, false)).containsExactly(DiffKind.TIMEOUT_FIXED);
    assertThat(kinds(fine, lost, false)).containsExactly(DiffKind.CONNECTION_LOST);
  }

  private static Observation failed(int code, String state, String message) {
    return new Observation(
        new Outcome.Failed(code, state, message), 1, 1, 0, null, List.of(), List.of(), null);
  }

  @Test
  void sameErrorCodeWithAnotherMessageOrSqlStateIsErrorText() {
    Observation o = failed(1054, "42S22", "Unknown column 'x' in 'field list'");
    Observation n = failed(1054, "42S22", "Unknown column 'x' in 'SELECT'");
    List<Difference> d = ObservationComparator.compare(o, n, false);
    assertThat(d).extracting(Difference::kind).containsExactly(DiffKind.ERROR_TEXT);
    assertThat(d.getFirst().detail())
        .isEqualTo(
            "OLD ERROR 1054 (42S22): Unknown column 'x' in 'field list'"
                + " / NEW ERROR 1054 (42S22): Unknown column 'x' in 'SELECT'");
    assertThat(
            kinds(
                o,
                failed(1054, "HY000", o.outcome() instanceof Outcome.Failed f ? f.message() : ""),
                false))
        .containsExactly(DiffKind.ERROR_TEXT);
    assertThat(kinds(o, o, false)).isEmpty();
  }

  private static ColumnDefinition def(int type, long length, int decimals, int flags, int coll) {
    return new ColumnDefinition(
        type,
        length,
        decimals,
        flags,
        coll,
        coll == 45 ? "utf8mb4_general_ci" : null,
        "c",
        "t",
        "t",
        "db");
  }

  private static List<ColumnMeta> col(String type, ColumnDefinition d) {
    return List.of(new ColumnMeta("a", type, 19, 0, true, null, d));
  }

  private static List<Difference> meta(List<ColumnMeta> o, List<ColumnMeta> n) {
    return ObservationComparator.compare(
        ok(1, "a", "a", o, List.of()), ok(1, "a", "a", n, List.of()), false);
  }

  @Test
  void theProtocolDisplayLengthIsAWidthChangeThatJdbcPrecisionHides() {
    // Connector/J reports precision 19 for both; the server sent 21 and 16.
    List<Difference> d =
        meta(col("BIGINT", def(8, 21, 0, 128, 63)), col("BIGINT", def(8, 16, 0, 128, 63)));
    assertThat(d).extracting(Difference::kind).containsExactly(DiffKind.METADATA_WIDTH);
    assertThat(d.getFirst().detail()).isEqualTo("`a`: length 21 -> 16");
    // The protocol type LONGLONG -> LONG is what the type name says already: not repeated.
    assertThat(meta(col("BIGINT", def(8, 21, 0, 128, 63)), col("INT", def(3, 11, 0, 128, 63))))
        .singleElement()
        .extracting(Difference::detail)
        .isEqualTo("`a`: BIGINT -> INT, length 21 -> 11");
  }

  @Test
  void flagsCollationAndOriginalNamesAreAColumnDefinitionChangeSaidInWords() {
    ColumnDefinition o = def(253, 80, 0, 1 | 128, 45);
    ColumnDefinition n = new ColumnDefinition(254, 80, 0, 1 | 64, 224, null, "c2", "v", "t2", "db");
    List<Difference> d = meta(col("VARCHAR", o), col("VARCHAR", n));
    assertThat(d).extracting(Difference::kind).containsExactly(DiffKind.COLUMN_DEFINITION);
    assertThat(d.getFirst().detail())
        .isEqualTo(
            "`a`: protocol type VAR_STRING -> STRING, utf8mb4_general_ci (45) -> collation 224,"
                + " flags +ZEROFILL -BINARY, original name `c` -> `c2`, table `t` -> `v`,"
                + " original table `t` -> `t2`");
    // NOT NULL and UNSIGNED are reported through nullability and the type name, not twice.
    assertThat(meta(col("INT", def(3, 11, 0, 1 | 32, 63)), col("INT", def(3, 11, 0, 0, 63))))
        .isEmpty();
  }

  @Test
  void runsRecordedWithoutDefinitionsCompareAsBefore() {
    assertThat(
            kinds(
                ok(1, "a", "a", col("BIGINT", null), List.of()),
                ok(1, "a", "a", col("BIGINT", def(8, 16, 0, 0, 63)), List.of()),
                false))
        .isEmpty();
  }
}
