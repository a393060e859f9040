package io.querytester.cli;

import static io.querytester.testing.SyntheticRun.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.testing.SyntheticRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportWarmupTest {
  @TempDir Path dir;

  private static ReportOptions prepared(Path workingDir) {
    ReportOptions options = new ReportOptions();
    new CommandLine(options).parseArgs();
    options.prepare(workingDir, w -> {});
    return options;
  }

  /** Every file of a folder with its text. */
  private static Map<String, String> contents(Path folder) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(folder.relativize(f).toString(), Files.readString(f));
      }
    }
    return out;
  }

  private Path scratchParent() throws IOException {
    return Files.createDirectories(dir.resolve("tmp"));
  }

  @Test
  @Timeout(60)
  void writesTheReportsOnAScratchCopyLeavingTheRunAsItWasAndNoScratchBehind() throws Exception {
    Path run = Files.createDirectories(dir.resolve("run"));
    try (SyntheticRun r = SyntheticRun.create(run)) {
      r.same("SELECT c FROM t WHERE id = 1", 20, 100, 120);
      r.run(
          "SELECT COUNT(*) FROM t",
          ok(200, 1),
          ok(250, 1),
          Difference.of(DiffKind.RESULT, "1 row differs"));
    }
    Map<String, String> before = contents(run);
    ReportWarmup warmup = ReportWarmup.start(run, prepared(dir), true, scratchParent());
    while (!warmup.warmed()) { // close() would tell a warm-up still waiting to give up
      Thread.sleep(20);
    }
    warmup.close();
    assertThat(contents(run)).isEqualTo(before); // no report, no settings written into the run
    assertThat(scratchParent()).isEmptyDirectory();
  }

  @Test
  @Timeout(30)
  void givesUpWhenTheRunsReportsBeginBeforeAnyExecutionWasWritten() throws Exception {
    Path run = Files.createDirectories(dir.resolve("run"));
    SyntheticRun.create(run).close(); // run.json, an executions log with its header only
    ReportWarmup warmup = ReportWarmup.start(run, prepared(dir), true, scratchParent());
    Thread.sleep(200); // it is waiting for executions
    warmup.reportsBegin();
    warmup.close();
    assertThat(warmup.warmed()).isFalse();
    assertThat(scratchParent()).isEmptyDirectory();
  }

  @Test
  @Timeout(30)
  void aRunWithoutReportsStartsNone() throws Exception {
    Path run = Files.createDirectories(dir.resolve("run"));
    try (SyntheticRun r = SyntheticRun.create(run)) {
      r.same("SELECT 1", 3, 100, 100);
    }
    ReportWarmup warmup = ReportWarmup.start(run, prepared(dir), false, scratchParent());
    warmup.close();
    assertThat(warmup.warmed()).isFalse();
    assertThat(scratchParent()).isEmptyDirectory();
  }
}
