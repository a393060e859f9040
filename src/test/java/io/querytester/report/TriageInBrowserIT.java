package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.testing.Chromium;
import io.querytester.testing.Tool;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The triage points of {@link TriageInBrowserTest} on the report of a real replay: the demo's two
 * embedded MariaDB servers (10.2.11 and 11.4.5), opened in headless Chromium (skipped where it is
 * not installed).
 */
class TriageInBrowserIT {
  @TempDir Path tmp;

  @Test
  void theDemosReportCanBeTriagedInABrowser() throws Exception {
    Assumptions.assumeTrue(
        Chromium.find() != null, "chromium is not installed (apt-get install chromium)");
    // No latency verdicts: a class judged slower on a loaded machine has that as its first
    // difference and leaves the finding of its other cause (a CI run split the demo's two
    // BIGINT -> INT classes so), and which classes are slower is the machine's doing.
    Path run = Tool.demo(tmp, "--latency-min-delta", "10s");
    JsonNode m = TriageCheck.measure(run.resolve("report.html"), tmp);

    assertThat(m.get("whyColumn").asInt()).isEqualTo(2);
    assertThat(m.get("differingClasses").asInt()).isPositive();
    assertThat(m.get("differingWithoutWhy").asInt()).isZero();
    assertThat(m.get("findings").asInt()).isPositive();
    // Findings group classes (the demo's two BIGINT -> INT classes). Not "fewer findings than
    // differing classes": a CI run had 18 of each when latency was judged.
    assertThat(m.get("largestFinding").asInt())
        .as(m.get("findingList").toString())
        .isGreaterThan(1);
    assertThat(m.get("healthSummaryTop").asDouble()).isBetween(0.0, 900.0);
    assertThat(m.get("classBoxScrolled").asInt()).isPositive();
    assertThat(m.get("stickyHeaderOffset").asInt()).isBetween(-1, 1);
    assertThat(m.get("hiddenAnchors")).isEmpty();
    List<String> wrongCharts = new java.util.ArrayList<>();
    m.get("charts")
        .forEach(
            c -> {
              if (c.get("chart").asBoolean() != (c.get("fewest").asInt() >= 20)) {
                wrongCharts.add(c.toString());
              }
            });
    assertThat(wrongCharts).as("charts of too few executions, or none of enough").isEmpty();
    assertThat(m.get("pairedByKey").asInt()).isPositive();
    assertThat(m.get("pairsWithOtherKeys").asInt()).isZero();
    assertThat(m.get("wrongMarks").asInt()).isZero();
    assertThat(m.get("scrollingSamples").asInt()).isPositive();
    assertThat(m.get("wrappedValues").asInt()).as(m.get("wrapped").toString()).isZero();
  }
}
