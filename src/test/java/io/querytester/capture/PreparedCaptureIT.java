package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.workload.ClassCoverage;
import io.querytester.workload.ClassCoverage.ServerClass;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import io.querytester.workload.WorkloadReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live capture of a real client's load (Connector/J, sysbench's statements) with server-side
 * prepared statements and with the text protocol: templates are never replayable events, the
 * summary names why performance_schema saw nothing and what to change, and the class coverage comes
 * from the server's digest summary.
 */
class PreparedCaptureIT {
  /** Small, so that a slow poll loses rows and the capture must say so. */
  static final int HISTORY_LONG = 300;

  static final String ENABLE =
      "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES'"
          + " WHERE NAME IN ('events_statements_current', 'events_statements_history_long')";

  static EmbeddedTarget server;
  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    server =
        TestServers.start(
            "SOURCE",
            TestServers.NEW,
            "performance_schema=ON",
            "performance_schema_events_statements_history_long_size=" + HISTORY_LONG);
    ClientLoad.createSchema(server);
    TestServers.exec(
        server,
        ENABLE,
        "CREATE USER 'watcher'@'127.0.0.1'",
        "GRANT PROCESS ON *.* TO 'watcher'@'127.0.0.1'",
        "GRANT SELECT ON performance_schema.* TO 'watcher'@'127.0.0.1'");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  record Cli(int exit, String out, String err) {}

