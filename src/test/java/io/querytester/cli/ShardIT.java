package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.server.DataLoader;
import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.testing.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The samples workload replayed once whole and once as 4 shards, 4 processes of the packaged tool,
 * merged by {@code report DIR...}: the same verdict, class verdicts, difference counts and
 * histogram counts, the notes of what was dropped and the plans, whether the shards share one
 * OLD/NEW pair or each starts its own.
 */
class ShardIT {
  static final Path SAMPLES = Path.of("samples", "workload.jsonl");
  static final String BAD_LINE = "this line is not an event";
  static final List<Path> DATA =
      List.of(Path.of("samples", "schema.sql"), Path.of("samples", "data.sql"));
  static final ObjectMapper JSON = new ObjectMapper();

  /** The samples with a bad line: every shard drops it, the merge lists it once. */
  static Path workload;

  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  static Path work;
  static Path whole;
  static Path rootCnf;

  @BeforeAll
  static void replayWhole() throws Exception {
    work =
        Files.createTempDirectory(
            Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"))), "shard-it");
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
    old = o.join();
    neu = n.join();
    rootCnf = TestServers.rootCnf(work, old, neu);
    List<String> lines = new ArrayList<>(Files.readAllLines(SAMPLES));
    lines.add(5, BAD_LINE);
    workload = Files.write(work.resolve("workload.jsonl"), lines);
    DataLoader loader = new DataLoader(m -> {});
    for (EmbeddedTarget t : List.of(old, neu)) {
      DATA.forEach(f -> loader.load(t, f));
    }
    whole = work.resolve("whole");
    Tool.Result r = Tool.run(work.resolve("whole.log"), List.of(), replay(whole, pair()));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
  }

  @AfterAll
  static void stop() {
    for (EmbeddedTarget t : new EmbeddedTarget[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  @Test
  void fourShardsOnTheSamePairMergeToTheWholeReplay() throws Exception {
    // Each way of naming the shard: K/N, the documented pair, GitLab's and Kubernetes' variables.
    List<Map<String, String>> envs =
        List.of(
            Map.of(),
            Map.of("QUERYTESTER_SHARD", "2", "QUERYTESTER_SHARDS", "4"),
            Map.of("CI_NODE_INDEX", "3", "CI_NODE_TOTAL", "4"),
            Map.of("JOB_COMPLETION_INDEX", "3", "QUERYTESTER_SHARDS", "4"));
    List<Path> shards = new ArrayList<>();
    List<Process> running = new ArrayList<>();
    for (int k = 1; k <= 4; k++) {
      Path dir = work.resolve("same-" + k);
      shards.add(dir);
      List<String> args = new ArrayList<>(List.of(replay(dir, pair())));
      args.addAll(k == 1 ? List.of("--shard", "1/4") : List.of("--shard", "auto"));
      running.add(
          Tool.start(
              work.resolve("same-" + k + ".log"),
              List.of(),
              envs.get(k - 1),
              args.toArray(String[]::new)));
    }
    awaitAll(running);
    for (Path s : shards) {
      assertThat(JSON.readTree(s.resolve("run.json").toFile()).path("shard").path("index").asInt())
          .isEqualTo(shards.indexOf(s) + 1);
    }
    assertSameAsWhole(merge(shards, work.resolve("same-merged")));
  }

  @Test
  void fourShardsEachWithItsOwnPairMergeToTheWholeReplay() throws Exception {
    List<Path> shards = new ArrayList<>();
    List<Process> running = new ArrayList<>();
    for (int k = 1; k <= 4; k++) {
      Path dir = work.resolve("own-" + k);
      shards.add(dir);
      List<String> args =
          new ArrayList<>(
              List.of(
                  replay(
                      dir,
                      "--old",
                      "embedded:mariadb-" + TestServers.OLD,
                      "--new",
                      "embedded:mariadb-" + TestServers.NEW)));
      DATA.forEach(f -> args.addAll(List.of("--load", f.toString())));
      args.addAll(List.of("--shard", k + "/4"));
      running.add(
          Tool.start(work.resolve("own-" + k + ".log"), List.of(), args.toArray(String[]::new)));
    }
    awaitAll(running);
    assertSameAsWhole(merge(shards, work.resolve("own-merged")));
  }

  private static void awaitAll(List<Process> running) throws Exception {
    for (Process p : running) {
      assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
      assertThat(p.exitValue()).isIn(0, 1);
    }
  }

  private static Path merge(List<Path> shards, Path out) throws Exception {
    List<String> args = new ArrayList<>(List.of("report", "--out", out.toString()));
    // In reverse: the merge orders the shards itself.
    shards.reversed().forEach(s -> args.add(s.toString()));
    Tool.Result r =
        Tool.run(work.resolve(out.getFileName() + ".log"), List.of(), args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    assertThat(r.out()).contains("4 shards merged");
    assertThat(Files.readString(out.resolve("junit.xml"))).contains("4 shards merged");
    assertThat(Files.readString(out.resolve("report.html"))).contains("4 shards merged");
    return out;
  }

  private static void assertSameAsWhole(Path merged) throws Exception {
    JsonNode a = JSON.readTree(whole.resolve("report.json").toFile());
    JsonNode b = JSON.readTree(merged.resolve("report.json").toFile());
    assertThat(b.path("run").path("shards").path("count").asInt()).isEqualTo(4);
    assertThat(b.path("run").path("shards").path("folders")).hasSize(4);
    assertThat(b.path("run").path("shards").has("index")).isFalse();
    assertThat(b.path("verdict").asText()).isEqualTo(a.path("verdict").asText());
    assertThat(b.path("totals")).isEqualTo(a.path("totals"));
    assertThat(classes(b)).isEqualTo(classes(a));
    assertThat(classes(a)).isNotEmpty();
    assertThat(dropped(b)).isEqualTo(dropped(a)).hasSize(2);
    assertThat(dropped(b).getLast()).contains(":6: skipped a line that is not an event");
    // Each shard read the plans of its own classes: a row order change is in one shard at least.
    assertThat(planned(a, "row order")).isNotEmpty();
    assertThat(planned(b, "row order")).containsAll(planned(a, "row order"));
  }

  /** The notes of what the replay dropped while reading the workload. */
  private static List<String> dropped(JsonNode report) {
    List<String> out = new ArrayList<>();
    report.path("notes").forEach(n -> out.add(n.asText()));
    return out.stream().filter(n -> n.contains("dropped")).toList();
  }

  /** The classes whose plans were read for this reason. */
  private static List<String> planned(JsonNode report, String reason) {
    List<String> out = new ArrayList<>();
    for (JsonNode c : report.path("classes")) {
      if (c.path("plan").path("reasons").toString().contains(reason)) {
        out.add(c.path("class_id").asText());
      }
    }
    return out;
  }

  /** Per class: verdict, executions, each difference's count, and both histograms' counts. */
  private static Map<String, String> classes(JsonNode report) {
    Map<String, String> out = new TreeMap<>();
    for (JsonNode c : report.path("classes")) {
      // A latency verdict is timing: the whole replay and the shards ran at different moments of
      // a shared machine, so a class that regressed by its latency alone in one may not in the
      // other. Everything else must match exactly.
      StringBuilder kinds = new StringBuilder();
      for (JsonNode d : c.path("differences")) {
        if (!d.path("kind").asText().equals("LATENCY")) {
          kinds
              .append(' ')
              .append(d.path("kind").asText())
              .append('=')
              .append(d.path("executions").asLong());
        }
      }
      String verdict = c.path("verdict").asText();
      StringBuilder s =
          new StringBuilder(kinds.isEmpty() && verdict.equals("REGRESSION") ? "SAME" : verdict);
      s.append(" executions=").append(c.path("executions").asLong());
      s.append(kinds);
      s.append(" old=").append(c.path("latency").path("old").path("count").asLong());
      s.append(" new=").append(c.path("latency").path("new").path("count").asLong());
      out.put(c.path("class_id").asText(), s.toString());
    }
    return out;
  }

  private static String[] replay(Path dir, String... targets) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "replay", "--workload", workload.toString(), "--out", dir.toString(), "--quiet"));
    args.addAll(List.of(targets));
    return args.toArray(String[]::new);
  }

  private static String[] pair() {
    return new String[] {
      "--old",
      url(old),
      "--new",
      url(neu),
      "--defaults-file",
      rootCnf.toString(),
      "--old-defaults-group-suffix",
      "_old",
      "--new-defaults-group-suffix",
      "_new"
    };
  }

  static String url(EmbeddedTarget t) {
    return "jdbc:mysql://127.0.0.1:" + t.server().port() + "/";
  }
}
