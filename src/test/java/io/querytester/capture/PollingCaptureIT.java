package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.CannotRunException;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Secret;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** processlist and perfschema capture against real servers while a concurrent load runs. */
class PollingCaptureIT {
  static EmbeddedTarget server;
  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    server = TestServers.start("SOURCE", TestServers.NEW, "performance_schema=ON");
    TestServers.exec(
        server,
        "CREATE DATABASE app",
        "CREATE TABLE app." + Load.SCHEMA_SQL.substring("CREATE TABLE ".length()),
        "CREATE USER 'watcher'@'127.0.0.1' IDENTIFIED BY 'pw1'",
        "GRANT PROCESS ON *.* TO 'watcher'@'127.0.0.1'",
        "GRANT SELECT ON performance_schema.* TO 'watcher'@'127.0.0.1'",
        "CREATE USER 'nobody'@'127.0.0.1' IDENTIFIED BY 'pw2'");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** The source as a user with only PROCESS and SELECT on performance_schema sees it. */
  static Target asUser(String user, String password) {
    return asUser(server, user, password);
  }

  static Target asUser(EmbeddedTarget server, String user, String password) {
    return Targets.open(
        new TargetSettings(
            "SOURCE",
            TargetSpec.parse("jdbc:mysql://127.0.0.1:" + server.server().port() + "/"),
            List.of(),
            ConnectionSettings.defaults(user, Secret.of(password)).withSslMode("DISABLED")),
        m -> {});
  }

  record Result(CaptureSummary summary, List<QueryEvent> events, String err) {}

