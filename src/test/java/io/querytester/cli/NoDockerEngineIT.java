package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * A docker: spec on a machine without a Docker engine, through the packaged tool in its own JVM (so
 * that whatever Testcontainers or its logger would print reaches the captured stderr): one line,
 * exit 3, nothing started. Skipped where Docker exists, since the failure cannot happen there.
 */
class NoDockerEngineIT {
  @TempDir static Path dir;
  static Path workload;

  @BeforeAll
  static void noDocker() throws Exception {
    assumeFalse(
        DockerClientFactory.instance().isDockerAvailable(), "a Docker engine is available here");
    workload = Workloads.write(dir.resolve("w.jsonl"), "test", 1, List.of("SELECT 1"));
  }

  @Test
  void replayWithADockerSideSaysSoInOneLineAndStartsNothing() throws Exception {
    Tool.Result r =
        Tool.run(
            dir.resolve("replay"),
            List.of(),
            "replay",
            "--workload",
            workload.toString(),
            "--old",
            "embedded:mariadb-10.2.11",
            "--new",
            "docker:mysql:8.0",
            "--out",
            dir.resolve("run").toString());
    assertThat(r.code()).isEqualTo(ExitCode.CANNOT_RUN.code());
    assertOneLine(r.err(), "NEW docker:mysql:8.0");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void demoAndDriftSayTheSame() throws Exception {
    Tool.Result demo =
        Tool.run(dir.resolve("demo"), List.of(), "demo", "--old", "docker:mysql:5.7");
    assertThat(demo.code()).isEqualTo(ExitCode.CANNOT_RUN.code());
    assertOneLine(demo.err(), "OLD docker:mysql:5.7");

    Tool.Result drift =
        Tool.run(
            dir.resolve("drift"),
            List.of(),
            "drift",
            "--source",
            "docker:mysql:8.0",
            "--replica",
            "jdbc:mysql://127.0.0.1:1/");
    assertThat(drift.code()).isEqualTo(ExitCode.CANNOT_RUN.code());
    assertOneLine(drift.err(), "SOURCE docker:mysql:8.0");
  }

  private static void assertOneLine(String err, String side) {
    assertThat(err.lines().toList())
        .as(err)
        .singleElement()
        .asString()
        .startsWith("querytester: " + side + ": no Docker engine found")
        .contains("embedded:mariadb-", "jdbc:mysql://");
  }
}