  static Cli cli(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    picocli.CommandLine cl = io.querytester.cli.QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(o));
    cl.setErr(new PrintWriter(e));
    int exit = cl.execute(args);
    return new Cli(exit, o.toString(), e.toString());
  }

  Cli captureCli(String source, Path out, String interval, String duration) {
    return cli(
        "capture",
        "--source",
        source,
        "--source-url",
        "jdbc:mysql://127.0.0.1:" + server.server().port() + "/?sslMode=DISABLED",
        "--source-user",
        "watcher",
        "--interval",
        interval,
        "--duration",
        duration,
        "--quiet",
        "--out",
        out.toString());
  }

  record Read(List<QueryEvent> events, ClassCoverage coverage) {}

  static Read read(Path file) throws java.io.IOException {
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(file, w -> {})) {
      r.forEach(e -> events.add(e.event()));
      assertThat(r.complete()).isTrue();
      return new Read(events, r.coverage());
    }
  }

  /** Captures while four clients run prepared statements; the capture must succeed. */
  Cli captureUnderPreparedLoad(String source, Path out, String interval, String duration)
      throws InterruptedException {
    Cli c;
    try (ClientLoad load = ClientLoad.start(server, 4, true, 0)) {
      Thread.sleep(300);
      c = captureCli(source, out, interval, duration);
    }
    assertThat(c.exit()).as(c.err()).isZero();
    return c;
  }

  static boolean fromLoad(QueryEvent e) {
    return e.sql().contains("sbtest1");
  }

  @Test
  void processlistKeepsPreparedTemplatesOutOfReplayAndSaysWhereTheValuesAre() throws Exception {
    Path out = dir.resolve("ps-processlist.jsonl.gz");
    Cli c = captureUnderPreparedLoad("processlist", out, "50ms", "4s");
    Read r = read(out);
    List<QueryEvent> load = r.events().stream().filter(PreparedCaptureIT::fromLoad).toList();
    // The processlist shows each prepared execution by its template: all of them are templates,
    // none is a statement replay would run.
    assertThat(load).isNotEmpty();
    assertThat(load)
        .allSatisfy(
            e -> {
              SqlProfile p = SqlProfile.of(e.sql());
              assertThat(p.kind()).as(e.sql()).isEqualTo(StatementKind.TEMPLATE);
              assertThat(p.safeRead()).isFalse();
              assertThat(ClientLoad.SHAPES).contains(e.sql());
            });
    assertThat(c.out())
        .contains("prepared-statement templates: " + String.format("%,d", load.size()))
        .contains("the slow log and the general log record the executed text")
        .containsPattern("prepared statements: [\\d,]+ executions seen \\(command Execute\\)");
    // MariaDB counts prepared executions per prepared statement, not per digest: those classes
    // are in the coverage, and missing, since the capture has no values for them.
    assertThat(r.coverage()).isNotNull();
    // The slow shape runs across several polls: the processlist always sees it.
    ServerClass slow =
        r.coverage().classes().stream()
            .filter(x -> ClientLoad.SHAPES.get(5).equals(x.text()))
            .findFirst()
            .orElseThrow(() -> new AssertionError(r.coverage()));
    assertThat(slow.covered()).isFalse();
    assertThat(slow.templates()).isPositive();
    assertThat(slow.executions()).isGreaterThanOrEqualTo(slow.templates());
    assertThat(r.coverage().classes())
        .filteredOn(x -> x.text().contains("sbtest1"))
        .hasSize(ClientLoad.SHAPES.size());
    assertThat(c.out())
        .contains("class coverage: ")
        .contains("missing top classes")
        .contains(
            "SELECT SLEEP(0.05) + k FROM sbtest1 WHERE id = ?  [captured only as a prepared template]");

    Cli stats = cli("workload", "stats", out.toString());
    assertThat(stats.exit()).isZero();
    assertThat(stats.out())
        .containsPattern("template +" + String.format("%,d", load.size()).replace(",", "\\,"))
        .contains("Prepared-statement templates (? placeholders, no values: replay skips them)")
        .contains("values: the slow log and the general log")
        .contains("class coverage: ")
        .contains("[captured only as a prepared template]");
  }

  @Test
  void perfschemaNamesPreparedStatementsWithoutTextAsTheCause() throws Exception {
    Path out = dir.resolve("ps-perfschema.jsonl.gz");
    Cli c = captureUnderPreparedLoad("perfschema", out, "100ms", "3s");
    Read r = read(out);
    assertThat(r.events()).noneSatisfy(e -> assertThat(fromLoad(e)).isTrue());
    assertThat(r.events())
        .noneSatisfy(
            e -> assertThat(SqlProfile.of(e.sql()).kind()).isEqualTo(StatementKind.TEMPLATE));
    assertThat(c.out())
        .containsPattern(
            "cause: [\\d,]+ executions of prepared statements were recorded without SQL text")
        .contains("capture --source slowlog or genlog")
        .doesNotContain("overwritten");
  }

  @Test
  void perfschemaCapturesATextProtocolLoadInFullWithItsClassCoverage() throws Exception {
    Path out = dir.resolve("text-perfschema.jsonl.gz");
    StringWriter err = new StringWriter();
    try (Target watcher = PollingCaptureIT.asUser(server, "watcher", "")) {
      CaptureSource source =
          CaptureSources.perfSchema(watcher, Duration.ofMillis(100), Clock.systemUTC());
      Thread capture =
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      Capture.run(
                          source,
                          new CaptureSettings(
                              out,
                              CaptureFilter.none(),
                              0,
                              Duration.ofSeconds(5),
                              null,
                              Clock.systemUTC()),
                          new PrintWriter(err, true));
                    } catch (java.io.IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  });
      Thread.sleep(1000);
      long ran = ClientLoad.start(server, 3, false, 10).join();
      capture.join();
      Read r = read(out);
      List<QueryEvent> load = r.events().stream().filter(PreparedCaptureIT::fromLoad).toList();
      assertThat(ran).isEqualTo(3 * 10 * ClientLoad.SHAPES.size());
      assertThat(load).hasSize((int) ran);
      assertThat(load).allSatisfy(e -> assertThat(e.sql()).doesNotContain("?"));
      // Every class of the load ran during the capture, and every one was captured.
      List<ServerClass> loadClasses =
          r.coverage().classes().stream().filter(x -> x.text().contains("sbtest1")).toList();
      assertThat(loadClasses).hasSize(ClientLoad.SHAPES.size());
      assertThat(loadClasses)
          .allSatisfy(
              x -> {
                // The server's count is the summary's rise from the capture's first reading: on a
                // loaded machine the first statement of a class may run before that reading.
                assertThat(x.executions()).isBetween(29L, 30L);
                assertThat(x.captured()).isEqualTo(30);
                assertThat(x.templates()).isZero();
              });
      assertThat(source.report()).noneSatisfy(l -> assertThat(l).startsWith("cause: "));
      assertThat(err.toString()).doesNotContain("warning");
    }
  }

  @Test
  void perfschemaRefusesToStartWhenTheConsumerThatFillsTheHistoryIsOff() throws Exception {
    // MariaDB 11.4's default: history_long on alone records nothing.
    TestServers.exec(
        server,
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'NO'"
            + " WHERE NAME = 'events_statements_current'");
    try {
      Cli c = captureCli("perfschema", dir.resolve("off.jsonl.gz"), "100ms", "1s");
      assertThat(c.exit()).isEqualTo(3);
      assertThat(c.err())
          .contains("the consumer events_statements_current is off")
          .contains(
              "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN"
                  + " ('events_statements_current');");
    } finally {
      TestServers.exec(server, ENABLE);
    }
  }

  @Test
  void perfschemaNamesStatementInstrumentsThatAreOffWithTheFix() throws Exception {
    TestServers.exec(
        server,
        "UPDATE performance_schema.setup_instruments SET ENABLED = 'NO'"
            + " WHERE NAME = 'statement/sql/select'");
    try {
      Path out = dir.resolve("instruments-off.jsonl.gz");
      Cli c;
      try (ClientLoad load = ClientLoad.start(server, 2, false, 0)) {
        c = captureCli("perfschema", out, "100ms", "2s");
        assertThat(load.executions()).isPositive();
      }
      assertThat(c.exit()).as(c.err()).isZero();
      // The load is all SELECTs: the server recorded none of them.
      assertThat(read(out).events()).noneSatisfy(e -> assertThat(fromLoad(e)).isTrue());
      assertThat(c.out())
          .contains(
              "cause: 1 statement/sql/ instruments are off, so those statements are not recorded:"
                  + " UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED ="
                  + " 'YES' WHERE NAME LIKE 'statement/%';\n")
          .doesNotContain("sessions are not instrumented");
    } finally {
      TestServers.exec(
          server,
          "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES'"
              + " WHERE NAME = 'statement/sql/select'");
    }
  }

  @Test
  void perfschemaNamesSessionsThatAreNotInstrumentedWithTheFix() throws Exception {
    Path out = dir.resolve("uninstrumented.jsonl.gz");
    Cli c;
    try (ClientLoad load = ClientLoad.start(server, 2, false, 0)) {
      awaitClients(2);
      // What setup_actors does to an account left out of it, done to the load's two sessions.
      TestServers.exec(
          server,
          "UPDATE performance_schema.threads SET INSTRUMENTED = 'NO' WHERE PROCESSLIST_ID IN"
              + " (SELECT ID FROM information_schema.PROCESSLIST WHERE DB = 'sbtest')");
      // A statement already running is recorded when it ends (the flag counts at its start):
      // let each session finish the one in flight (up to the 50 ms SLEEP) and run one more.
      load.awaitEachStartedAnew();
      long before = load.executions();
      c = captureCli("perfschema", out, "100ms", "2s");
      assertThat(load.executions()).isGreaterThan(before);
    }
    assertThat(c.exit()).as(c.err()).isZero();
    assertThat(read(out).events()).noneSatisfy(e -> assertThat(fromLoad(e)).isTrue());
    assertThat(c.out())
        .contains(
            "cause: 2 connected sessions are not instrumented (performance_schema.setup_actors"
                + " leaves their account out), so their statements are not recorded: add the"
                + " accounts to setup_actors with ENABLED = 'YES'\n")
        .doesNotContain("instruments are off");
  }

  /** Waits until {@code n} clients of the load are connected to sbtest. */
  private static void awaitClients(int n) throws Exception {
    for (int i = 0; i < 100; i++) {
      try (var conn = server.connect();
          var st = conn.createStatement();
          var rs =
              st.executeQuery(
                  "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = 'sbtest'")) {
        rs.next();
        if (rs.getInt(1) >= n) {
          return;
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the load's clients never connected");
  }

  @Test
  void perfschemaSaysWhenHistoryRowsWereOverwrittenBetweenPolls() throws Exception {
    Path out = dir.resolve("overwritten.jsonl.gz");
    Cli c;
    try (ClientLoad load = ClientLoad.start(server, 3, false, 0)) {
      c = captureCli("perfschema", out, "3s", "7s");
    }
    assertThat(c.exit()).as(c.err()).isZero();
    assertThat(c.out())
        .containsPattern(
            "cause: history rows were overwritten between polls: [\\d,]+ of [\\d,]+ polls")
        .contains("the table keeps " + HISTORY_LONG)
        .contains("poll more often (--interval)")
        .contains("performance_schema_events_statements_history_long_size");
  }
}