  Result capture(CaptureSource source, Duration duration) throws IOException {
    Path out = dir.resolve(source.kind() + ".jsonl.gz");
    StringWriter err = new StringWriter();
    CaptureSummary s =
        Capture.run(
            source,
            new CaptureSettings(out, CaptureFilter.none(), 0, duration, null, Clock.systemUTC()),
            new PrintWriter(err, true));
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(out, w -> {})) {
      r.forEach(e -> events.add(e.event()));
      assertThat(r.complete()).isTrue();
    }
    return new Result(s, events, err.toString());
  }

  @Test
  void processlistCapturesEachLongStatementOnceWithUserSchemaAndSession() throws Exception {
    try (Target watcher = asUser("watcher", "pw1")) {
      Load load = Load.start(server, "app", 4, 6, Duration.ofMillis(300));
      // Another querytester session (program_name querytester) runs meanwhile: it is left out.
      Thread tool =
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      TestServers.exec(server, "SELECT SLEEP(1.5), 'querytester itself'");
                    } catch (java.sql.SQLException e) {
                      throw new IllegalStateException(e);
                    }
                  });
      Result r =
          capture(
              CaptureSources.processlist(watcher, Duration.ofMillis(100), Clock.systemUTC()),
              Duration.ofSeconds(8));
      List<Load.Ran> ran = load.join();
      tool.join();
      assertThat(r.events()).noneSatisfy(e -> assertThat(e.sql()).contains("querytester itself"));
      List<String> slow =
          ran.stream().map(Load.Ran::sql).filter(s -> s.contains(" slow ")).toList();
      Map<String, Long> captured =
          r.events().stream()
              .collect(Collectors.groupingBy(QueryEvent::sql, Collectors.counting()));
      assertThat(slow).hasSize(24);
      // Every slow statement was seen, and each execution exactly once.
      assertThat(captured.keySet()).containsAll(slow);
      slow.forEach(s -> assertThat(captured.get(s)).as(s).isEqualTo(1L));
      // Nothing but the load was captured: not our own polls, not system threads. A poll may
      // catch a load thread asking for its session id before its rounds: load traffic too.
      List<Load.Ran> all =
          java.util.stream.Stream.concat(ran.stream(), load.setup().stream()).toList();
      List<String> loadTexts = all.stream().map(Load.Ran::sql).toList();
      assertThat(captured.keySet()).allSatisfy(s -> assertThat(loadTexts).contains(s));
      Map<String, Long> sessionOf =
          all.stream().collect(Collectors.toMap(Load.Ran::sql, Load.Ran::session, (a, b) -> a));
      assertThat(r.events())
          .allSatisfy(
              e -> {
                assertThat(e.user()).isEqualTo("root");
                assertThat(e.schema()).isEqualTo("app");
                assertThat(e.session()).isEqualTo(sessionOf.get(e.sql()));
                assertThat(e.ts()).isNotNull();
              });
      assertThat(r.summary().sourceReport())
          .anySatisfy(l -> assertThat(l).startsWith("polls: "))
          .anySatisfy(l -> assertThat(l).startsWith("estimated sampling coverage: "));
      assertThat(r.summary().endedBy()).isEqualTo("--duration");
    }
  }

  @Test
  void perfschemaCapturesEveryStatementOnceWithTimings() throws Exception {
    TestServers.exec(
        server,
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('"
            + PerfSchemaSource.CURRENT
            + "', '"
            + PerfSchemaSource.HISTORY_LONG
            + "')");
    try (Target watcher = asUser("watcher", "pw1")) {
      // Capture first: statements already in the history when it starts are not part of it.
      java.util.concurrent.ExecutorService pool =
          java.util.concurrent.Executors.newSingleThreadExecutor();
      java.util.concurrent.Future<Result> capturing =
          pool.submit(
              () ->
                  capture(
                      CaptureSources.perfSchema(watcher, Duration.ofMillis(100), Clock.systemUTC()),
                      Duration.ofSeconds(7)));
      Thread.sleep(1500);
      Load load = Load.start(server, "app", 4, 15, Duration.ofMillis(20));
      List<Load.Ran> ran = load.join();
      Result r = capturing.get();
      pool.shutdown();
      List<String> loadTexts = ran.stream().map(Load.Ran::sql).toList();
      Map<String, QueryEvent> byText =
          r.events().stream()
              .filter(e -> loadTexts.contains(e.sql()))
              .collect(
                  Collectors.toMap(
                      QueryEvent::sql,
                      Function.identity(),
                      (a, b) -> {
                        throw new AssertionError("captured twice: " + a.sql());
                      }));
      // Everything captured came from the load's sessions: its statements and its driver's.
      java.util.Set<Long> loadSessions =
          ran.stream().map(Load.Ran::session).collect(Collectors.toSet());
      assertThat(r.events()).allSatisfy(e -> assertThat(loadSessions).contains(e.session()));
      assertThat(ran).hasSize(4 * 15 * 3);
      assertThat(byText.keySet()).containsAll(ran.stream().map(Load.Ran::sql).toList());
      QueryEvent slow = byText.get("SELECT SLEEP(0.02), 'load 0 slow 3'");
      assertThat(slow.durationMicros()).isBetween(15_000L, 2_000_000L);
      assertThat(slow.rowsSent()).isEqualTo(1L);
      assertThat(slow.schema()).isEqualTo("app");
      assertThat(slow.user()).isEqualTo("root");
      assertThat(slow.errorCode()).isZero();
      assertThat(slow.ts())
          .isBetween(java.time.Instant.now().minusSeconds(60), java.time.Instant.now());
      assertThat(byText.get("INSERT INTO load_t (v) VALUES ('load 1 insert 2')").session())
          .isEqualTo(
              ran.stream()
                  .filter(x -> x.sql().contains("'load 1 insert 2'"))
                  .findFirst()
                  .orElseThrow()
                  .session());
      assertThat(r.err()).doesNotContain("warning");
    }
  }

  @Test
  void processlistAndPerfschemaCaptureAPasswordMasked() throws Exception {
    TestServers.exec(
        server,
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('"
            + PerfSchemaSource.CURRENT
            + "', '"
            + PerfSchemaSource.HISTORY_LONG
            + "')");
    String secret = "poll-s3cret";
    String sql = "SELECT SLEEP(1.5), PASSWORD('" + secret + "') AS p";
    try (Target watcher = asUser("watcher", "pw1")) {
      java.util.concurrent.ExecutorService pool =
          java.util.concurrent.Executors.newFixedThreadPool(2);
      java.util.concurrent.Future<Result> processlist =
          pool.submit(
              () ->
                  capture(
                      CaptureSources.processlist(
                          watcher, Duration.ofMillis(100), Clock.systemUTC()),
                      Duration.ofSeconds(4)));
      java.util.concurrent.Future<Result> perfschema =
          pool.submit(
              () ->
                  capture(
                      CaptureSources.perfSchema(watcher, Duration.ofMillis(100), Clock.systemUTC()),
                      Duration.ofSeconds(4)));
      Thread.sleep(1000);
      try (java.sql.Connection c = Load.connect(server, "app");
          java.sql.Statement st = c.createStatement()) {
        st.execute(sql);
      }
      for (java.util.concurrent.Future<Result> f : List.of(processlist, perfschema)) {
        Result r = f.get();
        assertThat(r.events())
            .extracting(QueryEvent::sql)
            .as(r.summary().toString())
            .contains("SELECT SLEEP(1.5), PASSWORD('****') AS p");
        try (var in =
            new java.util.zip.GZIPInputStream(
                java.nio.file.Files.newInputStream(r.summary().out()))) {
          assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))
              .doesNotContain(secret);
        }
      }
      pool.shutdown();
    }
  }

  @Test
  void perfschemaNamesTheConsumersToEnableWithoutEnablingThem() throws Exception {
    TestServers.exec(
        server,
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'NO' WHERE NAME LIKE 'events_statements%'");
    try (Target watcher = asUser("watcher", "pw1")) {
      assertThatThrownBy(
              () ->
                  capture(
                      CaptureSources.perfSchema(watcher, Duration.ofMillis(100), Clock.systemUTC()),
                      Duration.ofSeconds(1)))
          .isInstanceOf(CannotRunException.class)
          .hasMessageContaining("events_statements_history_long")
          .hasMessageContaining("UPDATE performance_schema.setup_consumers SET ENABLED = 'YES'");
    } finally {
      TestServers.exec(
          server,
          "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_statements_current'");
    }
    // Still off: capture did not switch anything on.
    try (var c = server.connect();
        var s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT ENABLED FROM performance_schema.setup_consumers WHERE NAME = 'events_statements_history_long'")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("NO");
    }
  }

  @Test
  void theCliCapturesFromAServerAndExitsThreeWhenItCannot() throws Exception {
    Path out = dir.resolve("cli.jsonl.gz");
    String url = "jdbc:mysql://127.0.0.1:" + server.server().port() + "/?sslMode=DISABLED";
    try (Load load = Load.start(server, "app", 2, 30, Duration.ofMillis(300))) {
      StringWriter o = new StringWriter();
      StringWriter e = new StringWriter();
      picocli.CommandLine cl = io.querytester.cli.QueryTesterCommand.commandLine();
      cl.setOut(new PrintWriter(o));
      cl.setErr(new PrintWriter(e));
      int exit =
          cl.execute(
              "capture",
              "--source",
              "processlist",
              "--source-url",
              url,
              "--source-user",
              "watcher",
              "--source-password-env",
              "PATH",
              "--duration",
              "3s",
              "--out",
              out.toString());
      // PATH is not watcher's password: the connection is refused, exit code 3, no password shown.
      assertThat(exit).as(e.toString()).isEqualTo(3);
      assertThat(e.toString()).contains("refused").doesNotContain(System.getenv("PATH"));
      TestServers.exec(
          server,
          "CREATE USER IF NOT EXISTS 'nopw'@'127.0.0.1'",
          "GRANT PROCESS ON *.* TO 'nopw'@'127.0.0.1'");
      o = new StringWriter();
      cl.setOut(new PrintWriter(o));
      exit =
          cl.execute(
              "capture",
              "--source",
              "processlist",
              "--source-url",
              url,
              "--source-user",
              "nopw",
              "--duration",
              "3s",
              "--include-kind",
              "read",
              "--out",
              out.toString());
      assertThat(exit).as(e.toString()).isZero();
      assertThat(o.toString()).contains("ended by: --duration").contains("polls: ");
      List<QueryEvent> events = new ArrayList<>();
      try (WorkloadReader r = WorkloadReader.open(out, w -> {})) {
        r.forEach(x -> events.add(x.event()));
        assertThat(r.header().filters()).containsEntry("include-kind", "READ");
      }
      assertThat(events).isNotEmpty().allSatisfy(x -> assertThat(x.sql()).startsWith("SELECT"));
    }
  }

  @Test
  void ctrlCLeavesACompleteWorkloadFile() throws Exception {
    Path out = dir.resolve("killed.jsonl.gz");
    String url = "jdbc:mysql://127.0.0.1:" + server.server().port() + "/?sslMode=DISABLED";
    TestServers.exec(
        server,
        "CREATE USER IF NOT EXISTS 'nopw'@'127.0.0.1'",
        "GRANT PROCESS ON *.* TO 'nopw'@'127.0.0.1'");
    try (Load load = Load.start(server, "app", 2, 30, Duration.ofMillis(300))) {
      Process p =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  "io.querytester.cli.Main",
                  "capture",
                  "--source",
                  "processlist",
                  "--source-url",
                  url,
                  "--source-user",
                  "nopw",
                  "--out",
                  out.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("cli.out").toFile())
              .start();
      // A loaded machine can take seconds to start a JVM: wait for the capture to be under way
      // (its file has a header) before counting the seconds it captures.
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!(java.nio.file.Files.exists(out) && java.nio.file.Files.size(out) > 0)
          && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      Thread.sleep(3000);
      p.destroy(); // SIGTERM: the JVM runs its shutdown hooks, as for Ctrl-C (SIGINT)
      assertThat(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    }
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(out, w -> {})) {
      r.forEach(x -> events.add(x.event()));
      assertThat(r.complete()).as(java.nio.file.Files.readString(dir.resolve("cli.out"))).isTrue();
    }
    assertThat(events).isNotEmpty();
  }

  @Test
  void aUserWithoutPrivilegesGetsAClearMessage() {
    try (Target nobody = asUser("nobody", "pw2")) {
      assertThatThrownBy(
              () ->
                  capture(
                      CaptureSources.perfSchema(nobody, Duration.ofMillis(100), Clock.systemUTC()),
                      Duration.ofSeconds(1)))
          .isInstanceOf(CannotRunException.class)
          .hasMessageContaining("GRANT SELECT ON performance_schema.*");
    }
  }
}
