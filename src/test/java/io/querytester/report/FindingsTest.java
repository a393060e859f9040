package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.explain.Cause;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.testing.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Findings: what differences share, at the scale of thousands of classes. */
class FindingsTest {
  static final int CLASSES = 3_000;

  @Test
  void threeThousandClassesOfOneJsonShapeAreOneFindingInEveryReport(@TempDir Path tmp)
      throws Exception {
    // The run: JSON_EXTRACT of a number in exponent form, NULL on OLD and the number on
    // NEW, with OLD's JSON syntax warning; each class names its own column, value and position.
    Path run = tmp.resolve("run");
    try (SyntheticRun r = SyntheticRun.create(run)) {
      for (int i = 0; i < CLASSES; i++) {
        String column = "kw_" + letters(i); // digits in a name are a literal to a fingerprint
        r.run(
            "SELECT id, JSON_EXTRACT(attributes, '$.kw') AS "
                + column
                + " FROM products WHERE id = 1",
            SyntheticRun.ok(300, 1),
            SyntheticRun.ok(300, 1),
            SyntheticRun.rows(
                DiffKind.RESULT,
                "same row count (1), different values",
                List.of("id", column),
                List.of(java.util.Arrays.asList(String.valueOf(i), null)),
                List.of(List.of(String.valueOf(i), (i % 9 + 1) + ".5e-0" + (i % 7 + 1)))),
            Difference.of(
                DiffKind.WARNINGS,
                "OLD only: Warning 4038: Syntax error in JSON text in argument 1 to function"
                    + " 'json_extract' at position "
                    + (3 + i % 11)));
      }
    }
    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--no-baseline");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    JsonNode doc = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(doc.path("totals").path("classes_detailed").asLong())
        .isLessThan(CLASSES); // most classes are past the detail limit, and still counted
    JsonNode findings = doc.path("findings");
    assertThat(findings.size()).isEqualTo(1);
    assertThat(findings.get(0).path("class_ids").size()).isEqualTo(CLASSES);
    assertThat(findings.get(0).path("why").asText())
        .startsWith(
            "result values: NULL on OLD became a number in exponent form on NEW, with warnings OLD"
                + " only: Warning 4038: Syntax error in JSON text in argument ? to function ? at"
                + " position ?, e.g. `kw_");
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("3,000 listed classes with differences come down to 1 finding");
  }

  private static String letters(int i) {
    StringBuilder b = new StringBuilder();
    for (int n = i; ; n = n / 26 - 1) {
      b.insert(0, (char) ('a' + n % 26));
      if (n < 26) {
        return b.toString();
      }
    }
  }

  @Test
  void namesAndNumbersAreMaskedButNotCodesSqlStatesOrTheWordASyntaxErrorStoppedAt() {
    assertThat(
            FindingKeys.masked(
                "NEW ERROR 1054 (42S22): Unknown column 'x.total' in 'field list' at row 17"))
        .isEqualTo("NEW ERROR 1054 (42S22): Unknown column ? in ? at row ?");
    assertThat(
            FindingKeys.masked(
                "NEW ERROR 1064 (42000): You have an error in your SQL syntax; check the manual that"
                    + " corresponds to your MariaDB server version for the right syntax to use near"
                    + " 'offset FROM products WHERE status = 'active'' at line 1"))
        .endsWith("to use near 'offset ...' at line ?");
    assertThat(FindingKeys.masked("Warning 1292: Truncated incorrect DOUBLE value: '12.5x'"))
        .isEqualTo("Warning 1292: Truncated incorrect DOUBLE value: ?");
    assertThat(
            FindingKeys.maskedWarnings(
                "NEW only: Warning 1366: bad 'a' at row 1 | Warning 1366: bad 'b' at row 2;"
                    + " OLD only: Note 1003: x | Warning 1265: Data truncated for colu..."))
        .isEqualTo("NEW only: Warning 1366: bad ? at row ?; OLD only: Note 1003: x");
  }

  @Test
  void aValueKeepsItsShapeOrChangesIt() {
    assertThat(FindingKeys.shape(null)).isEqualTo("NULL");
    assertThat(FindingKeys.shape("2.5e-05")).isEqualTo("a number in exponent form");
    assertThat(FindingKeys.shape("0.000025")).isEqualTo("a decimal");
    assertThat(FindingKeys.shape("42")).isEqualTo("an integer");
    assertThat(FindingKeys.shape("2024-04-05T04:10:42")).isEqualTo("a date and time");
    assertThat(FindingKeys.shape("{\"a\": 1}")).isEqualTo("JSON");
    assertThat(FindingKeys.shape("Lyon")).isEqualTo("text");
  }

  @Test
  void classesTheSameSettingsExplainAreOneFindingWhateverTheirDifferences() {
    Cause.Attribution a = CauseOutputsTest.divPrecision();
    Report.CauseInfo explained =
        new Report.CauseInfo(Cause.SETTINGS, "div ...", List.of(1L), List.of(a), null, List.of());
    List<Report.ClassEntry> classes =
        List.of(
            TriageTest.withCause(
                TriageTest.values("A", "third", "0.3333", "0.33333333"), explained),
            TriageTest.withCause(
                TriageTest.entry("B", "METADATA_WIDTH", "`x`: decimals 4 -> 8", null), explained),
            TriageTest.values("C", "city", "Lyon", "Lyon "));
    List<Findings.Finding> f = Findings.of(classes);
    assertThat(f)
        .extracting(x -> x.classes().stream().map(Report.ClassEntry::classId).toList())
        .containsExactly(List.of("A", "B"), List.of("C"));
    assertThat(f.getFirst().why())
        .startsWith(
            "div_precision_increment 4 -> 8 (--new-option): SET SESSION div_precision_increment ="
                + " 4 restores OLD's behaviour");
  }
}
