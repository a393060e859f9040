package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.RunInfo;
import io.querytester.testing.ReportSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code querytester precheck} without a server: statements only, every report format. */
class PrecheckCommandTest {
  @TempDir Path dir;

  private static CliTest.Run cli(String... args) {
    return CliTest.run(args);
  }

  @Test
  void theSampleWorkloadFailsThePrecheckFor114WithEveryReport() throws Exception {
    CliTest.Run r =
        cli(
            "precheck",
            "--workload",
            "samples/workload.jsonl",
            "--target",
            "11.4",
            "--out",
            dir.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out())
        .startsWith("PRECHECK FAILED:")
        .contains("mariadb 10.2.11-MariaDB -> 11.4")
        .contains("breaks     mariadb-10.6-reserved-offset (since 10.6)")
        .contains(
            "EC1FC47B5BBDC293 read         10  offset  SELECT COUNT(*) AS total, 40 AS offset")
        .contains("statements only; give --old SPEC");
    JsonNode json = ReportSchemas.validJson(dir.resolve("precheck.json"), "precheck.schema.json");
    assertThat(json.get("findings").size()).isGreaterThanOrEqualTo(5);
    ReportSchemas.validJunit(dir.resolve("precheck-junit.xml"));
    String junit = Files.readString(dir.resolve("precheck-junit.xml"));
    assertThat(junit).contains("name=\"mariadb-10.6-reserved-offset\"").contains("<failure");
    assertThat(Files.readString(dir.resolve("precheck.html")))
        .contains("mariadb-10.6-reserved-offset")
        .contains("EC1FC47B5BBDC293");
  }

  @Test
  void statementTextIsEscapedInTheHtml() throws Exception {
    Path w = dir.resolve("w.jsonl");
    Files.write(
        w,
        List.of(
            "{\"format\":\"querytester-workload\",\"version\":1,\"server_version\":\"10.2.11-MariaDB\"}",
            "{\"session\":1,\"sql\":\"SELECT '<script>alert(1)</script>' AS offset\"}"));
    CliTest.Run r = cli("precheck", "-w", w.toString(), "--target", "11.4.5", "-o", dir.toString());
    assertThat(r.code()).isEqualTo(1);
    String html = Files.readString(dir.resolve("precheck.html"));
    assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>");
  }

  @Test
  void nothingCrossedPasses() {
    CliTest.Run r =
        cli(
            "precheck",
            "--workload",
            "samples/workload.jsonl",
            "--target",
            "10.2.44",
            "--out",
            dir.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("PRECHECK OK: 0 findings");
  }

  @Test
  void bisectWithoutARunFolderIsBadInput() {
    CliTest.Run r = cli("bisect", dir.resolve("none").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("is not a run folder");
  }

  @Test
  void bisectOnDockerWithoutAnEngineStopsBeforeAnyServer() throws Exception {
    Path run = dir.resolve("run");
    RunInfo.starting(
            "samples/workload.jsonl",
            379,
            List.of(
                new RunInfo.Side("OLD", "jdbc:mysql://a:3306/", "5.7.44-log", Map.of()),
                new RunInfo.Side("NEW", "jdbc:mysql://b:3306/", "8.4.3", Map.of())),
            Map.of(),
            Instant.EPOCH)
        .write(run);
    Assumptions.assumeFalse(
        org.testcontainers.DockerClientFactory.instance().isDockerAvailable(),
        "a Docker engine runs here");
    CliTest.Run r = cli("bisect", run.toString(), "--docker", "--load", "samples/schema.sql");
    assertThat(r.code()).as(r.err()).isEqualTo(3);
    assertThat(r.err()).contains("docker:mysql:8.0: no Docker engine found");
    CliTest.Run none = cli("bisect", run.toString(), "--load", "samples/schema.sql");
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("--docker adds Docker images");
  }

  @Test
  void badTargetAndUnknownOldVersionAreBadInput() throws Exception {
    CliTest.Run bad =
        cli(
            "precheck",
            "--workload",
            "samples/workload.jsonl",
            "--target",
            "latest",
            "--out",
            dir.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--target 'latest' is not a version");
    Path w = dir.resolve("noversion.jsonl");
    Files.write(
        w,
        List.of(
            "{\"format\":\"querytester-workload\",\"version\":1}",
            "{\"session\":1,\"sql\":\"SELECT 1\"}"));
    CliTest.Run unknown =
        cli("precheck", "-w", w.toString(), "--target", "11.4", "-o", dir.toString());
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("give --old SPEC").contains("--old-version");
  }
}
