package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A real replay between MariaDB 10.2.11 (OLD) and 11.4.5 (NEW), which calls utf8 utf8mb3: different
 * statements reading a utf8 table's character set or collation each differ in their own value
 * ('utf8' vs 'utf8mb3', 'utf8_general_ci' vs 'utf8mb3_general_ci', a SHOW CREATE TABLE text), and
 * report.html reads them as one finding.
 */
class ValueSubstitutionFindingIT {
  private static final List<String> CHARSET_READS =
      List.of(
          "SELECT id, COLLATION(c) FROM names",
          "SELECT id, CHARSET(c) AS cs FROM names WHERE id > 0",
          "SELECT COLUMN_NAME, CHARACTER_SET_NAME FROM information_schema.COLUMNS"
              + " WHERE TABLE_SCHEMA = 'app' AND TABLE_NAME = 'names' AND COLUMN_NAME = 'c'",
          "SHOW CREATE TABLE names");

  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  @TempDir static Path tmp;

  @BeforeAll
  static void start() throws Exception {
    old = TestServers.start("OLD", TestServers.OLD);
    neu = TestServers.start("NEW", TestServers.NEW);
    for (EmbeddedTarget t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE app",
          "CREATE TABLE app.names (id INT PRIMARY KEY, c VARCHAR(10)) CHARACTER SET utf8",
          "INSERT INTO app.names VALUES (1, 'a'), (2, 'b')");
    }
  }

  @AfterAll
  static void stop() {
    if (old != null) {
      old.close();
    }
    if (neu != null) {
      neu.close();
    }
  }

  @Test
  void aRenamedCharsetInSeveralStatementsIsOneFinding() throws Exception {
    List<String> statements = new ArrayList<>(CHARSET_READS);
    statements.add("SELECT id, CONCAT(c, '!') FROM names");
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), "app", 1, statements);
    Path run = tmp.resolve("run");
    Path roots = TestServers.rootCnf(tmp, old, neu);
    ReportFiles.Run r =
        ReportFiles.cli(
            "replay",
            "--workload",
            workload.toString(),
            "--old",
            "jdbc:mysql://127.0.0.1:" + old.server().port() + "/",
            "--new",
            "jdbc:mysql://127.0.0.1:" + neu.server().port() + "/",
            "--out",
            run.toString(),
            "--no-baseline",
            "--defaults-file",
            roots.toString(),
            "--old-defaults-group-suffix",
            "_old",
            "--new-defaults-group-suffix",
            "_new");
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);

    Report report = JsonReport.MAPPER.readValue(run.resolve("report.json").toFile(), Report.class);
    List<Findings.Finding> findings = Findings.of(report.classes());
    Findings.Finding renamed =
        findings.stream().filter(f -> f.classes().size() > 1).findFirst().orElseThrow();
    assertThat(renamed.classes())
        .extracting(Report.ClassEntry::example)
        .as("every statement reading the charset, and only those: %s", findings)
        .containsExactlyInAnyOrderElementsOf(CHARSET_READS);
    assertThat(renamed.why()).startsWith("result values: 'utf8' on OLD became 'utf8mb3' on NEW");
    assertThat(findings).hasSize(1);
    // report.json carries the same findings
    assertThat(report.findings()).hasSize(1);
    assertThat(report.findings().getFirst().why()).isEqualTo(renamed.why());
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("&#39;utf8&#39; on OLD became &#39;utf8mb3&#39; on NEW");
  }
}
