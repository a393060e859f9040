package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyChecks;
import io.querytester.run.MachineLoad;
import io.querytester.run.RunInfo;
import io.querytester.testing.SyntheticRun;
import io.querytester.workload.SqlProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A borderline class, a slowdown a second measurement did not confirm and one it did, on a
 * saturated machine: every output says which is which, and only the confirmed one fails.
 */
class LatencyReportTest {
  static final String BORDERLINE = "SELECT a FROM t WHERE id = 1";
  static final String REFUTED = "SELECT b FROM t WHERE id = 2";
  static final String CONFIRMED = "SELECT c FROM t WHERE id = 3";

  @TempDir Path dir;

  private static long[] runs(SplittableRandom r, double micros, double spread) {
    long[] out = new long[5];
    for (int i = 0; i < 5; i++) {
      out[i] = (long) (micros * (1 + spread * r.nextDouble()));
    }
    return out;
  }

  private Path run() throws Exception {
    SplittableRandom r = new SplittableRandom(1);
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      for (int e = 0; e < 8; e++) {
        // NEW 1.5x, but so noisy that the interval reaches far below the ratio
        run.timed(BORDERLINE, runs(r, 3000, 3), runs(r, 4500, 3));
        run.timed(REFUTED, runs(r, 5000, 0.1), runs(r, 10000, 0.1));
        run.timed(CONFIRMED, runs(r, 5000, 0.1), runs(r, 10000, 0.1));
      }
    }
    MachineLoad busy = new MachineLoad(2, 3.5, 1.0, 0, 4.2, 7, 1.1, Map.of("OLD", 1.5, "NEW", 1.7));
    RunInfo.read(dir).measuredOn(busy).write(dir);
    LatencyChecks.write(
        dir, List.of(check(REFUTED, 5000, 5000, busy), check(CONFIRMED, 5000, 10000, busy)));
    return dir;
  }

  private static LatencyCheck check(String sql, long old, long neu, MachineLoad load) {
    List<Long> o = new ArrayList<>();
    List<Long> n = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      o.add(old + i * 10);
      n.add(neu + i * 10 + (i % 3) * 7);
    }
    return new LatencyCheck(SqlProfile.of(sql).classId(), List.of(4L), o, n, 0.9, null, load);
  }

  private static JsonNode classOf(JsonNode report, String sql) {
    String id = SqlProfile.of(sql).classId();
    for (JsonNode c : report.get("classes")) {
      if (c.get("class_id").asText().equals(id)) {
        return c;
      }
    }
    throw new AssertionError("no class " + id);
  }

  @Test
  void everyOutputTellsBorderlineRefutedAndConfirmedApartAndOnlyTheConfirmedFails()
      throws Exception {
    ReportFiles.Run r = ReportFiles.cli("report", run().toString(), "--no-baseline");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).startsWith("REGRESSIONS: 1 of 3 query classes");

    JsonNode json = ReportFiles.validJson(dir.resolve("report.json"));
    JsonNode borderline = classOf(json, BORDERLINE);
    assertThat(borderline.get("verdict").asText()).isEqualTo("SAME");
    assertThat(borderline.at("/latency/verdict").asText()).isEqualTo("BORDERLINE");
    assertThat(borderline.at("/latency/interval/low").asDouble()).isLessThan(1.3);
    assertThat(borderline.at("/latency/interval/estimate").asDouble()).isGreaterThan(1.3);
    assertThat(borderline.at("/latency/interval/confidence").asDouble()).isEqualTo(0.99);
    JsonNode refuted = classOf(json, REFUTED);
    assertThat(refuted.get("verdict").asText()).isEqualTo("SAME");
    assertThat(refuted.at("/latency/verdict").asText()).isEqualTo("SAME");
    assertThat(refuted.at("/latency/replay_verdict").asText()).isEqualTo("DEGRADED");
    assertThat(refuted.at("/latency/confirmation/outcome").asText()).isEqualTo("NOT_HELD");
    JsonNode confirmed = classOf(json, CONFIRMED);
    assertThat(confirmed.get("verdict").asText()).isEqualTo("REGRESSION");
    assertThat(confirmed.at("/latency/verdict").asText()).isEqualTo("DEGRADED");
    assertThat(confirmed.at("/latency/confirmation/outcome").asText()).isEqualTo("HELD");
    assertThat(confirmed.at("/latency/confirmation/interval/low").asDouble()).isGreaterThan(1.3);
    assertThat(confirmed.at("/latency/confirmation/old_p50_micros").asLong())
        .isBetween(5000L, 5400L);
    assertThat(confirmed.at("/latency/confirmation/machine/saturated").asBoolean()).isTrue();
    assertThat(json.at("/run/machine/saturated").asBoolean()).isTrue();
    assertThat(json.at("/run/machine/run_queue").asDouble()).isEqualTo(4.2);
    assertThat(json.at("/gate/latency_borderline_fails").asBoolean()).isFalse();
    assertThat(json.get("notes").toString()).contains("saturated machine");

    ReportFiles.validJunit(dir.resolve("junit.xml"));
    String junit = Files.readString(dir.resolve("junit.xml"));
    String borderlineCase = testCase(junit, SqlProfile.of(BORDERLINE).classId());
    assertThat(borderlineCase).doesNotContain("<failure").contains("latency borderline");
    assertThat(testCase(junit, SqlProfile.of(CONFIRMED).classId()))
        .contains("<failure")
        .containsPattern("confirmed: 1\\.9\\dx");
    assertThat(testCase(junit, SqlProfile.of(REFUTED).classId())).doesNotContain("<failure");
    assertThat(junit).contains("name=\"machine\"");

    assertThat(r.out())
        .contains("latency, NEW/OLD over paired executions with its 99% interval")
        .containsPattern(SqlProfile.of(BORDERLINE).classId() + "  borderline +NEW/OLD")
        .containsPattern(
            SqlProfile.of(REFUTED).classId()
                + "  same +NEW/OLD .*not confirmed: 1\\.00x .*\\(the replay alone: degraded\\)")
        .containsPattern(
            SqlProfile.of(CONFIRMED).classId() + "  degraded +NEW/OLD .*; confirmed: 1\\.9")
        .contains("machine while replaying: 2 processors 100% busy, 4.2 runnable tasks")
        .contains("over 3.5 s: saturated\n");

    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html)
        .contains("class=\"lat-borderline\"")
        .contains("not confirmed: 1.00x")
        .contains("The machine while replaying: 2 processors 100% busy");
  }

  @Test
  void aGateThatFailsBorderlineFailsTheBorderlineClassToo() throws Exception {
    ReportFiles.Run r =
        ReportFiles.cli(
            "report", run().toString(), "--no-baseline", "--latency-borderline", "fail");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    JsonNode json = ReportFiles.validJson(dir.resolve("report.json"));
    assertThat(classOf(json, BORDERLINE).get("verdict").asText()).isEqualTo("REGRESSION");
    assertThat(json.at("/gate/latency_borderline_fails").asBoolean()).isTrue();
    String junit = Files.readString(dir.resolve("junit.xml"));
    assertThat(testCase(junit, SqlProfile.of(BORDERLINE).classId())).contains("<failure");
  }

  /** The test case of a class in junit.xml, up to its end. */
  private static String testCase(String junit, String classId) {
    int start = junit.indexOf("name=\"" + classId);
    assertThat(start).as(classId + " in junit.xml").isPositive();
    int open = junit.lastIndexOf("<testcase", start);
    int end = junit.indexOf("</testcase>", start);
    int empty = junit.indexOf("/>", start);
    return junit.substring(
        open,
        end < 0 || (empty >= 0 && empty < end && !junit.substring(start, empty).contains(">"))
            ? empty
            : end);
  }
}
