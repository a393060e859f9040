package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.workload.ClassCoverage.ServerClass;
import io.querytester.workload.QueryEvent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MariaDB 10.2's performance_schema (MySQL 5.6's: no prepared_statements_instances): a prepared
 * load is named as the cause, a text load is captured in full with its class coverage.
 */
class PerfSchemaOldServerIT {
  @TempDir Path dir;

  @Test
  void preparedLoadIsNamedAndTextLoadIsCapturedInFull() throws Exception {
    try (EmbeddedTarget server =
        TestServers.start("OLD", TestServers.OLD, "performance_schema=ON")) {
      ClientLoad.createSchema(server);
      TestServers.exec(server, PreparedCaptureIT.ENABLE);
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try (Target source =
          PollingCaptureIT.asUser(server, "root", server.server().rootPassword().reveal())) {
        StringWriter err = new StringWriter();
        CaptureSource perfschema =
            CaptureSources.perfSchema(source, Duration.ofMillis(100), Clock.systemUTC());
        Path out = dir.resolve("old.jsonl.gz");
        Future<CaptureSummary> capturing =
            pool.submit(
                () ->
                    Capture.run(
                        perfschema,
                        new CaptureSettings(
                            out,
                            CaptureFilter.none(),
                            0,
                            Duration.ofSeconds(6),
                            null,
                            Clock.systemUTC()),
                        new PrintWriter(err, true)));
        Thread.sleep(1000);
        long prepared = ClientLoad.start(server, 2, true, 10).join();
        long text = ClientLoad.start(server, 2, false, 10).join();
        CaptureSummary summary = capturing.get();
        PreparedCaptureIT.Read r = PreparedCaptureIT.read(out);
        List<QueryEvent> load = r.events().stream().filter(PreparedCaptureIT::fromLoad).toList();
        assertThat(load).hasSize((int) text);
        assertThat(summary.sourceReport())
            .anySatisfy(
                l ->
                    assertThat(l)
                        .startsWith(
                            String.format(
                                "cause: %,d executions of prepared statements were recorded"
                                    + " without SQL text",
                                prepared)));
        List<ServerClass> classes =
            r.coverage().classes().stream().filter(c -> c.text().contains("sbtest1")).toList();
        assertThat(classes)
            .hasSize(ClientLoad.SHAPES.size())
            .allSatisfy(c -> assertThat(c.captured()).isEqualTo(c.executions()).isEqualTo(20));
        assertThat(err.toString()).doesNotContain("warning");
      } finally {
        pool.shutdown();
      }
    }
  }
}
