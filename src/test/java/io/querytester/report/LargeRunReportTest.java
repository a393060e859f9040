package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.ExecutionLog;
import io.querytester.run.RunInfo;
import io.querytester.testing.Workloads;
import io.querytester.workload.SqlProfile;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report of a million executions over 5,000 classes stays small enough to open quickly: the run
 * folder is written directly (no servers), then reported through the CLI. No timing assertion:
 * speed belongs in benchmarks; this checks the size bound and that the report says what it cut.
 */
class LargeRunReportTest {
  static final int CLASSES = 5_000;
  static final int EXECUTIONS = 1_000_000;
  static final long MAX_HTML_BYTES = 10L * 1024 * 1024;
  static final long MAX_JSON_BYTES = 12L * 1024 * 1024;
  static final long MAX_JUNIT_BYTES = 4L * 1024 * 1024;

  @Test
  void aMillionExecutionsGiveABoundedReport(@TempDir Path tmp) throws Exception {
    Path run = write(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--no-baseline");
    assertThat(r.code()).as(r.err()).isEqualTo(1);

    long html = Files.size(run.resolve("report.html"));
    long json = Files.size(run.resolve("report.json"));
    long junit = Files.size(run.resolve("junit.xml"));
    System.out.printf(
        "1M executions, %d classes: report.html %,d bytes, report.json %,d, junit.xml %,d%n",
        CLASSES, html, json, junit);
    assertThat(html).isLessThan(MAX_HTML_BYTES);
    assertThat(json).isLessThan(MAX_JSON_BYTES);
    assertThat(junit).isLessThan(MAX_JUNIT_BYTES);

    JsonNode doc = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(doc.path("totals").path("events").asLong()).isEqualTo(EXECUTIONS);
    assertThat(doc.path("totals").path("classes").asLong()).isEqualTo(CLASSES);
    // Details stop at --max-detailed-classes or, with long values, at the size budget before.
    assertThat(doc.path("totals").path("classes_detailed").asLong())
        .isBetween(1L, (long) ReportLimits.DEFAULT.maxDetailedClasses());
    List<String> cut = new ArrayList<>();
    doc.path("cut")
        .forEach(c -> cut.add(c.path("what").asText() + " " + c.path("option").asText()));
    assertThat(cut)
        .contains(
            "classes detailed --max-detailed-classes", "differing rows shown --max-sample-rows")
        .contains("classes detailed within the size budget max_detail_chars")
        .contains("values and statements shown in full --max-value-chars");
    // Regressions come first, so they are the classes that keep their details.
    JsonNode first = doc.path("classes").get(0);
    assertThat(first.path("verdict").asText()).isEqualTo("REGRESSION");
    assertThat(first.path("detailed").asBoolean()).isTrue();
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("Left out to keep this report small", "--max-detailed-classes");
    ReportFiles.validJunit(run.resolve("junit.xml"));
  }

  /**
   * 5,000 classes of 200 executions each. Every 50th class returns different values (rows with long
   * values, more rows than a report shows), every 97th fails on NEW; latencies vary.
   */
  static Path write(Path dir) throws Exception {
    List<String> sql = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (int c = 0; c < CLASSES; c++) {
      String s = "SELECT v, name FROM table_" + letters(c) + " WHERE id = 42 AND note = 'x'";
      sql.add(s);
      ids.add(SqlProfile.of(s).classId());
    }
    new RunInfo(
            RunInfo.FORMAT,
            1,
            dir.resolve("workload.jsonl").toString(),
            EXECUTIONS,
            List.of(
                new RunInfo.Side("OLD", "embedded:mariadb-10.2.11", "10.2.11-MariaDB", Map.of()),
                new RunInfo.Side("NEW", "embedded:mariadb-11.4.5", "11.4.5-MariaDB", Map.of())),
            Map.of(),
            Instant.parse("2026-01-02T03:04:05Z"),
            null,
            null,
            null)
        .write(dir);
    // The workload holds each class's first event (lines 2..5001), for the examples.
    Workloads.write(dir.resolve("workload.jsonl"), "app", 1, sql);
    String longValue = "x".repeat(1000);
    SplittableRandom random = new SplittableRandom(7);
    long next = CLASSES + 2;
    try (BufferedWriter w =
        Files.newBufferedWriter(dir.resolve(ExecutionLog.FILE), StandardCharsets.UTF_8)) {
      for (int i = 0; i < EXECUTIONS; i++) {
        int c = i % CLASSES;
        long event = i < CLASSES ? c + 2 : next++;
        long old = 200 + random.nextInt(800);
        long neu = 200 + random.nextInt(800) + (c % 10 == 0 ? 1500 : 0);
        StringBuilder b = new StringBuilder(256);
        b.append("{\"event\":").append(event).append(",\"session\":1,\"class_id\":\"");
        b.append(ids.get(c)).append("\",\"kind\":\"READ\",");
        if (c % 50 == 0) {
          b.append("\"sql\":\"").append(sql.get(c)).append("\",");
          b.append(observation("old", "ok", old)).append(',');
          b.append(observation("neu", "ok", neu)).append(',');
          b.append("\"differences\":[{\"kind\":\"RESULT\",\"detail\":\"same row count (12),");
          b.append(" different values\",\"samples\":{\"columns\":[\"v\",\"name\"],\"only_old\":[");
          for (int row = 0; row < 12; row++) {
            b.append(row == 0 ? "" : ",")
                .append("[\"")
                .append(row)
                .append("\",\"")
                .append(longValue)
                .append("a\"]");
          }
          b.append("],\"only_new\":[");
          for (int row = 0; row < 12; row++) {
            b.append(row == 0 ? "" : ",")
                .append("[\"")
                .append(row)
                .append("\",\"")
                .append(longValue)
                .append("b\"]");
          }
          b.append("],\"truncated\":true}}]}");
        } else if (c % 97 == 0) {
          b.append("\"sql\":\"").append(sql.get(c)).append("\",");
          b.append(observation("old", "ok", old)).append(',');
          b.append(
              "\"neu\":{\"outcome\":{\"status\":\"error\",\"code\":1146,\"sql_state\":\"42S02\",");
          b.append("\"message\":\"Table 'app.table_")
              .append(letters(c))
              .append("' doesn't exist\"},");
          b.append("\"first_row_micros\":100,\"last_row_micros\":100},");
          b.append("\"differences\":[{\"kind\":\"ERROR_NEW\",\"detail\":\"NEW ERROR 1146 (42S02):");
          b.append(" Table 'app.table_").append(letters(c)).append("' doesn't exist\"}]}");
        } else {
          b.append(observation("old", "ok", old)).append(',');
          b.append(observation("neu", "ok", neu)).append('}');
        }
        w.write(b.toString());
        w.write('\n');
      }
    }
    return dir;
  }

  /** Fingerprints replace digits in names, so classes are told apart by letters. */
  private static String letters(int n) {
    StringBuilder b = new StringBuilder();
    for (int v = n; b.isEmpty() || v > 0; v /= 26) {
      b.append((char) ('a' + v % 26));
    }
    return b.toString();
  }

  private static String observation(String side, String status, long micros) {
    return "\""
        + side
        + "\":{\"outcome\":{\"status\":\""
        + status
        + "\"},\"first_row_micros\":"
        + micros / 2
        + ",\"last_row_micros\":"
        + micros
        + ",\"rows\":1}";
  }
}
