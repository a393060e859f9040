package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.CrashEvent;
import io.querytester.run.DropList;
import io.querytester.run.HealthRecord;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.run.StallEvent;
import io.querytester.run.StatementRef;
import io.querytester.testing.SyntheticRun;
import io.querytester.workload.SqlProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report DIR...} over shard folders: every format says N shards merged, report.json stays
 * valid, and the latency, notes and plans of the merge are those of one run holding every shard's
 * executions; each shard's health keeps its shard.
 */
class ShardReportTest {
  static final String FAST = "SELECT id FROM t WHERE id = 1";
  static final String ERROR = "SELECT nope FROM t";

  @TempDir Path dir;

  /** What replay notes for a bad line: every shard reads the whole workload, so each drops it. */
  static final String BAD_LINE =
      "workload.jsonl:5: skipped a line that is not an event (Unrecognized token 'oops')";

  private Path shard(String name, int k, long newMicros) throws IOException {
    Path d = dir.resolve(name);
    try (SyntheticRun run = SyntheticRun.create(d)) {
      run.same(FAST, 40, 1000, newMicros);
      run.run(ERROR, SyntheticRun.ok(100, 1), SyntheticRun.failed(1054, "Unknown column 'nope'"));
    }
    RunInfo.read(d).withShard(new RunInfo.Shard(k, 2)).write(d);
    dropped(d);
    return d;
  }

  private static void dropped(Path run) throws IOException {
    try (DropList d = DropList.create(run)) {
      d.add(BAD_LINE);
    }
  }

  /** A plans.json as replay writes it, with one plan per class. */
  private static void plans(Path run, String... idAndKey) throws IOException {
    StringBuilder plans = new StringBuilder();
    for (int i = 0; i < idAndKey.length; i += 2) {
      plans
          .append(plans.isEmpty() ? "" : ",")
          .append(
              """
              {"class_id": "%s", "reasons": ["row order"], "event": 2, "sql": "%s",
               "status": "DIFFERENT", "summary": "plan changed: t: key %s -> PRIMARY",
               "changes": ["t: key %s -> PRIMARY"],
               "old": {"source": "EXPLAIN FORMAT=JSON",
                       "tables": [{"table": "t", "access": "ref", "key": "%s", "rows": 4}]},
               "new": {"source": "EXPLAIN FORMAT=JSON",
                       "tables": [{"table": "t", "access": "const", "key": "PRIMARY", "rows": 1}]}}
              """
                  .formatted(
                      idAndKey[i],
                      idAndKey[i].equals(id(FAST)) ? FAST : ERROR,
                      idAndKey[i + 1],
                      idAndKey[i + 1],
                      idAndKey[i + 1]));
    }
    Files.writeString(
        run.resolve("plans.json"),
        "{\"format\": \"querytester-plans\", \"version\": 1, \"plans\": [" + plans + "]}");
  }

  private static String id(String sql) {
    return SqlProfile.of(sql).classId();
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
    dropped(whole);
    // Each shard read the plans of its own classes; shard 1's is kept for a class both read.
    plans(s1, id(FAST), "k_fast");
    plans(s2, id(FAST), "k_other", id(ERROR), "k_error");
    plans(whole, id(FAST), "k_fast", id(ERROR), "k_error");
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
    // What the replay dropped while reading the workload, listed once, and the plans.
    assertThat(json.path("notes")).isEqualTo(one.path("notes"));
    assertThat(json.path("notes").toString()).contains(BAD_LINE).contains("1 workload item(s)");
    assertThat(r.out()).contains("note: dropped: " + BAD_LINE);
    assertThat(json.path("classes").findValues("plan")).hasSize(2);
    assertThat(r.out()).contains("plan changed: t: key k_fast -> PRIMARY");
  }

  @Test
  void eachShardsCrashAndStallAreReportedWithTheirShard() throws Exception {
    Path s1 = shard("s1", 1, 1000);
    Path s2 = shard("s2", 2, 1000);
    Instant t = Instant.parse("2026-01-02T03:04:06Z");
    health(
        s1,
        new StallEvent(
            "OLD",
            1,
            t,
            t.plusSeconds(20),
            t.plusSeconds(31),
            100L,
            131L,
            List.of(),
            "it answered" + " again, the replay went on"));
    health(
        s2,
        new CrashEvent(
            "NEW",
            1,
            "connection lost and a new connection was refused",
            t,
            t.plusSeconds(2),
            t.plusSeconds(1),
            812L,
            List.of(new StatementRef(2, id(FAST), FAST, t, null, false)),
            0,
            List.of(),
            "the side stopped",
            List.of()));
    Path merged = dir.resolve("merged");
    ReportFiles.Run r =
        ReportFiles.cli("report", "--out", merged.toString(), s1.toString(), s2.toString());

    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("NEW 2/2").contains("OLD 1/2 stalled for 31.0 s");
    JsonNode json = ReportFiles.validJson(merged.resolve("report.json"));
    assertThat(json.path("verdict").asText()).isEqualTo("REGRESSION");
    JsonNode crashes = json.path("health").path("crashes");
    assertThat(crashes).hasSize(1);
    assertThat(crashes.get(0).path("side").asText()).isEqualTo("NEW 2/2");
    assertThat(json.path("notes").toString()).contains("OLD 1/2 stalled for 31.0 s");
  }

  private static void health(Path run, HealthRecord r) throws IOException {
    Files.writeString(run.resolve("health.jsonl"), RunJson.MAPPER.writeValueAsString(r) + "\n");
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
