package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Outcome;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload of 600 sessions against two servers with MariaDB's default max_connections (151): the
 * replay stays within each server's limit (8 lanes used to keep 32 sessions open each, 256
 * connections), so no statement fails with "Too many connections" and none is reported as a
 * difference; {@code --max-connections} bounds it lower, and idle sessions are closed.
 */
class ConnectionLimitIT {
  static final int SESSIONS = 600;
  static final int ROUNDS = 3;

  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  @BeforeAll
  static void start() throws Exception {
    old = TestServers.start("OLD", TestServers.NEW);
    neu = TestServers.start("NEW", TestServers.NEW);
    for (Target t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE app",
          "CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20))",
          "INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c')",
          "CREATE FUNCTION app.cap() RETURNS INT READS SQL DATA RETURN @cap",
          "CREATE FUNCTION app.lastid() RETURNS BIGINT READS SQL DATA RETURN LAST_INSERT_ID()",
          // a user variable in a view, the usual way round the rule that a view names none
          "CREATE VIEW app.capped AS SELECT id FROM app.items WHERE id <= app.cap()");
      assertThat(variable(t, "SELECT @@max_connections")).isEqualTo(151);
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

  /** Every session in turn, ROUNDS times: each lane cycles through all of its sessions. */
  static Path workload(Path dir) throws Exception {
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < SESSIONS * ROUNDS; i++) {
      statements.add("SELECT id, name FROM items WHERE id = " + (i % 3 + 1));
    }
    return Workloads.write(dir.resolve("w.jsonl"), "app", SESSIONS, statements);
  }

  @Test
  void sixHundredSessionsAtConcurrency8StayWithinDefaultMaxConnections(@TempDir Path tmp)
      throws Exception {
    flushStatus();
    List<String> progress = new CopyOnWriteArrayList<>();
    new Replayer(settings(workload(tmp), tmp.resolve("run"), 8), progress::add)
        .run(List.of(old, neu), false);

    List<Execution> all = executions(tmp.resolve("run"));
    assertThat(all).hasSize(SESSIONS * ROUNDS);
    assertThat(all)
        .as("no statement lost its connection or was refused one")
        .allSatisfy(
            e -> {
              assertThat(e.skipped()).isNull();
              assertThat(e.old().outcome()).isInstanceOf(Outcome.Ok.class);
              assertThat(e.neu().outcome()).isInstanceOf(Outcome.Ok.class);
              assertThat(e.differences()).isEmpty();
            });
    assertThat(progress).noneSatisfy(m -> assertThat(m).contains("statements reached"));
    for (Target t : List.of(old, neu)) {
      assertThat(variable(t, "SHOW GLOBAL STATUS LIKE 'Max_used_connections'"))
          .as(t.label() + " kept room below max_connections")
          .isLessThanOrEqualTo(151 - ConnectionBudget.room(151));
    }
  }

  @Test
  void saysWhenTheWorkloadsSessionsLeaveLanesIdle(@TempDir Path tmp) throws Exception {
    Path workload = itemReads(tmp, 3, 30);
    List<String> progress = new CopyOnWriteArrayList<>();
    new Replayer(settings(workload, tmp.resolve("run"), 8), progress::add)
        .run(List.of(old, neu), false);

    // sessions 1, 2 and 3 fall to three different lanes of eight
    assertThat(progress)
        .anySatisfy(
            m ->
                assertThat(m)
                    .isEqualTo(
                        "--concurrency 8: statements reached 3 of the lanes (with"
                            + " --no-spread-reads a session runs in its captured order on one"
                            + " lane, so the workload's sessions set how many lanes work)"));
    assertThat(executions(tmp.resolve("run"))).hasSize(30);
  }

