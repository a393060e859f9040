package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.run.CrashEvent;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthRecord;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.workload.StatementKind;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardMergeTest {
  @TempDir Path dir;

  private Path shard(
      String name, int k, int n, String workload, Map<String, String> settings, String version)
      throws IOException {
    Path d = dir.resolve(name);
    RunInfo.starting(
            "/data/" + workload,
            10,
            List.of(
                new RunInfo.Side("OLD", "jdbc:mysql://old-" + k, "10.2.11-MariaDB", Map.of()),
                new RunInfo.Side("NEW", "jdbc:mysql://new-" + k, version, Map.of())),
            settings,
            Instant.parse("2026-01-02T03:04:0" + k + "Z"))
        .withShard(new RunInfo.Shard(k, n))
        .ended(Instant.parse("2026-01-02T03:05:0" + k + "Z"), k)
        .write(d);
    try (ExecutionLog log = ExecutionLog.append(d)) {
      for (int i = 0; i < k; i++) {
        log.write(
            new Execution(
                k * 100L + i,
                k,
                "c" + k,
                StatementKind.WRITE,
                "writes are not replayed",
                "DELETE FROM t",
                null,
                null,
                null,
                null,
                null,
                null));
      }
    }
    return d;
  }

  private Path shard(String name, int k, int n) throws IOException {
    return shard(name, k, n, "w.jsonl", Map.of("concurrency", "8"), "11.4.5-MariaDB");
  }

  @Test
  void mergesEveryExecutionOfEveryShardInShardOrder() throws IOException {
    Path s2 = shard("b", 2, 3);
    Path s1 = shard("a", 1, 3);
    Path s3 = shard("c", 3, 3);
    Path out = dir.resolve("merged");
    RunInfo merged = ShardMerge.merge(List.of(s3, s1, s2), out, w -> {});
    List<Long> events = new ArrayList<>();
    ExecutionLog.read(out, w -> {}).forEach(e -> events.add(e.event()));
    assertThat(events).containsExactly(100L, 200L, 201L, 300L, 301L, 302L);
    RunInfo read = RunInfo.read(out);
    assertThat(read).isEqualTo(merged);
    assertThat(read.shard()).isNull();
    assertThat(read.shards()).hasSize(3).first().asString().endsWith("a");
    assertThat(read.workloadEvents()).isEqualTo(30);
    assertThat(read.started()).isEqualTo(Instant.parse("2026-01-02T03:04:01Z"));
    assertThat(read.finished()).isEqualTo(Instant.parse("2026-01-02T03:05:03Z"));
    assertThat(read.replaySeconds()).isEqualTo(3.0); // side by side: the slowest shard
  }

  @Test
  void refusesAMissingShard() throws IOException {
    Path s1 = shard("a", 1, 4);
    Path s3 = shard("c", 3, 4);
    assertThatThrownBy(() -> ShardMerge.check(List.of(s1, s3)))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("shards 2/4, 4/4 missing")
        .hasMessageContaining(s1.toString())
        .hasMessageNotContaining("\n");
  }

  @Test
  void refusesAShardGivenTwice() throws IOException {
    Path a = shard("a", 1, 2);
    Path b = shard("b", 1, 2);
    Path c = shard("c", 2, 2);
    assertThatThrownBy(() -> ShardMerge.check(List.of(a, c, b)))
        .isInstanceOf(BadInputException.class)
        .hasMessage(a + " and " + b + " are both shard 1/2; give each shard once");
  }

  @Test
  void refusesShardsOfAnotherReplay() throws IOException {
    Path a = shard("a", 1, 2);
    Path workload = shard("w", 2, 2, "other.jsonl", Map.of("concurrency", "8"), "11.4.5-MariaDB");
    Path settings = shard("s", 2, 2, "w.jsonl", Map.of("concurrency", "4"), "11.4.5-MariaDB");
    Path servers = shard("v", 2, 2, "w.jsonl", Map.of("concurrency", "8"), "11.4.4-MariaDB");
    Path count = shard("n", 2, 3);
    assertThatThrownBy(() -> ShardMerge.check(List.of(a, workload)))
        .hasMessageContaining("different workloads");
    assertThatThrownBy(() -> ShardMerge.check(List.of(a, settings)))
        .hasMessageContaining("different settings");
    assertThatThrownBy(() -> ShardMerge.check(List.of(a, servers)))
        .hasMessageContaining("different servers")
        .hasMessageContaining("11.4.4");
    assertThatThrownBy(() -> ShardMerge.check(List.of(a, count)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("2 and 3 shards");
  }

  @Test
  void refusesAWholeReplayAndAnOccupiedOut() throws IOException {
    Path whole = dir.resolve("whole");
    RunInfo.starting("/w.jsonl", 1, List.of(), Map.of(), Instant.EPOCH).write(whole);
    Path a = shard("a", 1, 2);
    assertThatThrownBy(() -> ShardMerge.check(List.of(a, whole)))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            whole
                + " is not a shard (replayed without --shard); give only the folders of one sharded replay");
    Path b = shard("b", 2, 2);
    assertThatThrownBy(() -> ShardMerge.merge(List.of(a, b), a, w -> {}))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("already holds a run");
  }

  @Test
  void shardedCompareJoinsEachSidesMergedShards() throws IOException {
    Path o1 = shard("o1", 1, 2);
    Path o2 = shard("o2", 2, 2);
    Path n2 = shard("n2", 2, 2);
    Path n1 = shard("n1", 1, 2);
    // OLD's shard 2 crashed: the joined run says so, on OLD and with its shard.
    Instant t = Instant.parse("2026-01-02T03:04:30Z");
    java.nio.file.Files.writeString(
        o2.resolve(HealthLog.FILE),
        RunJson.MAPPER.writeValueAsString(
                (HealthRecord)
                    new CrashEvent(
                        "EMBEDDED-MARIADB-10.2.11",
                        1,
                        "uptime went back from 812 s to 3 s",
                        t,
                        t,
                        null,
                        812L,
                        List.of(),
                        0,
                        List.of(),
                        "restarting",
                        List.of()))
            + "\n");
    Path out = dir.resolve("joined");
    ShardedCompare.join(List.of(o2, o1, n1, n2), out, w -> {});
    assertThat(HealthLog.read(out, w -> {}))
        .singleElement()
        .isInstanceOfSatisfying(CrashEvent.class, c -> assertThat(c.side()).isEqualTo("OLD 2/2"));
    List<Long> events = new ArrayList<>();
    ExecutionLog.read(out, w -> {}).forEach(e -> events.add(e.event()));
    assertThat(events).containsExactlyInAnyOrder(100L, 200L, 201L);
    RunInfo info = RunInfo.read(out);
    assertThat(info.shards()).hasSize(2).first().asString().endsWith("o1");
    assertThat(info.targets()).extracting(RunInfo.Side::label).containsExactly("OLD", "NEW");
    assertThatThrownBy(() -> ShardedCompare.join(List.of(o1, o2, n1), dir.resolve("x"), w -> {}))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("an even number");
    assertThatThrownBy(
            () -> ShardedCompare.join(List.of(o1, n1, o2, n2), dir.resolve("y"), w -> {}))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("both shard 1/2");
  }

  @Test
  void oldRunFilesStillRead() throws IOException {
    Path v2 = dir.resolve("v2");
    java.nio.file.Files.createDirectories(v2);
    java.nio.file.Files.writeString(
        v2.resolve(RunInfo.FILE),
        """
        {"format":"querytester-run","version":2,"workload":"/w.jsonl","workload_events":3,
         "targets":[],"settings":{},"started":"2026-01-02T03:04:05Z"}
        """);
    RunInfo info = RunInfo.read(v2);
    assertThat(info.shard()).isNull();
    assertThat(info.shards()).isNull();
    assertThat(info.workloadEvents()).isEqualTo(3);
  }
}
