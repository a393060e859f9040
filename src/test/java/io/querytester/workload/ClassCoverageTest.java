package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.ClassCoverage.ServerClass;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassCoverageTest {
  @TempDir Path dir;

  static final ClassCoverage COVERAGE =
      new ClassCoverage(
          "performance_schema.events_statements_summary_by_digest",
          List.of(
              new ServerClass("d1", "sbtest", "SELECT `c` FROM `sbtest1` WHERE ID = ?", 900, 12, 0),
              new ServerClass(
                  null, null, "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?", 80, 0, 3),
              new ServerClass("d3", "sbtest", "SELECT `k` FROM `sbtest2` WHERE ID = ?", 20, 0, 0)));

  @Test
  void coverageIsCountedInClassesAndInTheirExecutions() {
    assertThat(COVERAGE.executions()).isEqualTo(1000);
    assertThat(COVERAGE.coveredClasses()).isEqualTo(1);
    assertThat(COVERAGE.coveredExecutions()).isEqualTo(900);
    assertThat(COVERAGE.missing()).extracting(ServerClass::executions).containsExactly(80L, 20L);
    assertThat(COVERAGE.describe(1))
        .containsExactly(
            "class coverage: 1 of the 3 classes the server ran during the capture"
                + " (performance_schema.events_statements_summary_by_digest), 90.0% of their 1,000"
                + " executions",
            "missing top classes (replay will not run them): 2 classes, 100 executions",
            "          80  SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?  [captured only as a"
                + " prepared template]",
            "  ... and 1 more");
  }

  @Test
  void theFooterKeepsTheCoverageForWorkloadStats() throws IOException {
    Path file = dir.resolve("w.jsonl.gz");
    Instant t0 = Instant.parse("2026-11-23T15:00:00Z");
    try (WorkloadWriter w =
        WorkloadWriter.create(file, WorkloadHeader.of("perfschema", null, t0))) {
      w.write(QueryEvent.of(1, "sbtest", "SELECT c FROM sbtest1 WHERE id = 5"));
      w.close(t0.plusSeconds(1), Map.of("read", 1L), COVERAGE);
    }
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(file, w -> {})) {
      r.forEach(e -> events.add(e.event()));
      assertThat(r.coverage()).isEqualTo(COVERAGE);
    }
    assertThat(events).hasSize(1);
  }

  @Test
  void aFooterWithoutCoverageHasNone() throws IOException {
    Path file = dir.resolve("plain.jsonl");
    try (WorkloadWriter w =
        WorkloadWriter.create(file, WorkloadHeader.of("slowlog", null, Instant.EPOCH))) {
      w.write(QueryEvent.of(1, null, "SELECT 1"));
    }
    try (WorkloadReader r = WorkloadReader.open(file, w -> {})) {
      r.forEach(e -> {});
      assertThat(r.complete()).isTrue();
      assertThat(r.coverage()).isNull();
    }
  }
}
