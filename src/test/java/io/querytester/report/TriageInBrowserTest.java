package io.querytester.report;

import static io.querytester.testing.SyntheticRun.failed;
import static io.querytester.testing.SyntheticRun.ok;
import static io.querytester.testing.SyntheticRun.rows;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.testing.SyntheticRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html read the way a person triages it, in a real headless Chromium (skipped where it is
 * not installed): each differing class says why, twenty-four classes failing with one error read as
 * one finding, and so do two classes whose values show utf8 renamed utf8mb3, the class table's
 * header stays in sight, a menu link never lands under the sticky menu, the servers' health comes
 * first, latency charts only where there are enough executions, rows paired by key with exactly the
 * differing cells marked, wide values scroll instead of wrapping.
 */
class TriageInBrowserTest {
  private static final String ERROR = "FUNCTION shop.JSON_EQUALS does not exist";

  @TempDir Path tmp;

  @Test
  void aReportCanBeTriagedInABrowser() throws Exception {
    Path run = triageRun(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--no-baseline");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    JsonNode m = TriageCheck.measure(run.resolve("report.html"), tmp);
    // Soft: a report that misses several points shows them all.
    SoftAssertions.assertSoftly(
        s -> {
          s.assertThat(m.get("whyColumn").asInt()).as("the why column").isEqualTo(2);
          s.assertThat(m.get("differingClasses").asInt()).isEqualTo(24 + 3 + 2 + 2);
          s.assertThat(m.get("differingWithoutWhy").asInt()).isZero();
          s.assertThat(m.get("whys").toString())
              .contains("error on NEW only: NEW ERROR 1305 (42000): " + ERROR)
              .contains("`city` is 'Lyon' on OLD, 'Lyon ' on NEW");

          s.assertThat(m.get("largestFinding").asInt()).as("one error, one finding").isEqualTo(24);
          s.assertThat(m.get("largestFindingWhy").asText()).contains(ERROR);
          s.assertThat(m.get("findings").asInt()).isEqualTo(1 + 1 + 2 + 1);
          s.assertThat(m.get("findingList").toString())
              .contains("{\"why\":\"column widths: BIGINT(19) -> INT(10)\",\"classes\":3}")
              .contains(
                  "{\"why\":\"result values: 'utf8' on OLD became 'utf8mb3' on NEW, e.g. `COLLATION(c)`"
                      + " is 'utf8_general_ci' on OLD, 'utf8mb3_general_ci' on NEW\",\"classes\":2}");

          s.assertThat(m.get("healthSummaryTop").asDouble()).isBetween(0.0, 900.0);
          s.assertThat(m.get("healthSummaryTop").asDouble())
              .isLessThan(m.get("classesTop").asDouble());

          s.assertThat(m.get("classBoxScrolled").asInt())
              .as("the class table scrolls")
              .isPositive();
          s.assertThat(m.get("stickyHeaderOffset").asInt())
              .as("its header stays on top")
              .isBetween(-1, 1);

          s.assertThat(m.get("anchorsChecked").asInt()).isGreaterThanOrEqualTo(12 + 5);
          s.assertThat(m.get("hiddenAnchors")).as("targets under the sticky menu").isEmpty();

          List<JsonNode> charts = new ArrayList<>();
          m.get("charts").forEach(charts::add);
          List<String> wrongCharts =
              charts.stream()
                  .filter(c -> c.get("chart").asBoolean() != (c.get("fewest").asInt() >= 20))
                  .map(JsonNode::toString)
                  .toList();
          s.assertThat(wrongCharts).as("charts of too few executions, or none of enough").isEmpty();
          s.assertThat(charts).anyMatch(c -> c.get("chart").asBoolean());

          s.assertThat(m.get("pairedByKey").asInt()).isGreaterThanOrEqualTo(3);
          s.assertThat(m.get("pairsWithOtherKeys").asInt()).as("rows paired by their key").isZero();
          s.assertThat(m.get("markedCells").asInt()).isPositive();
          s.assertThat(m.get("wrongMarks").asInt())
              .as("cells marked but alike, or unmarked but not")
              .isZero();

          s.assertThat(m.get("scrollingSamples").asInt()).as("a wide result scrolls").isPositive();
          s.assertThat(m.get("wrappedValues").asInt()).as("values wrapped mid-word").isZero();
        });
  }

  /**
   * 24 classes with one error, 3 with one column change, a wide result, 2 with one renamed value,
   * 40 alike classes.
   */
  static Path triageRun(Path dir) throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      for (int i = 0; i < 24; i++) {
        run.run(
            "SELECT JSON_EQUALS(doc, '1') FROM docs_" + letters(i),
            ok(300, 1),
            failed(1305, ERROR),
            Difference.of(DiffKind.ERROR_NEW, "NEW ERROR 1305 (42000): " + ERROR));
      }
      for (String column : List.of("a", "b", "c")) {
        run.run(
            "SELECT 1 AS " + column + " FROM dual",
            ok(100, 1),
            ok(100, 1),
            Difference.of(DiffKind.METADATA_WIDTH, "`" + column + "`: BIGINT(19) -> INT(10)"));
      }
      List<String> cols = new ArrayList<>(List.of("id", "city", "zip"));
      String wide = "a long value with spaces that a person reads on one line ".repeat(3);
      for (int i = 0; i < 8; i++) {
        cols.add("note_" + i);
      }
      for (int i = 0; i < 25; i++) {
        run.run(
            "SELECT * FROM customers WHERE country = 'FR'",
            ok(900 + i, 3),
            ok(950 + i, 3),
            rows(
                DiffKind.RESULT,
                "same row count (3), different values",
                cols,
                List.of(row("1", "Lyon", "69001", wide), row("2", "Paris", "75001", wide)),
                List.of(row("2", "Paris", "75002", wide), row("1", "Lyon ", "69001", wide))));
      }
      run.run(
          "SELECT * FROM customers WHERE id = 3",
          ok(900, 1),
          ok(950, 1),
          rows(
              DiffKind.RESULT,
              "same row count (1), different values",
              cols,
              List.of(row("3", "Nice", "06000", wide)),
              List.of(row("3", "Nice", "06000", wide + "!"))));
      // utf8 renamed utf8mb3: two statements, two different values, one substitution.
      for (String[] read :
          List.of(
              new String[] {"COLLATION(c)", "utf8_general_ci", "utf8mb3_general_ci"},
              new String[] {"CHARSET(c)", "utf8", "utf8mb3"})) {
        run.run(
            "SELECT id, " + read[0] + " FROM names",
            ok(100, 1),
            ok(100, 1),
            rows(
                DiffKind.RESULT,
                "same row count (1), different values",
                List.of("id", read[0]),
                List.of(List.of("1", read[1])),
                List.of(List.of("1", read[2]))));
      }
      for (int i = 0; i < 40; i++) {
        run.same("SELECT name FROM items_" + letters(i) + " WHERE id = 7", 2, 1000, 1000);
      }
    }
    return dir;
  }

  private static List<String> row(String id, String city, String zip, String note) {
    List<String> row = new ArrayList<>(List.of(id, city, zip));
    for (int i = 0; i < 8; i++) {
      row.add(note);
    }
    return row;
  }

  private static String letters(int n) {
    StringBuilder b = new StringBuilder();
    for (int x = n; ; x = x / 26 - 1) {
      b.insert(0, (char) ('a' + x % 26));
      if (x < 26) {
        return b.toString();
      }
    }
  }
}
