package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.querytester.BadInputException;
import io.querytester.run.RunInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report RUN_DIR} writes the run's report again from a copied folder: the duration comes
 * from run.json (not from a file's time, which a copy changes), and so do the limits and the gate
 * the run's first report used.
 */
class ReReportTest {
  @TempDir Path tmp;

  @Test
  void aCopiedRunFolderGivesTheSameReport() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    ReportFiles.Run first =
        ReportFiles.cli(
            "report",
            run.toString(),
            "--no-baseline",
            "--max-examples",
            "1",
            "--max-sample-rows",
            "1",
            "--max-value-chars",
            "12",
            "--latency-ratio",
            "1.7",
            "--fail-on",
            "RESULT,ERROR_NEW");
    assertThat(first.code()).as(first.err()).isEqualTo(1);
    JsonNode before = ReportFiles.validJson(run.resolve("report.json"));

    Path copy = copy(run, tmp.resolve("elsewhere/copy"));
    // As on another machine: the original folder, and the workload run.json names, are gone; the
    // copy carries the workload along.
    delete(run);
    // A copy gets new file times: an hour later here, as after a slow transfer.
    Files.setLastModifiedTime(
        copy.resolve("executions.jsonl"), FileTime.from(Instant.now().plusSeconds(3600)));
    ReportFiles.Run again = ReportFiles.cli("report", copy.toString());
    assertThat(again.code()).as(again.err()).isEqualTo(1);
    JsonNode after = ReportFiles.validJson(copy.resolve("report.json"));

    assertThat(after.at("/run/duration_seconds").asDouble()).isEqualTo(2.5);
    assertThat(after.at("/gate/latency_ratio").asDouble()).isEqualTo(1.7);
    assertThat(withoutPlace(after)).isEqualTo(withoutPlace(before));
    assertThat(after.get("generated_at")).isNotNull();
  }

  @Test
  void flagsStillOverrideTheRunsSettings() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    assertThat(ReportFiles.cli("report", run.toString(), "--fail-on", "none").code()).isZero();
    assertThat(ReportFiles.cli("report", run.toString()).code()).isZero();
    assertThat(ReportFiles.cli("report", run.toString(), "--fail-on", "default").code())
        .isEqualTo(1);
    RunInfo info = RunInfo.read(run);
    assertThat(info.version()).isEqualTo(RunInfo.VERSION);
    assertThat(info.report()).containsKeys("gate", "report");
  }

  @Test
  void aVersionOneRunFolderIsStillRead() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("v1"));
    try (InputStream in = getClass().getResourceAsStream("/run/run-v1.json")) {
      Files.copy(in, dir.resolve(RunInfo.FILE));
    }
    RunInfo info = RunInfo.read(dir);
    assertThat(info.version()).isEqualTo(1);
    assertThat(info.targets()).extracting(RunInfo.Side::label).containsExactly("OLD", "NEW");
    assertThat(info.replaySeconds()).isNull();
    assertThat(info.report()).isNull();
    assertThat(RunSettings.read(info, dir)).isEqualTo(ReportSettings.NONE);
  }

  @Test
  void aNewerRunFolderIsRefusedWithItsVersion() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("v99"));
    Files.writeString(
        dir.resolve(RunInfo.FILE),
        "{\"format\":\"querytester-run\",\"version\":99,\"workload\":\"w\",\"targets\":[]}");
    assertThatThrownBy(() -> RunInfo.read(dir))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("version 99")
        .hasMessageContaining("newer querytester");
  }

  @Test
  void aBadValueInRunJsonNamesTheFileAndTheKey() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    assertThat(ReportFiles.cli("report", run.toString(), "--no-baseline").code()).isEqualTo(1);
    RunInfo info = RunInfo.read(run);
    java.util.Map<String, Object> report = new java.util.LinkedHashMap<>(info.report());
    report.put("report", java.util.Map.of("max_examples", 0));
    info.reported(report).write(run);
    ReportFiles.Run bad = ReportFiles.cli("report", run.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("run.json", "report.max_examples", "at least 1");
  }

  /** The report without what names its time and place: generated_at, and the run folder. */
  static JsonNode withoutPlace(JsonNode report) {
    ObjectNode copy = report.deepCopy();
    copy.remove("generated_at");
    ((ObjectNode) copy.get("run")).remove("dir");
    return copy;
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }

  private static Path copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        if (Files.isRegularFile(f)) {
          Files.copy(f, to.resolve(f.getFileName()));
        }
      }
    }
    return to;
  }
}