  @Test
  void spreadReadsKeepEveryLaneBusyAndTheSessionsState(@TempDir Path tmp) throws Exception {
    // Session 1 limits its results to 2 rows before it reads, after a SET that fails on both
    // sides (a shared connection takes on the SETs after it all the same), and before a SET of
    // the same variable that fails (the 2 holds, on a shared connection too); session 2 reads.
    List<QueryEvent> events = new ArrayList<>();
    events.add(QueryEvent.of(1, "app", "SET SESSION no_such_variable = 1"));
    events.add(QueryEvent.of(1, "app", "SET SESSION sql_select_limit = 2"));
    events.add(QueryEvent.of(1, "app", "SET SESSION sql_select_limit = 'two'"));
    for (int i = 0; i < 40; i++) {
      events.add(QueryEvent.of(1, "app", "SELECT id FROM items ORDER BY id"));
      events.add(QueryEvent.of(2, "app", "SELECT id, name FROM items WHERE id = " + (i % 3 + 1)));
    }
    Path workload = Workloads.write(tmp.resolve("two.jsonl"), events);
    List<String> plainProgress = new CopyOnWriteArrayList<>();
    List<String> spreadProgress = new CopyOnWriteArrayList<>();

    int before = variable(old, "SHOW GLOBAL STATUS LIKE 'Connections'");
    new Replayer(settings(workload, tmp.resolve("plain"), 4, 0, false), plainProgress::add)
        .run(List.of(old, neu), false);
    int between = variable(old, "SHOW GLOBAL STATUS LIKE 'Connections'");
    new Replayer(settings(workload, tmp.resolve("spread"), 4, 0, true), spreadProgress::add)
        .run(List.of(old, neu), false);
    int after = variable(old, "SHOW GLOBAL STATUS LIKE 'Connections'");

    assertThat(plainProgress).anySatisfy(m -> assertThat(m).contains("reached 2 of the lanes"));
    assertThat(spreadProgress)
        .noneSatisfy(m -> assertThat(m).contains("of the lanes"))
        .contains("--spread-reads: 80 reads ran on any lane");
    // Without: one connection per session. With: the reads of each session's state on the two
    // lanes the alternating sessions' reads reach, besides session 1's own for its SET.
    assertThat((after - between) - (between - before)).isGreaterThanOrEqualTo(3);
    for (String run : List.of("plain", "spread")) {
      List<Execution> all = executions(tmp.resolve(run));
      assertThat(all).as(run).hasSize(83).allSatisfy(e -> assertThat(e.differences()).isEmpty());
      assertThat(all)
          .as(run)
          .filteredOn(e -> e.session() == 1 && e.kind() == StatementKind.READ)
          .hasSize(40)
          .allSatisfy(ConnectionLimitIT::twoRowsEachSide);
    }
  }

  @Test
  void spreadReadsKeepACallOfAStoredFunctionOnItsSessionsConnection(@TempDir Path tmp)
      throws Exception {
    // app.lastid() returns the connection's LAST_INSERT_ID(): 2 on session 1's own connection
    // once it ran SELECT LAST_INSERT_ID(2) there, 0 on a shared one
    String called = "SELECT id FROM items WHERE id <= lastid()";
    List<QueryEvent> events = new ArrayList<>();
    events.add(QueryEvent.of(1, "app", "SELECT LAST_INSERT_ID(2)"));
    for (int i = 0; i < 10; i++) {
      events.add(QueryEvent.of(1, "app", called));
      events.add(QueryEvent.of(1, "app", "SELECT id FROM items WHERE id = " + (i % 3 + 1)));
    }
    List<String> progress = new CopyOnWriteArrayList<>();
    List<Execution> all = replaySpread(tmp, events, progress);

    assertThat(progress).contains("--spread-reads: 10 reads ran on any lane");
    assertThat(all)
        .filteredOn(e -> SqlProfile.of(called).classId().equals(e.classId()))
        .hasSize(10)
        .allSatisfy(ConnectionLimitIT::twoRowsEachSide);
  }

