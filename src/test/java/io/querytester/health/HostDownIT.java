package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.Replayer;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthReport;
import io.querytester.run.Outcome;
import io.querytester.run.TargetHealth;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import io.querytester.testing.TcpProxy;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NEW is a real host (jdbc:) that goes silent in the middle of a replay: its connections break and
 * new ones hang until their connect timeout. The watch declares it down once; from then on NEW's
 * side fails at once instead of waiting out a connect timeout per statement, and OLD finishes.
 */
class HostDownIT {
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  @Test
  void aHostThatGoesSilentStopsItsSideQuicklyAndTheOtherFinishes(@TempDir Path tmp)
      throws Exception {
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      statements.add("SELECT id, name FROM items WHERE id = " + (i % 3 + 1));
    }
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), "app", 8, statements);
    Path run = tmp.resolve("run");
    try (EmbeddedTarget oldServer = TestServers.start("OLD", TestServers.NEW);
        EmbeddedTarget newServer = TestServers.start("NEW", TestServers.NEW);
        TcpProxy proxy = TcpProxy.start(newServer.server().port())) {
      for (Target t : List.of(oldServer, newServer)) {
        TestServers.exec(
            t,
            "CREATE DATABASE app",
            "CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20))",
            "INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
      }
      List<Target> targets =
          Targets.openAll(
              List.of(
                  host("OLD", oldServer.server().port(), oldServer),
                  host("NEW", proxy.port(), newServer)),
              m -> {});
      List<String> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
      long start = System.nanoTime();
      CompletableFuture<Void> replay =
          CompletableFuture.runAsync(
              () -> {
                try (HealthWatch watch =
                    HealthWatch.start(
                        targets,
                        HealthSettings.DEFAULT,
                        run,
                        4,
                        Clock.systemUTC(),
                        progress::add)) {
                  new Replayer(settings(workload, run), progress::add).run(targets, false, watch);
                  watch.finish();
                }
              });
      Path executions = run.resolve(ExecutionLog.FILE);
      while (!replay.isDone() && (!Files.exists(executions) || Files.size(executions) < 2_000)) {
        Thread.sleep(5);
      }
      java.time.Instant silent = java.time.Instant.now();
      proxy.blackhole();
      replay.get(2, TimeUnit.MINUTES);
      double seconds = (System.nanoTime() - start) / 1e9;
      // Without the watch every remaining statement would wait for NEW (30 s each): each lane
      // waits once, for the connection it was opening when NEW went silent.
      assertThat(seconds).as("the replay did not wait for NEW over and over").isLessThan(60);

      List<Execution> all = new ArrayList<>();
      ExecutionLog.read(run, w -> {}).forEach(all::add);
      assertThat(all).hasSize(2000);
      assertThat(all).allSatisfy(e -> assertThat(e.old().ok()).isTrue());
      long down =
          all.stream()
              .filter(
                  e ->
                      e.neu().outcome() instanceof Outcome.Lost l
                          && l.message().contains("NEW is down"))
              .count();
      assertThat(down).as("NEW's side stopped").isGreaterThan(1000);
      assertThat(progress).anySatisfy(p -> assertThat(p).contains("NEW CRASHED"));

      RunSummary s = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run);
      assertThat(s.regressions()).isTrue();
      HealthReport h = s.health();
      assertThat(h.crashes())
          .singleElement()
          .satisfies(
              c -> {
                assertThat(c.side()).isEqualTo("NEW");
                assertThat(c.action())
                    .contains("a server given as jdbc: is not this tool's to restart");
              });
      TargetHealth neu = h.targets().get(1);
      assertThat(neu.downReason()).contains("NEW is down");
      assertThat(neu.uptimeEnd()).isNull();
      assertThat(h.targets().get(0).crashes()).isZero();
      assertThat(s.notes()).anySatisfy(n -> assertThat(n).contains("NEW is down", "not run on it"));
      targets.forEach(Target::close);
    }
  }

  private static TargetSettings host(String label, int port, EmbeddedTarget server) {
    ConnectionSettings c =
        ConnectionSettings.defaults("root", server.server().rootPassword())
            .withSslMode("DISABLED")
            .withTimeouts(CONNECT_TIMEOUT, Duration.ofSeconds(30));
    return new TargetSettings(
        label, TargetSpec.parse("jdbc:mysql://127.0.0.1:" + port + "/"), List.of(), c);
  }

  private static ReplaySettings settings(Path workload, Path run) {
    ReplaySettings d = ReplaySettings.defaults(workload, run);
    return d.withPace(d.pace().withConcurrency(4))
        .withStatements(new ReplaySettings.Statements(Duration.ofSeconds(10), 5_000_000));
  }
}
