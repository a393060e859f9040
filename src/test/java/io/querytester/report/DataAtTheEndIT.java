package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.DataCheck;
import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write replay's last word is the data: through the command line against real embedded MariaDB
 * 10.2.11 (OLD) and 11.4.5 (NEW), the tables the workload wrote are compared at its end and said
 * equal in one line, or, where NEW ended with other data, reported with the table, the first
 * differing chunk and the keys in every format and the exit code; {@code report RUN_DIR} says it
 * again without touching the servers.
 */
class DataAtTheEndIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  static Path rootCnf;

  @TempDir static Path tmp;

  @BeforeAll
  static void start() throws Exception {
    old = TestServers.start("OLD", TestServers.OLD);
    neu = TestServers.start("NEW", TestServers.NEW);
    for (EmbeddedTarget t : List.of(old, neu)) {
      for (String db : List.of("eq", "diverged")) {
        TestServers.exec(
            t,
            "CREATE DATABASE " + db,
            "CREATE TABLE " + db + ".items (id INT PRIMARY KEY, name VARCHAR(30))",
            "INSERT INTO "
                + db
                + ".items SELECT seq, CONCAT('item ', seq) FROM "
                + db
                + ".seq_1_to_3000",
            "CREATE TABLE " + db + ".log (msg VARCHAR(30))");
      }
    }
    rootCnf = TestServers.rootCnf(tmp, old, neu);
  }

  @AfterAll
  static void stop() {
    for (EmbeddedTarget t : new EmbeddedTarget[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  /** Replays {@code statements} in one session in {@code db} with --allow-writes. */
  static ReportFiles.Run replay(String db, Path run, String... statements) throws Exception {
    Path workload = Workloads.write(tmp.resolve(db + ".jsonl"), db, 1, List.of(statements));
    List<String> args =
        new ArrayList<>(
            List.of(
                "replay",
                "--workload",
                workload.toString(),
                "--out",
                run.toString(),
                "--allow-writes",
                "--no-baseline"));
    return ReportFiles.cli(TestServers.withTargets(old, neu, rootCnf, args.toArray(String[]::new)));
  }

  @Test
  void aWriteReplayThatLeavesTheSameDataSaysSoInOneLine() throws Exception {
    Path run = tmp.resolve("equal");
    ReportFiles.Run r =
        replay(
            "eq",
            run,
            "INSERT INTO items VALUES (3001, 'new')",
            "UPDATE items SET name = 'renamed' WHERE id BETWEEN 10 AND 20",
            "DELETE FROM items WHERE id = 2999",
            "INSERT INTO log VALUES ('hello')",
            "CREATE TABLE made (id INT PRIMARY KEY)",
            "INSERT INTO made VALUES (1), (2)");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .contains("data: 3 tables written by the workload, equal on OLD and NEW (")
        .contains(" rows, ")
        .contains("  eq.log: equal (no key: compared whole)");
    assertThat(r.err()).contains("data: comparing the 3 tables the workload wrote, on OLD and NEW");
    JsonNode data = ReportFiles.validJson(run.resolve("report.json")).path("data");
    assertThat(data.path("verdict").asText()).isEqualTo("EQUAL");
    assertThat(data.path("rows").asLong()).isEqualTo(3000 + 1 + 2);
    ReportFiles.validJunit(run.resolve("junit.xml"));
    assertThat(Files.readString(run.resolve("junit.xml")))
        .contains("name=\"data eq.items\"", "name=\"data eq.made\"")
        .doesNotContain("<failure");
  }

  /**
   * The UPDATE is the same statement with the same effect on the rows' count on both sides, so no
   * statement differs: only the data at the end tells that NEW stored 'utf8mb3' where OLD stored
   * 'utf8'.
   */
  @Test
  void aWriteReplayThatLeavesOtherDataOnNewFailsWithTheTableTheChunkAndTheKeys() throws Exception {
    Path run = tmp.resolve("diverged");
    ReportFiles.Run r =
        replay(
            "diverged",
            run,
            "UPDATE items SET name = CHARSET(CONVERT('x' USING utf8)) WHERE id = 1500",
            "INSERT INTO log VALUES ('hello')");
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out())
        .startsWith(
            "REGRESSIONS: data at the end: 1 of 2 tables written by the workload differs on NEW"
                + " (diverged.items)")
        .contains("data: 1 of 2 tables written by the workload differs on NEW (")
        .containsPattern(
            "  diverged\\.items: 1 row differs: 0 on OLD only, 0 on NEW only, 1 with other values;"
                + " first in chunk \\d of \\d \\([^)]*id[^)]*\\), keys 1500\n");
    assertThat(Files.exists(run.resolve(DataCheck.FILE))).isTrue();

    JsonNode json = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(json.path("classes").get(0).path("verdict").asText()).isEqualTo("SAME");
    JsonNode items = json.path("data").path("tables").get(0);
    assertThat(items.path("status").asText()).isEqualTo("DIFFERENT");
    JsonNode first = items.path("first");
    // the chunk holds key 1500: above its lower bound, at most its upper (an empty bound is open)
    assertThat(first.path("lower").isEmpty() || first.path("lower").get(0).asLong() < 1500)
        .isTrue();
    assertThat(first.path("upper").isEmpty() || first.path("upper").get(0).asLong() >= 1500)
        .isTrue();
    JsonNode row = items.path("samples").get(0);
    assertThat(row.path("key").get(0).asText()).isEqualTo("1500");
    assertThat(row.path("old").path("name").asText()).isEqualTo("'utf8'");
    assertThat(row.path("new").path("name").asText()).isEqualTo("'utf8mb3'");

    ReportFiles.validJunit(run.resolve("junit.xml"));
    assertThat(Files.readString(run.resolve("junit.xml")))
        .contains(
            "<testcase classname=\"querytester.data\" name=\"data diverged.items\"",
            "<failure type=\"DATA\" message=\"diverged.items: 1 row differs",
            "keys 1500",
            "key 1500: name 'utf8' -&gt; 'utf8mb3'");
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("<section id=\"data\">", "diverged.items: differing rows");

    // The report again, from the run folder alone.
    ReportFiles.Run again = ReportFiles.cli("report", run.toString(), "--no-baseline");
    assertThat(again.code()).isEqualTo(1);
    assertThat(again.out()).contains("data: 1 of 2 tables written by the workload differs on NEW");
  }
}
