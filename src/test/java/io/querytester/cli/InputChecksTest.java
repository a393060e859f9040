package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small input errors are usage errors (exit 2, one line), found before any server is started or
 * connected to.
 */
class InputChecksTest {
  @TempDir Path dir;

  @Test
  void captureIntoADirectoryIsBadUsageInOneLine() throws Exception {
    Path log = Files.writeString(dir.resolve("slow.log"), "");
    Path out = Files.createDirectory(dir.resolve("outdir"));

    CliTest.Run r =
        CliTest.run("capture", "--source", "slowlog", log.toString(), "--out", out.toString());

    assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT.code());
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err())
        .contains("--out " + out + " is a directory")
        .doesNotContain("FileSystemException");
  }

  @Test
  void replayOfABinaryFileSaysItIsNotAWorkloadInOneLineWithoutStartingServers() throws Exception {
    byte[] junk = new byte[200_000];
    new Random(7).nextBytes(junk);
    Path binary = Files.write(dir.resolve("dump.bin"), junk);

    // Targets that cannot be reached: opened first, they would end it with exit 3.
    CliTest.Run r =
        CliTest.run(
            "replay",
            "--workload",
            binary.toString(),
            "--old",
            "jdbc:mysql://127.0.0.1:1/",
            "--new",
            "jdbc:mysql://127.0.0.1:1/",
            "--out",
            dir.resolve("run").toString());

    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT.code());
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(binary + " is not a workload").doesNotContain("[Source:");
    assertThat(dir.resolve("run")).doesNotExist();
  }

  @Test
  void aJsonFileThatIsNoWorkloadIsNamedSoToo() throws Exception {
    Path json = Files.writeString(dir.resolve("other.json"), "[1, 2, 3]\n");

    CliTest.Run r = CliTest.run("replay", "--workload", json.toString(), "--dry-run");

    assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT.code());
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).contains(json + " is not a workload");
  }

  @Test
  void workloadStatsReadsAStatementOver20Megabytes() throws Exception {
    Path file = dir.resolve("w.jsonl");
    Instant t0 = Instant.parse("2026-11-21T06:00:00Z");
    String huge = "SELECT LENGTH('" + "x".repeat(21_000_000) + "')";
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, t0))) {
      w.write(event(t0, "SELECT 1"));
      w.write(event(t0.plusSeconds(1), huge));
    }

    CliTest.Run r = CliTest.run("workload", "stats", file.toString());

    assertThat(r.code()).isZero();
    assertThat(r.err()).doesNotContain("exceeds");
    assertThat(r.out()).contains("Events:     2 in 2 classes").contains("Skipped:    0 lines");
  }

  private static QueryEvent event(Instant ts, String sql) {
    return new QueryEvent(
        ts, 1L, "app", "localhost", "app", sql, null, null, null, null, null, null);
  }
}
