package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.cli.QueryTesterCommand;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.run.CounterDelta;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthReport;
import io.querytester.run.LogClassRow;
import io.querytester.run.TargetHealth;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OLD 10.2.11 and NEW 11.4.5 given as jdbc: hosts with --old-error-log/--new-error-log. While the
 * replay runs, the same half-open connections are made to both (only 11.4.5 logs them), NEW gets
 * wrong passwords and a deadlock, and junk is appended to OLD's error log: the report shows each on
 * its side only, with the counters that rose.
 */
class ErrorLogAndCountersIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  static Path rootCnf;

  @BeforeAll
  static void start() throws Exception {
    old = TestServers.start("OLD", TestServers.OLD);
    neu = TestServers.start("NEW", TestServers.NEW);
    rootCnf =
        TestServers.rootCnf(
            Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "qt-root"),
            old,
            neu);
    for (Target t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE app",
          "CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20)) ENGINE=InnoDB",
          "INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
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

  /** 1,500 point selects, 2 ms apart: 3 s at --speed 1. */
  static Path workload(Path dir) throws Exception {
    Path file = dir.resolve("w.jsonl");
    Instant t0 = Instant.parse("2026-01-02T03:04:05Z");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, t0))) {
      for (int i = 0; i < 1500; i++) {
        w.write(
            Workloads.event(
                t0.plusMillis(2L * i),
                i % 4,
                "app",
                "SELECT id, name FROM items WHERE id = " + (i % 3 + 1)));
      }
    }
    return file;
  }

  @Test
  void messagesAndCountersOfOneSideShowOnThatSideOnly(@TempDir Path tmp) throws Exception {
    Path run = tmp.resolve("run");
    Path workload = workload(tmp);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CompletableFuture<Integer> replay =
        CompletableFuture.supplyAsync(
            () -> {
              var cl = QueryTesterCommand.commandLine();
              cl.setOut(new PrintWriter(out, true));
              cl.setErr(new PrintWriter(err, true));
              return cl.execute(
                  TestServers.withTargets(
                      old,
                      neu,
                      rootCnf,
                      "replay",
                      "--workload",
                      workload.toString(),
                      "--out",
                      run.toString(),
                      "--old-error-log",
                      old.server().errorLog().toString(),
                      "--new-error-log",
                      neu.server().errorLog().toString(),
                      "--speed",
                      "1",
                      "--concurrency",
                      "2",
                      "--no-color"));
            });
    Path executions = run.resolve(ExecutionLog.FILE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline
        && !(Files.exists(executions) && Files.size(executions) > 0)) {
      Thread.sleep(10);
    }
    for (int i = 0; i < 3; i++) {
      halfOpen(old);
      halfOpen(neu);
    }
    for (int i = 0; i < 5; i++) {
      wrongPassword(neu);
    }
    deadlock(neu);
    Files.write(
        old.server().errorLog(),
        ("2024-01-01T00:00:00.000000Z 0 [Warning] [MY-010068] [Server] injected mysql 8 line\n"
                + "completely unknown format line 42 at /var/lib/x\n"
                + "\u0000\u0001\u00ff binary \u00fe junk\n")
            .getBytes(StandardCharsets.ISO_8859_1),
        StandardOpenOption.APPEND);
    int code = replay.get(3, TimeUnit.MINUTES);
    // Latency on a loaded machine may or may not differ; nothing here is a crash.
    assertThat(code).as(err.toString()).isIn(0, 1);
    assertThat(err.toString()).doesNotContain("Exception");

    RunSummary s = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run);
    HealthReport h = s.health();
    assertThat(h.targets()).extracting(TargetHealth::side).containsExactly("OLD", "NEW");
    assertThat(h.targets())
        .allSatisfy(
            t -> {
              assertThat(t.crashes()).isZero();
              assertThat(t.startup()).as("start-up lines, kept apart").isNotEmpty();
              assertThat(t.errorLogSource()).endsWith("error.log");
            });
    assertThat(h.errorLog())
        .noneSatisfy(r -> assertThat(r.key()).contains("ready for connections"));

    LogClassRow halfOpen =
        row(
            h,
            "Aborted connection N to db: '?' user: '?' host: '?' (This connection closed normally without authentication)");
    assertThat(halfOpen.change()).isEqualTo(LogClassRow.Change.NEW_ONLY);
    assertThat(halfOpen.neu().count()).isEqualTo(3);
    assertThat(halfOpen.old().count()).isZero();
    assertThat(halfOpen.level()).isEqualTo("Warning");
    assertThat(halfOpen.neu().first()).isNotNull();

    LogClassRow denied = row(h, "Access denied for user '?'@'?' (using password: YES)");
    assertThat(denied.change()).isEqualTo(LogClassRow.Change.NEW_ONLY);
    assertThat(denied.neu().count()).isEqualTo(5);

    assertThat(row(h, "injected mysql N line").change()).isEqualTo(LogClassRow.Change.OLD_ONLY);
    assertThat(row(h, "injected mysql N line").code()).isEqualTo("MY-010068");
    assertThat(row(h, "completely unknown format line N at /PATH").old().count()).isEqualTo(1);
    assertThat(h.errorLog()).anySatisfy(r -> assertThat(r.key()).contains("binary"));

    CounterDelta deniedCount = counter(h, "Access_denied_errors");
    assertThat(deniedCount.old()).isZero();
    assertThat(deniedCount.neu()).isEqualTo(5);
    assertThat(deniedCount.newPer1000()).isPositive();
    assertThat(deniedCount.worse()).isTrue();
    assertThat(counter(h, "Aborted_connects").neu()).isGreaterThanOrEqualTo(8);
    assertThat(counter(h, "Aborted_connects").old()).isEqualTo(3);
    CounterDelta deadlocks = counter(h, "innodb_metrics.lock_deadlocks");
    assertThat(deadlocks.old()).isZero();
    assertThat(deadlocks.neu()).isEqualTo(1);

    assertThat(out.toString())
        .contains("error-log classes logged during the replay on one side only")
        .contains("NEW only: [Warning] Aborted connection")
        .contains("NEW only: [Warning] Access denied")
        .contains("OLD only: [Warning] [MY-010068] injected mysql 8 line")
        .contains("Access_denied_errors")
        .contains("worse on NEW")
        .contains("innodb_metrics.lock_deadlocks");
    com.fasterxml.jackson.databind.JsonNode json =
        io.querytester.run.RunJson.MAPPER.readTree(run.resolve("report.json").toFile());
    assertThat(json.path("health").path("error_log").get(0).path("side").asText()).isEqualTo("NEW");
    assertThat(json.path("health").path("counters").toString())
        .contains("\"name\":\"Access_denied_errors\",\"old\":0,\"new\":5");
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("id=\"counters\"", "Access_denied_errors");
  }

  private static LogClassRow row(HealthReport h, String key) {
    return h.errorLog().stream()
        .filter(r -> r.key().equals(key))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no class " + key + " in " + h.errorLog()));
  }

  private static CounterDelta counter(HealthReport h, String name) {
    return h.counters().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no counter " + name + " in " + h.counters()));
  }

  /** Connects and closes without a handshake. */
  private static void halfOpen(EmbeddedTarget t) throws Exception {
    try (Socket s = new Socket("127.0.0.1", t.server().port())) {
      s.getInputStream().read(new byte[256]);
    }
  }

  private static void wrongPassword(EmbeddedTarget t) {
    Properties p = new Properties();
    p.setProperty("user", "root");
    p.setProperty("password", "wrong");
    p.setProperty("sslMode", "DISABLED");
    try (Connection c = DriverManager.getConnection(t.server().jdbcUrl(), p)) {
      throw new AssertionError("a wrong password was accepted");
    } catch (SQLException expected) {
      // Access denied
    }
  }

  /** Two sessions that lock two rows in opposite orders: InnoDB kills one. */
  private static void deadlock(EmbeddedTarget t) throws Exception {
    TestServers.exec(
        t,
        "CREATE TABLE IF NOT EXISTS app.locks (id INT PRIMARY KEY, v INT) ENGINE=InnoDB",
        "INSERT IGNORE INTO app.locks VALUES (1, 0), (2, 0)");
    try (Connection a = t.connect();
        Connection b = t.connect();
        Statement sa = a.createStatement();
        Statement sb = b.createStatement()) {
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      sa.execute("UPDATE app.locks SET v = v + 1 WHERE id = 1");
      sb.execute("UPDATE app.locks SET v = v + 1 WHERE id = 2");
      CompletableFuture<Void> waits =
          CompletableFuture.runAsync(
              () -> {
                try {
                  sa.execute("UPDATE app.locks SET v = v + 1 WHERE id = 2");
                } catch (SQLException e) {
                  // one of the two is the victim
                }
              });
      Thread.sleep(300);
      try {
        sb.execute("UPDATE app.locks SET v = v + 1 WHERE id = 1");
      } catch (SQLException e) {
        // one of the two is the victim
      }
      waits.get(30, TimeUnit.SECONDS);
      a.rollback();
      b.rollback();
    }
  }
}
