package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.RunInfo;
import io.querytester.testing.SyntheticRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report DIR...} over shard folders: every format says N shards merged, report.json stays
 * valid, and the latency of the merge is that of one run holding every shard's executions.
 */
class ShardReportTest {
  static final String FAST = "SELECT id FROM t WHERE id = 1";
  static final String ERROR = "SELECT nope FROM t";

  @TempDir Path dir;

  private Path shard(String name, int k, long newMicros) throws IOException {
    Path d = dir.resolve(name);
    try (SyntheticRun run = SyntheticRun.create(d)) {
      run.same(FAST, 40, 1000, newMicros);
      run.run(ERROR, SyntheticRun.ok(100, 1), SyntheticRun.failed(1054, "Unknown column 'nope'"));
    }
    RunInfo.read(d).withShard(new RunInfo.Shard(k, 2)).write(d);
    return d;
  }

  @Test
  void mergedShardsReportLikeOneRunAndSaySo() throws Exception {
    Path s1 = shard("s1", 1, 1000);
    Path s2 = shard("s2", 2, 5000);
    Path whole = dir.resolve("whole");
    try (SyntheticRun run = SyntheticRun.create(whole)) {
      run.same(FAST, 40, 1000, 1000);
      run.run(ERROR, SyntheticRun.ok(100, 1), SyntheticRun.failed(1054, "Unknown column 'nope'"));
      run.same(FAST, 40, 1000, 5000);
      run.run(ERROR, SyntheticRun.ok(100, 1), SyntheticRun.failed(1054, "Unknown column 'nope'"));
    }
    Path merged = dir.resolve("merged");
    ReportFiles.Run r =
        ReportFiles.cli("report", "--out", merged.toString(), s2.toString(), s1.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("2 shards merged");
    JsonNode json = ReportFiles.validJson(merged.resolve("report.json"));
    assertThat(json.path("run").path("shards").path("count").asInt()).isEqualTo(2);
    ReportFiles.validJunit(merged.resolve("junit.xml"));
    assertThat(Files.readString(merged.resolve("junit.xml"))).contains("2 shards merged");
    assertThat(Files.readString(merged.resolve("report.html"))).contains("2 shards merged");

    assertThat(ReportFiles.cli("report", whole.toString()).code()).isEqualTo(1);
    JsonNode one = ReportFiles.validJson(whole.resolve("report.json"));
    assertThat(json.path("classes").toString()).isEqualTo(one.path("classes").toString());
    assertThat(json.path("totals")).isEqualTo(one.path("totals"));
  }

  @Test
  void oneShardSaysWhichItIs() throws Exception {
    Path s1 = shard("s1", 1, 1000);
    ReportFiles.Run r = ReportFiles.cli("report", s1.toString());
    assertThat(r.out()).contains("shard 1 of 2");
    JsonNode json = ReportFiles.validJson(s1.resolve("report.json"));
    assertThat(json.path("run").path("shards").path("index").asInt()).isEqualTo(1);
  }

  @Test
  void aMissingShardIsBadInput() throws Exception {
    Path s1 = shard("s1", 1, 1000);
    Path again = dir.resolve("again");
    Files.createDirectories(again);
    Files.copy(s1.resolve(RunInfo.FILE), again.resolve(RunInfo.FILE));
    ReportFiles.Run r =
        ReportFiles.cli(
            "report", "--out", dir.resolve("m").toString(), s1.toString(), again.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).contains("are both shard 1/2").doesNotContain("\n");
  }
}
