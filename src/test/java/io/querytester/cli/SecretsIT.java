package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload captured with --keep-secrets, replayed read-only: no file of the run folder (the
 * executions, report.json, report.html, junit.xml) shows a password, not even where a column is
 * named after the statement or a server error quotes it.
 */
class SecretsIT {
  @Test
  void noReportShowsAPassword(@TempDir Path tmp) throws Exception {
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
    try (EmbeddedTarget old = o.join();
        EmbeddedTarget neu = n.join()) {
      Path rootCnf = TestServers.rootCnf(tmp, old, neu);
      Path workload =
          Workloads.write(
              tmp.resolve("w.jsonl"),
              null,
              1,
              List.of(
                  // column named PASSWORD('s3cret-9'); its INT/BIGINT literal differs
                  "SELECT PASSWORD('s3cret-9'), 1",
                  // a syntax error that quotes the statement
                  "SELECT 1 FROM WHERE x = PASSWORD('s3cret-9') AND @@version LIKE '10.2%'",
                  "SELECT 1 FROM WHERE PASSWORD('s3cret-9')",
                  "CREATE USER leak@'%' IDENTIFIED BY 's3cret-9'"));
      Path run = tmp.resolve("run");
      CaptureCommandTest.Run r =
          CaptureCommandTest.run(
              TestServers.withTargets(
                  old,
                  neu,
                  rootCnf,
                  "replay",
                  "--workload",
                  workload.toString(),
                  "--out",
                  run.toString(),
                  "--no-color"));
      assertThat(r.exit()).as(r.err()).isIn(0, 1);
      assertThat(r.out() + r.err()).doesNotContain("s3cret-9");
      List<Path> files;
      try (Stream<Path> s = Files.walk(run)) {
        files = s.filter(Files::isRegularFile).toList();
      }
      assertThat(files).extracting(f -> f.getFileName().toString()).contains("report.json");
      for (Path f : files) {
        assertThat(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1))
            .as(f.toString())
            .doesNotContain("s3cret-9");
      }
      assertThat(Files.readString(run.resolve("executions.jsonl"))).contains("PASSWORD('****')");
    }
  }
}
