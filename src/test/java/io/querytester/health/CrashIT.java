package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.CrashEvent;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthRecord;
import io.querytester.run.Outcome;
import io.querytester.run.RestartEvent;
import io.querytester.run.RunJson;
import io.querytester.run.StatementRef;
import io.querytester.testing.Tool;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NEW embedded server is killed with -9 in the middle of a replay run by the packaged tool, as
 * a user would run it: with --restart-on-crash the replay goes on after a restart; without it NEW's
 * side stops and OLD finishes. Either way the report names the crash and what was in flight.
 */
class CrashIT {
  static final int EVENTS = 3000;
  static final int SLEEPERS = 30;

  /**
   * About 0.3-0.45 s of work for the server (SLEEP would be skipped as unsafe), longer than the 0.2
   * s between two of them, so that one is in flight almost all the time. A third of this took 0.09-
   * 0.15 s on the CI machine, and a crash once found none in flight.
   */
  static final String SLEEPER =
      "SELECT COUNT(*) AS n FROM seq_1_to_1500 a, seq_1_to_3000 b WHERE a.seq > ";

  /**
   * 3,000 point selects over 3 sessions, 2 ms apart (6 s at --speed 1), and a fourth session that
   * keeps a 0.3 s statement running almost all the time: when the server dies, it is in flight.
   */
  static Path workload(Path dir) throws Exception {
    Path file = dir.resolve("w.jsonl");
    Instant t0 = Instant.parse("2026-01-02T03:04:05Z");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, t0))) {
      for (int i = 0; i < EVENTS; i++) {
        Instant ts = t0.plusMillis(2L * i);
        if (i % (EVENTS / SLEEPERS) == 0) {
          w.write(event(ts, 1, SLEEPER + (i % 3 + 1)));
        }
        w.write(
            event(ts, 2 + i % 3, "SELECT id, name, price FROM items WHERE id = " + (i % 3 + 1)));
      }
    }
    return file;
  }

  private static QueryEvent event(Instant ts, long session, String sql) {
    return new QueryEvent(
        ts, session, "app", "localhost", "app", sql, null, null, null, null, null, null);
  }

  static Path schema(Path dir) throws Exception {
    return Files.writeString(
        dir.resolve("schema.sql"),
        """
        CREATE DATABASE app;
        CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20), price DECIMAL(10,2));
        INSERT INTO app.items VALUES (1, 'a', 1.50), (2, 'b', 2.00), (3, 'c', NULL);
        """);
  }

  /** Runs the tool, kills NEW's server once executions.jsonl has some lines; returns the result. */
  private static Killed runAndKill(Path tmp, boolean restart) throws Exception {
    Path run = tmp.resolve("run");
    Path log = tmp.resolve("tool");
    Process tool = start(tmp, workload(tmp), run, restart);
    Path executions = run.resolve(ExecutionLog.FILE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline && lines(executions) < 400 && tool.isAlive()) {
      Thread.sleep(20);
    }
    assertThat(tool.isAlive()).as("the tool is still replaying").isTrue();
    ProcessHandle server = newServer(tool).orElseThrow();
    List<String> before = Files.readAllLines(executions, StandardCharsets.UTF_8);
    new ProcessBuilder("kill", "-9", Long.toString(server.pid())).start().waitFor();
    return finished(tool, log, run, before.subList(0, before.size() - 1));
  }

  private static Killed finished(Process tool, Path log, Path run, List<String> before)
      throws Exception {
    assertThat(tool.waitFor(5, TimeUnit.MINUTES)).isTrue();
    String out = Files.readString(log.resolveSibling("tool.out"), StandardCharsets.UTF_8);
    String err = Files.readString(log.resolveSibling("tool.err"), StandardCharsets.UTF_8);
    return new Killed(run, tool.exitValue(), out, err, before);
  }

  /** The packaged tool replaying on two embedded 11.4.5 servers of its own, paced (--speed 1). */
  static Process start(Path tmp, Path workload, Path run, boolean restart) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "replay",
                "--workload",
                workload.toString(),
                "--load",
                schema(tmp).toString(),
                "--out",
                run.toString(),
                "--old",
                "embedded:mariadb-11.4.5",
                "--new",
                "embedded:mariadb-11.4.5",
                "--concurrency",
                "4",
                "--speed",
                "1",
                "--no-color",
                "--max-classes",
                "100"));
    if (restart) {
      args.add("--restart-on-crash");
    }
    return Tool.start(tmp.resolve("tool"), List.of(), args.toArray(String[]::new));
  }

  record Killed(Path run, int code, String out, String err, List<String> linesBeforeKill) {}

  /** NEW's server: a child of the tool whose data dir is NEW's. */
  private static java.util.Optional<ProcessHandle> newServer(Process tool) {
    return tool.children()
        .filter(
            p ->
                p.isAlive()
                    && p.info().commandLine().orElse("").contains("mariadbd")
                    && p.info().commandLine().orElse("").contains("querytester-new-"))
        .findFirst();
  }

  static long lines(Path f) throws Exception {
    if (!Files.exists(f)) {
      return 0;
    }
    try (var s = Files.lines(f)) {
      return s.count();
    }
  }

  private static List<Execution> executions(Path run) {
    List<Execution> out = new ArrayList<>();
    ExecutionLog.read(run, w -> {}).forEach(out::add);
    out.sort(java.util.Comparator.comparingLong(Execution::event));
    return out;
  }

  private static List<Execution> everyEventOnce(Path run) {
    List<Execution> all = executions(run);
    assertThat(all).hasSize(EVENTS + SLEEPERS);
    Set<Long> ids = new HashSet<>();
    all.forEach(e -> assertThat(ids.add(e.event())).as("event %d once", e.event()).isTrue());
    return all;
  }

  @Test
  void withRestartOnCrashTheServerIsRestartedAndTheReplayCompletesOnBothSides(
      @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ON_SUCCESS) Path tmp)
      throws Exception {
    Killed k = runAndKill(tmp, true);
    assertThat(k.code()).as(k.err()).isEqualTo(1);
    assertThat(k.out())
        .contains("CRASH of NEW at ")
        .contains("crash #1: the connection was lost and a new one was refused")
        .contains("in flight:")
        .contains("seq_1_to_1500")
        .contains("restarted on port")
        .contains("NEW: 1 crash(es), 1 restart(s), uptime at the end");
    List<Execution> all = everyEventOnce(k.run());
    // Every event after the restart ran on the restarted NEW; OLD ran every one.
    assertThat(all).allSatisfy(e -> assertThat(e.old().outcome()).isInstanceOf(Outcome.Ok.class));
    assertThat(all.subList(all.size() - 300, all.size()))
        .allSatisfy(e -> assertThat(e.neu().outcome()).isInstanceOf(Outcome.Ok.class));
    long lostOnNew = all.stream().filter(e -> e.neu().outcome() instanceof Outcome.Lost).count();
    assertThat(lostOnNew)
        .as("statements lost on NEW: the ones in flight and a few more")
        .isLessThan(20);

    List<HealthRecord> health = HealthLog.read(k.run(), w -> {});
    CrashEvent crash =
        health.stream()
            .filter(CrashEvent.class::isInstance)
            .map(CrashEvent.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(crash.side()).isEqualTo("NEW");
    assertThat(crash.cause()).contains("refused");
    assertThat(crash.inFlight()).anySatisfy(s -> assertThat(s.sql()).startsWith(SLEEPER));
    assertThat(crash.recent()).isNotEmpty();
    for (StatementRef s : crash.inFlight()) {
      Execution e = all.stream().filter(x -> x.event() == s.event()).findFirst().orElseThrow();
      assertThat(e.neu().outcome())
          .as("in flight, marked lost, not run again")
          .isInstanceOf(Outcome.Lost.class);
    }
    assertThat(health)
        .anySatisfy(
            r ->
                assertThat(r)
                    .isInstanceOfSatisfying(
                        RestartEvent.class, e -> assertThat(e.restarted()).isTrue()));

    JsonNode report = RunJson.MAPPER.readTree(k.run().resolve("report.json").toFile());
    assertThat(report.path("verdict").asText()).isEqualTo("REGRESSION");
    JsonNode h = report.path("health");
    JsonNode crashNode = h.path("crashes").get(0);
    assertThat(crashNode.path("side").asText()).isEqualTo("NEW");
    assertThat(crashNode.path("statements").size()).isEqualTo(crash.inFlight().size());
    assertThat(crashNode.path("statements").get(0).path("class_id").asText()).isNotEmpty();
    assertThat(h.path("targets").get(1).path("restarts").asInt()).isEqualTo(1);
    assertThat(h.path("targets").get(1).path("uptime_end").asLong()).isPositive();
    boolean crashClass = false;
    for (JsonNode c : report.path("classes")) {
      for (JsonNode d : c.path("differences")) {
        if (d.path("kind").asText().equals("CRASH")) {
          crashClass = true;
          assertThat(c.path("verdict").asText()).isEqualTo("REGRESSION");
        }
      }
    }
    assertThat(crashClass).as("a class carries the crash").isTrue();
    // NEW's error log outlives its server: a copy in the run folder, with both starts in it.
    String newLog = Files.readString(k.run().resolve("error-NEW.log"), StandardCharsets.ISO_8859_1);
    assertThat(newLog.split("ready for connections", -1)).hasSize(3);
    assertThat(h.path("targets").get(1).path("error_log").asText()).endsWith("error-NEW.log");
    String html = Files.readString(k.run().resolve("report.html"), StandardCharsets.UTF_8);
    assertThat(html).contains("id=\"health\"", "crash #1", "restarted on port");
    String junit = Files.readString(k.run().resolve("junit.xml"), StandardCharsets.UTF_8);
    assertThat(junit).contains("crash on NEW");
  }

  @Test
  void withoutRestartNewStopsOldFinishesAndTheRunFailsWithNothingLost(
      @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ON_SUCCESS) Path tmp)
      throws Exception {
    Killed k = runAndKill(tmp, false);
    assertThat(k.code()).as(k.err()).isEqualTo(1);
    assertThat(k.out())
        .contains("CRASH of NEW at ")
        .contains("not restarted: --restart-on-crash was not given")
        .contains("NEW: 1 crash(es), DOWN at the end")
        .contains("in flight:");
    List<String> after = Files.readAllLines(k.run().resolve(ExecutionLog.FILE));
    assertThat(after.subList(0, k.linesBeforeKill().size()))
        .as("every execution written before the kill is still there")
        .isEqualTo(k.linesBeforeKill());
    List<Execution> all = everyEventOnce(k.run());
    assertThat(all).allSatisfy(e -> assertThat(e.old().outcome()).isInstanceOf(Outcome.Ok.class));
    assertThat(all.subList(all.size() - 300, all.size()))
        .allSatisfy(
            e ->
                assertThat(e.neu().outcome())
                    .isInstanceOfSatisfying(
                        Outcome.Lost.class, l -> assertThat(l.message()).contains("NEW is down")));
    assertThat(k.err()).contains("NEW CRASHED");
  }

  @Test
  void aStatementThatCrashesTheServerEveryTimeIsSkippedAfterItsSecondCrash(
      @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ON_SUCCESS) Path tmp)
      throws Exception {
    // The test plays the bug: whenever NEW runs a statement marked crash-me, it kills NEW.
    String crashMe =
        "SELECT COUNT(*) AS n FROM seq_1_to_1500 a, seq_1_to_1000 b WHERE b.seq > 0 /* crash-me */";
    Path workload = tmp.resolve("w.jsonl");
    Instant t0 = Instant.parse("2026-01-02T03:04:05Z");
    try (WorkloadWriter w =
        WorkloadWriter.create(workload, WorkloadHeader.of("manual", null, t0))) {
      for (int i = 0; i < 2400; i++) {
        Instant ts = t0.plusMillis(2L * i);
        if (i % 400 == 100) {
          w.write(event(ts, 1, crashMe));
        }
        w.write(event(ts, 2 + i % 3, "SELECT id, name FROM items WHERE id = " + (i % 3 + 1)));
      }
    }
    Path run = tmp.resolve("run");
    Process tool = start(tmp, workload, run, true);
    int kills = 0;
    while (tool.isAlive()) {
      java.util.Optional<ProcessHandle> server = newServer(tool);
      if (server.isPresent() && runs(server.get(), "crash-me")) {
        new ProcessBuilder("kill", "-9", Long.toString(server.get().pid())).start().waitFor();
        server.get().onExit().get(30, TimeUnit.SECONDS);
        kills++;
      }
      Thread.sleep(10);
    }
    Killed k = finished(tool, tmp.resolve("tool"), run, List.of());
    assertThat(kills).as(k.err()).isEqualTo(2);
    assertThat(k.code()).isEqualTo(1);
    List<CrashEvent> crashes =
        HealthLog.read(run, w -> {}).stream()
            .filter(CrashEvent.class::isInstance)
            .map(CrashEvent.class::cast)
            .toList();
    assertThat(crashes).hasSize(2);
    String crashClass =
        crashes.get(0).inFlight().stream()
            .filter(s -> s.sql().contains("crash-me"))
            .findFirst()
            .orElseThrow()
            .classId();
    assertThat(crashes.get(0).crashers()).isEmpty();
    assertThat(crashes.get(1).crashers())
        .as("the point selects were in flight too, but completed in between")
        .containsExactly(crashClass);
    List<Execution> marked =
        executions(run).stream().filter(e -> crashClass.equals(e.classId())).toList();
    assertThat(marked).hasSize(6);
    assertThat(marked.subList(0, 2))
        .allSatisfy(e -> assertThat(e.neu().outcome()).isInstanceOf(Outcome.Lost.class));
    assertThat(marked.subList(2, 6))
        .allSatisfy(e -> assertThat(e.skipped()).isEqualTo(Crashers.REASON));
    assertThat(k.out())
        .contains("class " + crashClass + " is a crasher: not replayed after this crash")
        .contains("not replayed after the second");
  }

  /** Whether a server runs a statement containing {@code marker} right now. */
  /** The tool's server got its random root password from its init file, which we may read. */
  private static String rootPassword(String serverCommand) {
    java.util.regex.Matcher f =
        java.util.regex.Pattern.compile("--init-file=(\\S+)").matcher(serverCommand);
    if (!f.find()) {
      return "";
    }
    try {
      java.util.regex.Matcher pw =
          java.util.regex.Pattern.compile("PASSWORD\\('([^']*)'\\)")
              .matcher(Files.readString(Path.of(f.group(1))));
      return pw.find() ? pw.group(1) : "";
    } catch (java.io.IOException e) {
      return "";
    }
  }

  private static boolean runs(ProcessHandle server, String marker) {
    String cmd = server.info().commandLine().orElse("");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("--port=(\\d+)").matcher(cmd);
    if (!m.find()) {
      return false;
    }
    java.util.Properties p = new java.util.Properties();
    p.setProperty("user", "root");
    p.setProperty("password", rootPassword(cmd));
    p.setProperty("sslMode", "DISABLED");
    p.setProperty("connectTimeout", "1000");
    try (java.sql.Connection c =
            java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + m.group(1) + "/", p);
        java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rs =
            s.executeQuery(
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE '%"
                    + marker
                    + "%' AND INFO NOT LIKE '%PROCESSLIST%'")) {
      return rs.next() && rs.getInt(1) > 0;
    } catch (java.sql.SQLException e) {
      return false; // starting, restarting or gone
    }
  }
}