  @Test
  void aSetOfAUserVariableKeepsItsSessionHomeForAViewThatReadsIt(@TempDir Path tmp)
      throws Exception {
    // the view's read names no function and no variable, but reads @cap through app.cap()
    List<QueryEvent> events = new ArrayList<>();
    events.add(QueryEvent.of(1, "app", "SET @cap = 2"));
    for (int i = 0; i < 10; i++) {
      events.add(QueryEvent.of(1, "app", "SELECT id FROM capped"));
    }
    List<String> progress = new CopyOnWriteArrayList<>();
    List<Execution> all = replaySpread(tmp, events, progress);

    assertThat(progress)
        .anySatisfy(m -> assertThat(m).contains("(the first: session 1, SET @cap = ?)"));
    assertThat(all)
        .filteredOn(e -> e.kind() == StatementKind.READ)
        .hasSize(10)
        .allSatisfy(ConnectionLimitIT::twoRowsEachSide);
  }

  private List<Execution> replaySpread(Path tmp, List<QueryEvent> events, List<String> progress)
      throws Exception {
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), events);
    new Replayer(settings(workload, tmp.resolve("run"), 4, 0, true), progress::add)
        .run(List.of(old, neu), false);
    return executions(tmp.resolve("run"));
  }

  @Test
  void showWarningsRightAfterASpreadReadIsSkippedAndItsSessionGoesHome(@TempDir Path tmp)
      throws Exception {
    List<QueryEvent> events = new ArrayList<>();
    events.add(QueryEvent.of(1, "app", "SELECT id FROM items WHERE id = '1x'")); // spread, 1292
    events.add(QueryEvent.of(1, "app", "SHOW WARNINGS")); // would describe its own connection
    events.add(QueryEvent.of(1, "app", "SELECT id FROM items WHERE id = '2x'")); // home now
    events.add(QueryEvent.of(1, "app", "SHOW WARNINGS")); // describes the read before it
    Path workload = Workloads.write(tmp.resolve("warnings.jsonl"), events);
    new Replayer(settings(workload, tmp.resolve("run"), 4, 0, true), m -> {})
        .run(List.of(old, neu), false);

    List<Execution> all = executions(tmp.resolve("run"));
    all.sort(java.util.Comparator.comparingLong(Execution::event));
    assertThat(all).hasSize(4);
    assertThat(all.get(1).skipped()).isEqualTo(ReadSpreader.DIAGNOSTICS_AFTER_SPREAD);
    Execution warnings = all.get(3);
    assertThat(warnings.skipped()).isNull();
    assertThat(warnings.old().rows()).isEqualTo(1);
    assertThat(warnings.neu().rows()).isEqualTo(1);
    assertThat(warnings.differences()).isEmpty();
  }

  @Test
  void spreadReadsSaysWhenALaneHasNoRoomForASharedConnection(@TempDir Path tmp) throws Exception {
    Path workload = itemReads(tmp, 2, 20);
    List<String> progress = new CopyOnWriteArrayList<>();
    // 4 connections per server for 4 lanes: each lane keeps one open, its sessions' own
    new Replayer(
            settings(workload, tmp.resolve("run"), 4, 0, true),
            new ConnectionLimits(4, Duration.ofMinutes(1)),
            progress::add)
        .run(List.of(old, neu), false);

    assertThat(progress)
        .anySatisfy(
            m ->
                assertThat(m)
                    .startsWith(
                        "--spread-reads: off, a lane may keep only 1 connection per server open"))
        .noneSatisfy(m -> assertThat(m).contains("reads ran on any lane"));
    assertThat(executions(tmp.resolve("run")))
        .hasSize(20)
        .allSatisfy(e -> assertThat(e.differences()).isEmpty());
  }

  @Test
  void maxConnectionsBoundsTheReplayAndLowersTheConcurrency(@TempDir Path tmp) throws Exception {
    flushStatus();
    List<String> progress = new CopyOnWriteArrayList<>();
    new Replayer(
            settings(workload(tmp), tmp.resolve("run"), 64),
            new ConnectionLimits(12, Duration.ofMinutes(1)),
            progress::add)
        .run(List.of(old, neu), false);

    assertThat(progress).anySatisfy(m -> assertThat(m).contains("--concurrency 64 lowered to 12"));
    assertThat(executions(tmp.resolve("run")))
        .hasSize(SESSIONS * ROUNDS)
        .allSatisfy(e -> assertThat(e.differences()).isEmpty());
    for (Target t : List.of(old, neu)) {
      // 12 for the lanes, 1 for the statement watchdog, 1 for this test's own question. A lane
      // closes a session's connection before it opens the next, but the server ends the closed
      // one's thread a moment after the client left, and counts both meanwhile: so did the
      // check connection closed just before the lanes start. A clean-clone CI run counted 17
      // once (12 + 5); without the bound the replay would hold 64 and more.
      assertThat(variable(t, "SHOW GLOBAL STATUS LIKE 'Max_used_connections'"))
          .isLessThanOrEqualTo(12 + 6);
    }
  }

  @Test
  void idleSessionsAreClosed(@TempDir Path tmp) throws Exception {
    // 40 sessions run one statement each, then nothing happens for 4 s but a last statement.
    java.time.Instant t0 = java.time.Instant.parse("2026-01-02T03:04:05Z");
    List<QueryEvent> events = new ArrayList<>();
    for (int i = 0; i <= 40; i++) {
      events.add(
          Workloads.event(
              i < 40 ? t0.plusMillis(i) : t0.plusSeconds(4),
              (i % 40) + 1,
              "app",
              "SELECT id FROM items WHERE id = 1"));
    }
    Path workload = Workloads.write(tmp.resolve("idle.jsonl"), events);
    ReplaySettings paced = settings(workload, tmp.resolve("run"), 2, 1.0);
    Thread replay =
        Thread.ofVirtual()
            .start(
                () ->
                    new Replayer(paced, new ConnectionLimits(0, Duration.ofMillis(300)), m -> {})
                        .run(List.of(old, neu), false));
    Thread.sleep(2500); // in the quiet gap: the 40 sessions have been idle for 2 s
    int connected = variable(old, "SHOW GLOBAL STATUS LIKE 'Threads_connected'");
    replay.join();
    assertThat(executions(tmp.resolve("run"))).hasSize(41);
    assertThat(connected)
        .as("the idle sessions were closed: left are this test's and the next session's")
        .isLessThanOrEqualTo(4);
  }

  private static void flushStatus() throws Exception {
    for (Target t : List.of(old, neu)) {
      TestServers.exec(t, "FLUSH STATUS");
    }
  }

  private static ReplaySettings settings(Path workload, Path run, int concurrency) {
    return settings(workload, run, concurrency, 0);
  }

  /**
   * @param speed 0 as fast as possible, 1 at the captured pace
   */
  private static ReplaySettings settings(Path workload, Path run, int concurrency, double speed) {
    return settings(workload, run, concurrency, speed, false);
  }

  private static ReplaySettings settings(
      Path workload, Path run, int concurrency, double speed, boolean spreadReads) {
    ReplaySettings d = ReplaySettings.defaults(workload, run);
    return d.withPace(
            d.pace().withConcurrency(concurrency).withSpeed(speed).withSpreadReads(spreadReads))
        .withStatements(d.statements().withMaxRows(5_000_000));
  }

  /** A read limited to 2 rows, on both sides. */
  /** {@code count} reads of one row of items, dealt over {@code sessions} sessions. */
  private static Path itemReads(Path tmp, int sessions, int count) throws Exception {
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      statements.add("SELECT id, name FROM items WHERE id = " + (i % 3 + 1));
    }
    return Workloads.write(tmp.resolve("reads.jsonl"), "app", sessions, statements);
  }

  private static void twoRowsEachSide(Execution e) {
    assertThat(e.old().rows()).isEqualTo(2);
    assertThat(e.neu().rows()).isEqualTo(2);
  }

  private static List<Execution> executions(Path run) {
    List<Execution> out = new ArrayList<>();
    ExecutionLog.read(run, w -> {}).forEach(out::add);
    return out;
  }

  private static int variable(Target t, String sql) throws Exception {
    try (Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return Integer.parseInt(rs.getString(rs.getMetaData().getColumnCount()));
    }
  }
}
