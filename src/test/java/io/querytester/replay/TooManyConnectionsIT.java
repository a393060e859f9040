package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Outcome;
import io.querytester.run.RunJson;
import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.Cli;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Other clients take every connection NEW allows (a small max_connections) in the middle of a
 * replay whose {@code --max-connections} is above what is free, so the budget cannot avoid it: the
 * statement NEW refuses a session for (error 1040) is skipped with the reason, never a difference
 * nor a regression, and every report says what was skipped and why.
 */
class TooManyConnectionsIT {
  static final int MAX_CONNECTIONS = 20;

  static final String REFUSED =
      "not run: NEW refused a connection (too many connections, error 1040); lower"
          + " --max-connections or --concurrency";

  /**
   * Spread or not, session 2 needs a new connection: its own, or a shared one for its schema, which
   * no read of session 1 opened.
   */
  @ParameterizedTest(name = "spread reads: {0}")
  @ValueSource(booleans = {false, true})
  void aStatementRefusedAConnectionIsSkippedWithTheReasonNeverADifference(
      boolean spread, @TempDir Path tmp) throws Exception {
    try (EmbeddedTarget old = TestServers.start("OLD", TestServers.NEW);
        EmbeddedTarget neu =
            TestServers.start("NEW", TestServers.NEW, "max_connections=" + MAX_CONNECTIONS)) {
      for (EmbeddedTarget t : List.of(old, neu)) {
        TestServers.exec(
            t,
            "CREATE DATABASE app",
            "CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20))",
            "INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
      }
      Path run = tmp.resolve("run");
      String workload = workload(tmp).toString();
      String rootCnf = TestServers.rootCnf(tmp, old, neu).toString();
      CompletableFuture<Cli.Run> replay =
          CompletableFuture.supplyAsync(
              () ->
                  Cli.run(
                      "replay",
                      "--workload",
                      workload,
                      "--old",
                      url(old),
                      "--new",
                      url(neu),
                      "--defaults-file",
                      rootCnf,
                      "--old-defaults-group-suffix",
                      "_old",
                      "--new-defaults-group-suffix",
                      "_new",
                      "--out",
                      run.toString(),
                      "--no-baseline",
                      "--no-color",
                      "--concurrency",
                      "1",
                      "--speed",
                      "1",
                      "--max-connections",
                      "50",
                      spread ? "--spread-reads" : "--no-spread-reads"));
      Cli.Run r;
      // The first statement ran: now other clients take every connection NEW has left.
      awaitFirstExecution(run, replay);
      try (Filler filler = new Filler(neu)) {
        filler.awaitFull();
        r = replay.get(2, TimeUnit.MINUTES);
      }

      assertThat(r.code()).as(r.out() + r.err()).isZero();
      if (spread) {
        assertThat(r.err()).contains("--spread-reads: 3 reads ran on any lane");
      } else {
        assertThat(r.err()).doesNotContain("--spread-reads");
      }
      List<Execution> all = new ArrayList<>();
      ExecutionLog.read(run, w -> {}).forEach(all::add);
      all.sort(java.util.Comparator.comparingLong(Execution::event));
      assertThat(all).hasSize(3);
      assertThat(all.subList(0, 2))
          .allSatisfy(
              e -> {
                assertThat(e.skipped()).isNull();
                assertThat(e.old().outcome()).isInstanceOf(Outcome.Ok.class);
                assertThat(e.neu().outcome()).isInstanceOf(Outcome.Ok.class);
                assertThat(e.differences()).isEmpty();
              });
      Execution refused = all.get(2);
      assertThat(refused.skipped()).as(r.err()).isEqualTo(REFUSED);
      assertThat(refused.differences()).isEmpty();

      JsonNode report = RunJson.MAPPER.readTree(run.resolve("report.json").toFile());
      assertThat(report.path("verdict").asText()).isNotEqualTo("REGRESSION");
      for (JsonNode c : report.path("classes")) {
        assertThat(c.path("verdict").asText()).as(c.toString()).isNotEqualTo("REGRESSION");
      }
      assertThat(report.path("skipped").toString())
          .contains("{\"reason\":\"" + REFUSED + "\",\"events\":1}");
      assertThat(r.out()).contains("skipped (not replayed): " + REFUSED + " 1");
      assertThat(Files.readString(run.resolve("report.html"), StandardCharsets.UTF_8))
          .contains(REFUSED);
      assertThat(Files.readString(run.resolve("junit.xml"), StandardCharsets.UTF_8))
          .contains("not replayed: " + REFUSED)
          .doesNotContain("<failure");
    }
  }

  /**
   * Three events at the captured pace: session 1 twice, 2 s apart (no new connection), then session
   * 2, in another schema, whose connections are opened once the second has run: by then NEW is
   * full.
   */
  private static Path workload(Path dir) throws Exception {
    Path file = dir.resolve("w.jsonl");
    Instant t0 = Instant.parse("2026-01-02T03:04:05Z");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, t0))) {
      w.write(event(t0, 1, "app", "SELECT id FROM items WHERE id = 1"));
      w.write(event(t0.plusSeconds(2), 1, "app", "SELECT id FROM items WHERE id = 2"));
      w.write(event(t0.plusMillis(2001), 2, "mysql", "SELECT name FROM app.items WHERE id = 3"));
    }
    return file;
  }

  private static QueryEvent event(Instant ts, long session, String schema, String sql) {
    return new QueryEvent(
        ts, session, "app", "localhost", schema, sql, null, null, null, null, null, null);
  }

  private static String url(EmbeddedTarget t) {
    return "jdbc:mysql://127.0.0.1:" + t.server().port() + "/";
  }

  private static void awaitFirstExecution(Path run, CompletableFuture<Cli.Run> replay)
      throws Exception {
    Path file = run.resolve(ExecutionLog.FILE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (replay.isDone()) {
        throw new AssertionError("the replay ended early: " + replay.get());
      }
      if (Files.exists(file) && !Files.readString(file, StandardCharsets.UTF_8).isBlank()) {
        return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("the replay ran nothing");
  }

  /**
   * Another client that takes every connection a server allows and keeps taking each one that
   * becomes free, faster than the replay retries, until closed.
   */
  private static final class Filler implements AutoCloseable {
    private final List<Connection> held = new ArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicBoolean full = new AtomicBoolean();
    private final Thread thread;

    Filler(EmbeddedTarget target) {
      String url = url(target);
      Properties p = TestServers.root(target);
      p.setProperty("connectionAttributes", "program_name:other-client");
      thread = Thread.ofPlatform().name("filler").start(() -> fill(url, p));
    }

    private void fill(String url, Properties p) {
      while (!stop.get()) {
        try {
          held.add(DriverManager.getConnection(url, p));
        } catch (SQLException e) {
          // full only when the server says so: on a loaded machine a connect can also time out
          if (SessionConnections.tooMany(e)) {
            full.set(true);
          }
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
      }
    }

    void awaitFull() throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!full.get() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(full.get()).as("the server refused a connection").isTrue();
    }

    @Override
    public void close() throws Exception {
      stop.set(true);
      thread.join();
      for (Connection c : held) {
        c.close();
      }
    }
  }
}
