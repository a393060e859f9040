package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunJoiner;
import io.querytester.compare.RunSummary;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Outcome;
import io.querytester.run.RunInfo;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import io.querytester.workload.StatementKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replay against real embedded 10.2.11 (OLD) and 11.4.5 (NEW), with general logs on. */
class ReplayIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  static Path logs;
  static Path rootCnf;

  @BeforeAll
  static void start() throws Exception {
    logs =
        Files.createTempDirectory(
            Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"))),
            "replay-it-logs");
    old =
        TestServers.start(
            "OLD", TestServers.OLD, "general_log=1", "general_log_file=" + logs.resolve("old.log"));
    neu =
        TestServers.start(
            "NEW", TestServers.NEW, "general_log=1", "general_log_file=" + logs.resolve("new.log"));
    rootCnf = TestServers.rootCnf(logs, old, neu);
    for (Target t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE app",
          "CREATE TABLE app.items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20), price DECIMAL(10,2))",
          "INSERT INTO app.items (name, price) VALUES ('a', 1.50), ('b', 2.00), ('c', NULL)");
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

  private static ReplaySettings settings(Path workload, Path run, boolean allowWrites) {
    ReplaySettings d = ReplaySettings.defaults(workload, run).withWrites(allowWrites);
    return d.withPace(d.pace().withConcurrency(4).withSeed(3))
        .withStatements(new ReplaySettings.Statements(Duration.ofSeconds(2), 5_000_000));
  }

  /**
   * Replays {@code statements} as one session on one lane, results cut at 1,000 rows and statements
   * killed after {@code timeout} (null: the tests' 2 s), and gives its executions.
   */
  private List<Execution> replayCutAt1000(Path tmp, Duration timeout, String... statements)
      throws Exception {
    Path run = tmp.resolve("run");
    ReplaySettings s =
        settings(
            Workloads.write(tmp.resolve("w.jsonl"), "app", 1, List.of(statements)), run, false);
    s =
        s.withPace(s.pace().withConcurrency(1))
            .withStatements(
                new ReplaySettings.Statements(
                    timeout == null ? s.statements().timeout() : timeout, 1_000));
    new Replayer(s, m -> {}).run(List.of(old, neu), false);
    return executions(run);
  }

  private static List<Execution> executions(Path run) {
    List<Execution> out = new ArrayList<>();
    ExecutionLog.read(run, w -> {}).forEach(out::add);
    out.sort(java.util.Comparator.comparingLong(Execution::event));
    return out;
  }

  @Test
  void writesAreNeverExecutedWithoutAllowWrites(@TempDir Path tmp) throws Exception {
    List<String> unsafe =
        List.of(
            "INSERT INTO items (name) VALUES ('never-inserted')",
            "UPDATE items SET name = 'never-updated' WHERE id = 1",
            "DELETE FROM items WHERE name = 'b' /* never-deleted */",
            "CREATE TABLE never_created (id INT)",
            "SET GLOBAL max_connections = 99",
            "SELECT * FROM items WHERE id = 1 FOR UPDATE /* never-locked */",
            "SELECT name FROM items INTO OUTFILE '/tmp/never-written'",
            "SELECT GET_LOCK('never-locked', 1)");
    List<String> statements = new ArrayList<>(unsafe);
    statements.add("SELECT COUNT(*) FROM items /* this one runs */");
    Path run = tmp.resolve("run");
    ReplayCounters counters =
        new Replayer(
                settings(Workloads.write(tmp.resolve("w.jsonl"), "app", 2, statements), run, false),
                m -> {})
            .run(List.of(old, neu), false);
    assertThat(counters.skippedTotal()).isEqualTo(unsafe.size());
    assertThat(counters.executed()).isEqualTo(1);
    for (String side : List.of("old.log", "new.log")) {
      String log = Files.readString(logs.resolve(side), StandardCharsets.ISO_8859_1);
      assertThat(log).contains("this one runs");
      assertThat(log)
          .doesNotContain(
              "never-inserted",
              "never-updated",
              "never-deleted",
              "never_created",
              "max_connections = 99",
              "never-locked",
              "never-written");
    }
    assertThat(EmbeddedServerQueries.single(old, "SELECT COUNT(*) FROM app.items")).isEqualTo("3");
  }

  @Test
  void preparedTemplatesAreNeverRunEvenWithAllowWrites(@TempDir Path tmp) throws Exception {
    // What the processlist and performance_schema show of a prepared statement: its text, with
    // ? for the values it ran with. Run, they are syntax errors on both sides: "same".
    List<String> templates =
        List.of(
            "SELECT name FROM items WHERE id = ? /* template-read */",
            "UPDATE items SET name = ? WHERE id = ? /* template-write */");
    for (boolean allowWrites : List.of(false, true)) {
      Path run = tmp.resolve("run-" + allowWrites);
      List<String> statements = new ArrayList<>(templates);
      statements.add("SELECT COUNT(*) FROM items /* after-templates-" + allowWrites + " */");
      ReplayCounters counters =
          new Replayer(
                  settings(
                      Workloads.write(
                          tmp.resolve("w-" + allowWrites + ".jsonl"), "app", 1, statements),
                      run,
                      allowWrites),
                  m -> {})
              .run(List.of(old, neu), false);
      assertThat(counters.skippedTotal()).as("--allow-writes %s", allowWrites).isEqualTo(2);
      assertThat(counters.executed()).isEqualTo(1);
      List<Execution> e = executions(run);
      assertThat(e.subList(0, 2))
          .allSatisfy(
              x -> {
                assertThat(x.kind()).isEqualTo(StatementKind.TEMPLATE);
                assertThat(x.skipped()).isEqualTo("template");
                assertThat(x.old()).isNull();
                assertThat(x.neu()).isNull();
              });
      assertThat(e.get(2).skipped()).isNull();
      RunSummary summary = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run);
      for (Execution x : e.subList(0, 2)) {
        ClassSummary c =
            summary.classes().stream()
                .filter(s -> s.classId().equals(x.classId()))
                .findFirst()
                .orElseThrow();
        assertThat(c.verdict()).as(c.example()).isEqualTo(ClassVerdict.SKIPPED);
        assertThat(c.skipReason()).isEqualTo("template");
      }
      for (String side : List.of("old.log", "new.log")) {
        String log = Files.readString(logs.resolve(side), StandardCharsets.ISO_8859_1);
        assertThat(log)
            .contains("after-templates-" + allowWrites)
            .doesNotContain("template-read", "template-write");
      }
    }
  }

  @Test
  void allowWritesReplaysWritesOnBothAndComparesAffectedRows(@TempDir Path tmp) throws Exception {
    for (Target t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE w",
          "CREATE TABLE w.t (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
          "INSERT INTO w.t (v) VALUES (1), (2), (3)");
    }
    TestServers.exec(neu, "INSERT INTO w.t (v) VALUES (2)"); // NEW drifted: one more row with v = 2
    Path run = tmp.resolve("run");
    new Replayer(
            settings(
                Workloads.write(
                    tmp.resolve("w.jsonl"),
                    "w",
                    1,
                    List.of(
                        "UPDATE t SET v = v + 10 WHERE v = 2",
                        "INSERT INTO t (v) VALUES (9)",
                        "SELECT COUNT(*) FROM t")),
                run,
                true),
            m -> {})
        .run(List.of(old, neu), false);
    List<Execution> e = executions(run);
    assertThat(e.get(0).differences())
        .extracting(Difference::kind)
        .containsExactly(DiffKind.ROW_COUNT);
    assertThat(e.get(0).old().rows()).isEqualTo(1);
    assertThat(e.get(0).neu().rows()).isEqualTo(2);
    assertThat(e.get(1).differences())
        .extracting(Difference::kind)
        .containsExactly(DiffKind.LAST_INSERT_ID);
    assertThat(e.get(2).differences())
        .extracting(Difference::kind)
        .containsExactly(DiffKind.RESULT);
  }

  @Test
  void aStatementPastTheTimeoutIsKilledOnTheServer(@TempDir Path tmp) throws Exception {
    Path run = tmp.resolve("run");
    new Replayer(
            settings(
                Workloads.write(
                    tmp.resolve("w.jsonl"),
                    "app",
                    1,
                    List.of(
                        "SELECT COUNT(*) FROM seq_1_to_100000 a, seq_1_to_100000 b /* slow-one */")),
                run,
                false),
            m -> {})
        .run(List.of(old, neu), false);
    Execution e = executions(run).getFirst();
    assertThat(e.old().outcome()).isInstanceOf(Outcome.TimedOut.class);
    assertThat(e.neu().outcome()).isInstanceOf(Outcome.TimedOut.class);
    Thread.sleep(500);
    for (Target t : List.of(old, neu)) {
      assertThat(
              EmbeddedServerQueries.single(
                  t,
                  "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE '%slow-one%' AND INFO NOT LIKE '%PROCESSLIST%'"))
          .isEqualTo("0");
    }
  }

  @Test
  void aResultOverMaxRowsIsCutAndItsSessionGoesOnThroughAFreshStatement(@TempDir Path tmp)
      throws Exception {
    List<Execution> e =
        replayCutAt1000(
            tmp,
            null,
            "SELECT seq FROM seq_1_to_100000",
            "SELECT name FROM items ORDER BY id",
            "SELECT seq FROM seq_1_to_100000 WHERE seq > 99990",
            "SELECT COUNT(*) FROM items");
    assertThat(e).hasSize(4);
    assertThat(e.get(0).old().outcome()).isInstanceOf(Outcome.TooLarge.class);
    assertThat(e.get(0).neu().outcome()).isInstanceOf(Outcome.TooLarge.class);
    // the same session's next statements: neither cut nor failed by the cancelled one before them
    for (Execution next : e.subList(1, 4)) {
      assertThat(next.old().outcome()).isEqualTo(Outcome.ok());
      assertThat(next.neu().outcome()).isEqualTo(Outcome.ok());
      assertThat(next.differences()).isEmpty();
    }
    assertThat(e.get(1).old().rows()).isEqualTo(3);
    assertThat(e.get(2).old().rows()).isEqualTo(10);
  }

  /**
   * A result far too large to read (10^10 rows): cut at --max-rows, the server is told to stop, so
   * the statement is TooLarge on both sides well within a 60 s statement timeout. Before, closing
   * the streamed result read on until the statement timeout's KILL, and the cut result became a
   * timeout.
   */
  @Test
  void aResultCutAtMaxRowsIsStoppedOnTheServerNotReadToItsEnd(@TempDir Path tmp) throws Exception {
    List<Execution> e =
        replayCutAt1000(
            tmp,
            Duration.ofSeconds(60),
            "SELECT 1 AS one FROM seq_1_to_100000 a, seq_1_to_100000 b",
            "SELECT COUNT(*) FROM items");
    assertThat(e).hasSize(2);
    // stopped, not read on until the statement timeout (60 s) killed it
    assertThat(e.get(0).old().lastRowMicros()).isLessThan(30_000_000L);
    assertThat(e.get(0).neu().lastRowMicros()).isLessThan(30_000_000L);
    assertThat(e.get(0).old().outcome()).isEqualTo(new Outcome.TooLarge(1_000));
    assertThat(e.get(0).neu().outcome()).isEqualTo(new Outcome.TooLarge(1_000));
    assertThat(e.get(0).differences()).isEmpty();
    // the KILL reached the cut statement only: the session's next one runs
    assertThat(e.get(1).old().outcome()).isEqualTo(Outcome.ok());
    assertThat(e.get(1).neu().outcome()).isEqualTo(Outcome.ok());
    assertThat(e.get(1).differences()).isEmpty();
  }

  @Test
  void aMillionRowResultComparesIn256MegabytesAndTheDifferingRowIsFound(@TempDir Path tmp)
      throws Exception {
    Path workload =
        Workloads.write(
            tmp.resolve("w.jsonl"),
            "app",
            1,
            List.of(
                "SELECT seq, IF(seq = 777777, CHARSET(CONVERT('x' USING utf8)), CONCAT('row ', seq)) AS v FROM seq_1_to_1000000"));
    Tool.Result r =
        Tool.run(
            tmp.resolve("tool"),
            List.of("-Xmx256m"),
            withTargets(
                "replay",
                "--workload",
                workload.toString(),
                "--out",
                tmp.resolve("run").toString(),
                "--no-color"));
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    Execution e = executions(tmp.resolve("run")).getFirst();
    assertThat(e.old().rows()).isEqualTo(1_000_000);
    Difference d = e.differences().getFirst();
    assertThat(d.kind()).isEqualTo(DiffKind.RESULT);
    assertThat(d.samples().onlyOld()).containsExactly(List.of("777777", "utf8"));
    assertThat(d.samples().onlyNew()).containsExactly(List.of("777777", "utf8mb3"));
  }

  @Test
  void aRunKilledWithMinus9ResumesToTheSameVerdict(@TempDir Path tmp) throws Exception {
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      statements.add(
          switch (i % 5) {
            case 0 -> "SELECT id, name, price FROM items WHERE id = " + (i % 4);
            case 1 -> "SELECT COUNT(*), SUM(price) FROM items WHERE id > " + (i % 3);
            case 2 -> "SELECT " + i + " AS n";
            case 3 -> "SELECT CHARSET(CONVERT('x' USING utf8)) AS cs, " + i;
            default -> "SELECT name FROM items ORDER BY id LIMIT " + (i % 3 + 1);
          });
    }
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), "app", 6, statements);
    Path killed = tmp.resolve("killed");
    Process p =
        Tool.start(
            tmp.resolve("first"),
            List.of(),
            withTargets(
                "replay",
                "--workload",
                workload.toString(),
                "--out",
                killed.toString(),
                "--concurrency",
                "2"));
    Path log = killed.resolve(ExecutionLog.FILE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && (!Files.exists(log) || Files.size(log) < 20_000)) {
      Thread.sleep(50);
    }
    p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    long before = executions(killed).size();
    assertThat(before).as("the run was killed part way").isBetween(1L, 2999L);

    Tool.Result resumed =
        Tool.run(
            tmp.resolve("resumed"),
            List.of(),
            withTargets("replay", "--resume", killed.toString(), "--no-color"));
    assertThat(resumed.err()).contains("resuming: ");
    List<Execution> all = executions(killed);
    assertThat(all).hasSize(3000);
    Set<Long> ids = new HashSet<>();
    all.forEach(e -> assertThat(ids.add(e.event())).as("event %d once", e.event()).isTrue());

    Path whole = tmp.resolve("whole");
    new Replayer(settings(workload, whole, false), m -> {}).run(List.of(old, neu), false);
    assertThat(verdicts(killed)).isEqualTo(verdicts(whole));
    assertThat(resumed.code()).isEqualTo(1);
  }

  /**
   * From 8 lanes per processor the lanes and their partners are virtual threads ({@link
   * LaneThreads}); one processor and 8 lanes, in a process of its own, must give the verdicts that
   * the same workload gives on platform threads.
   */
  @Test
  void lanesOnVirtualThreadsGiveTheVerdictsOfPlatformThreads(@TempDir Path tmp) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        LaneThreads.forLanes(8, 1, Runtime.version().feature()).virtual(),
        "lanes run on virtual threads only from JDK " + LaneThreads.VIRTUAL_FROM_JDK);
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < 800; i++) {
      statements.add(
          switch (i % 4) {
            case 0 -> "SELECT id, name, price FROM items WHERE id = " + (i % 4);
            case 1 -> "SELECT COUNT(*), SUM(price) FROM items WHERE id > " + (i % 3);
            case 2 -> "SELECT CHARSET(CONVERT('x' USING utf8)) AS cs, " + i;
            default -> "SELECT name FROM items ORDER BY id LIMIT " + (i % 3 + 1);
          });
    }
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), "app", 12, statements);
    Path virtual = tmp.resolve("virtual");
    Tool.Result r =
        Tool.run(
            tmp.resolve("virtual-tool"),
            List.of("-XX:ActiveProcessorCount=1"),
            withTargets(
                "replay",
                "--workload",
                workload.toString(),
                "--out",
                virtual.toString(),
                "--concurrency",
                "8",
                "--no-color"));
    assertThat(r.err()).doesNotContain("lowered to");
    assertThat(executions(virtual)).hasSize(800);

    Path platform = tmp.resolve("platform");
    new Replayer(settings(workload, platform, false), m -> {}).run(List.of(old, neu), false);
    // Executions and differences per class; a verdict may also come from latency, which is not
    // the same from one run to the next.
    assertThat(differences(virtual)).isEqualTo(differences(platform));
    assertThat(differences(virtual).values()).anyMatch(d -> d.contains("RESULT"));
  }

  @Test
  void saveNowCompareLaterFindsTheSameDifferences(@TempDir Path tmp) throws Exception {
    Path workload =
        Workloads.write(
            tmp.resolve("w.jsonl"),
            "app",
            2,
            List.of(
                "SELECT CHARSET(CONVERT('x' USING utf8))",
                "SELECT @@innodb_file_format",
                "SELECT id FROM items",
                "SELECT JSON_EQUALS('1', '1')"));
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    new Replayer(settings(workload, a, false), m -> {}).run(List.of(old), false);
    new Replayer(settings(workload, b, false), m -> {}).run(List.of(neu), false);
    Path joined = tmp.resolve("joined");
    RunJoiner.join(a, b, joined, w -> {});
    Path live = tmp.resolve("live");
    new Replayer(settings(workload, live, false), m -> {}).run(List.of(old, neu), false);
    assertThat(verdicts(joined)).isEqualTo(verdicts(live));
    assertThat(RunInfo.read(joined).targets())
        .extracting(RunInfo.Side::label)
        .containsExactly("OLD", "NEW");
  }

  /** The arguments, then both embedded targets and their passwords' option file. */
  private static String[] withTargets(String... args) {
    return TestServers.withTargets(old, neu, rootCnf, args);
  }

  /** What {@link #verdicts} says of each class but the verdict. */
  private static Map<String, String> differences(Path run) {
    Map<String, String> out = new TreeMap<>();
    verdicts(run).forEach((id, v) -> out.put(id, v.substring(v.indexOf(' ') + 1)));
    return out;
  }

  /** Verdicts without latency, which depends on the machine's load at the moment. */
  private static Map<String, String> verdicts(Path run) {
    Set<DiffKind> failing = java.util.EnumSet.copyOf(GatePolicy.DEFAULT_FAILING);
    failing.remove(DiffKind.LATENCY);
    GatePolicy noLatency =
        new GatePolicy(failing, GatePolicy.DEFAULT.latency(), GatePolicy.DEFAULT.maxErrorRate());
    RunSummary s = new RunAnalyzer(noLatency, 3, w -> {}).analyze(run);
    Map<String, String> out = new TreeMap<>();
    for (ClassSummary c : s.classes()) {
      out.put(
          c.classId(),
          c.verdict()
              + " "
              + c.executions()
              + " "
              + c.differences().entrySet().stream()
                  .filter(e -> e.getKey() != DiffKind.LATENCY)
                  .map(Object::toString)
                  .collect(Collectors.joining(",")));
    }
    return out;
  }

  /** Small query helper. */
  static final class EmbeddedServerQueries {
    private EmbeddedServerQueries() {}

    static String single(Target t, String sql) throws Exception {
      try (Connection c = t.connect();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery(sql)) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
