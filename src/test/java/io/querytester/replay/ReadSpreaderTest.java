package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.ConnectionPortability;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadSpreaderTest {
  /** The replay's own rules for a read-only replay; one stored function, my_function. */
  private final ReadSpreader spreader =
      new ReadSpreader(
          (sql, p) -> SkipRules.reason(p, false),
          p -> p.calls().contains("my_function"),
          ReadSpreader.MAX_STATES);

  private SharedSession route(long session, String sql) {
    return route(session, "app", sql);
  }

  private SharedSession route(long session, String schema, String sql) {
    return spreader.route(QueryEvent.of(session, schema, sql), SqlProfile.of(sql), false);
  }

  private static SharedSession route(ReadSpreader spreader, long session, String sql) {
    return spreader.route(QueryEvent.of(session, "app", sql), SqlProfile.of(sql), false);
  }

  @Test
  void plainReadsOfSessionsInOneStateShareOneSession() {
    SharedSession a = route(1, "SELECT c FROM sbtest1 WHERE id = 5");
    SharedSession b = route(2, "SELECT c FROM sbtest2 WHERE id BETWEEN 1 AND 10 ORDER BY c");
    SharedSession c = route(1, "WITH x AS (SELECT 1) SELECT * FROM x");
    SharedSession d = route(2, "(SELECT c FROM t WHERE email = 'a@b.example') UNION (SELECT 1)");

    assertThat(a).isNotNull().isSameAs(b).isSameAs(c).isSameAs(d);
    assertThat(a.id()).isEqualTo(1);
    assertThat(a.state()).isEqualTo(new SharedSession.State("app", List.of()));
    assertThat(spreader.summary()).isEqualTo("--spread-reads: 4 reads ran on any lane");
  }

  @Test
  void aSessionsSetsAndSchemaTravelWithItsReads() {
    assertThat(route(1, "SET NAMES utf8mb4")).isNull(); // observed on the session's own connection
    assertThat(route(1, "SET SESSION sql_select_limit = 2")).isNull();
    SharedSession set = route(1, "SELECT id FROM t");
    SharedSession plain = route(2, "SELECT id FROM t");
    SharedSession other = route(3, "shop", "SELECT id FROM t");

    assertThat(set.state())
        .isEqualTo(
            new SharedSession.State(
                "app", List.of("SET NAMES utf8mb4", "SET SESSION sql_select_limit = 2")));
    assertThat(set.state().toSessionState().setList()).isEqualTo(set.state().sets());
    assertThat(plain).isNotEqualTo(set);
    assertThat(other.state().schema()).isEqualTo("shop");
    assertThat(List.of(set.id(), plain.id(), other.id())).doesNotHaveDuplicates();

    // events that do not say their schema: the session's USE says it
    assertThat(route(2, null, "USE shop")).isNull();
    assertThat(route(2, null, "SELECT id FROM t")).isSameAs(other);
    // a later SET of the same variable is added, not put in the earlier one's place: should it
    // fail on a side, the earlier value holds there, on the session's own connection and here
    route(1, "SET SESSION sql_select_limit = 'two'");
    assertThat(route(1, "SELECT id FROM t").state().sets())
        .containsExactly(
            "SET NAMES utf8mb4",
            "SET SESSION sql_select_limit = 2",
            "SET SESSION sql_select_limit = 'two'");
    // the same text again moves to the end
    route(1, "SET SESSION sql_select_limit = 2");
    assertThat(route(1, "SELECT id FROM t").state().sets())
        .containsExactly(
            "SET NAMES utf8mb4",
            "SET SESSION sql_select_limit = 'two'",
            "SET SESSION sql_select_limit = 2");
    // a user variable stays with its session, alone or with others: a view may read it through a
    // stored function, which no read names
    route(4, "SET @a = 1, @b = 'x'");
    assertThat(route(4, "SELECT id FROM t")).isNull();
    route(5, "SET @a = 1, sql_select_limit = 5");
    assertThat(route(5, "SELECT id FROM t")).isNull();
  }

  @Test
  void aTransactionALockOrAWriteKeepsTheSessionHomeFromThenOn() {
    assertThat(route(1, "SELECT 1 FROM t")).isNotNull();
    assertThat(route(1, "BEGIN")).isNull();
    assertThat(route(1, "SELECT 1 FROM t")).isNull();
    assertThat(route(1, "COMMIT")).isNull();
    assertThat(route(1, "SELECT 1 FROM t")).isNull();

    route(2, "SELECT id FROM t WHERE id = 1 FOR UPDATE");
    assertThat(route(2, "SELECT 1 FROM t")).isNull();
    route(3, "SET autocommit = 0");
    assertThat(route(3, "SELECT 1 FROM t")).isNull();
    route(4, "SELECT GET_LOCK('x', 1)");
    assertThat(route(4, "SELECT 1 FROM t")).isNull();
    route(5, "UPDATE t SET a = 1"); // skipped by a read-only replay, but the session wrote then
    assertThat(route(5, "SELECT 1 FROM t")).isNull();
    route(6, "PREPARE s FROM 'SELECT 1'");
    assertThat(route(6, "SELECT 1 FROM t")).isNull();

    route(8, "SET autocommit = 'OFF'");
    assertThat(route(8, "SELECT 1 FROM t")).isNull();
    route(9, "SET @@transaction_isolation = 'SERIALIZABLE'"); // the next transaction only
    assertThat(route(9, "SELECT 1 FROM t")).isNull();

    assertThat(route(7, "SET autocommit = 1")).isNull();
    assertThat(route(7, "SELECT 1 FROM t")).isNotNull();
    assertThat(spreader.summary())
        .isEqualTo(
            "--spread-reads: 2 reads ran on any lane; 8 sessions kept on their own connections"
                + " from a statement on (the first: session 1, BEGIN)");
  }

  @Test
  void aDiagnosticsStatementRightAfterASpreadReadIsNotRunAndItsSessionStaysHome() {
    assertThat(route(1, "SELECT id FROM t WHERE id = '7x'")).isNotNull();
    assertThat(skip(1, "SHOW WARNINGS")).isEqualTo(ReadSpreader.DIAGNOSTICS_AFTER_SPREAD);
    assertThat(route(1, "SHOW WARNINGS")).isNull();
    assertThat(route(1, "SELECT id FROM t WHERE id = '7x'")).isNull(); // home from then on
    assertThat(skip(1, "SHOW WARNINGS")).isNull(); // it follows a read on its own connection

    // after a statement on the session's own connection, or one that reports nothing
    assertThat(route(2, "SELECT id FROM t")).isNotNull();
    assertThat(skip(2, "SELECT id FROM t")).isNull();
    route(2, "SET NAMES utf8mb4");
    assertThat(skip(2, "SELECT FOUND_ROWS()")).isNull();
    assertThat(route(3, "SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1")).isNull();
    assertThat(skip(3, "SELECT FOUND_ROWS()")).isNull();
    assertThat(route(4, "SELECT id FROM t")).isNotNull();
    assertThat(skip(4, "SELECT @@warning_count")).isEqualTo(ReadSpreader.DIAGNOSTICS_AFTER_SPREAD);

    // a statement the replay skips in between leaves the spread read the one before
    assertThat(route(5, "SELECT id FROM t")).isNotNull();
    assertThat(skip(5, "UPDATE t SET a = 1")).isNull();
    assertThat(route(5, "UPDATE t SET a = 1")).isNull(); // not run: the session goes home
    assertThat(skip(5, "SELECT ROW_COUNT()")).isEqualTo(ReadSpreader.DIAGNOSTICS_AFTER_SPREAD);
    // and one that runs at home ends it
    assertThat(route(6, "SELECT id FROM t")).isNotNull();
    assertThat(route(6, "SELECT @x")).isNull(); // at home, once
    assertThat(skip(6, "SHOW WARNINGS")).isNull();
  }

  private String skip(long session, String sql) {
    return spreader.skipReason(QueryEvent.of(session, "app", sql), SqlProfile.of(sql), false);
  }

  @Test
  void theStatementThatKeptASessionHomeIsSaidWithoutItsLiterals() {
    route(1, "CREATE USER leak@'%' IDENTIFIED BY 's3cret-9'");
    route(2, "UPDATE customers SET email = 'jane@example.com' WHERE id = 42");
    assertThat(spreader.summary())
        .endsWith("(the first: session 1, CREATE USER leak@'%' IDENTIFIED BY ?)")
        .doesNotContain("s3cret-9");
  }

  @Test
  void aSessionStatementTheReplaySkipsKeepsTheSessionHome() {
    // the replay skips it, so the session's own connection never has it, nor may a shared one
    assertThat(route(1, "SET @x = SLEEP(2)")).isNull();
    assertThat(route(1, "SELECT 1 FROM t")).isNull();
    assertThat(spreader.summary()).contains("session 1, a session statement not replayed (");
  }

  @Test
  void aSessionThatChangesHowStatementsAreReadKeepsItsReadsHome() {
    // a shared connection reads as a new one does; the session's reading is followed at home
    assertThat(route(1, "SET sql_mode = 'NO_BACKSLASH_ESCAPES'")).isNull();
    assertThat(route(1, "SELECT 1 FROM t")).isNull();
    assertThat(route(2, "SET NAMES gbk")).isNull();
    assertThat(route(2, "SELECT 1 FROM t")).isNull();
    assertThat(route(3, "SET NAMES utf8mb4")).isNull();
    assertThat(route(3, "SELECT 1 FROM t")).isNotNull();
  }

  @Test
  void readsOfWhatAConnectionKeepsRunOnTheSessionsOwnAndTheSessionSpreadsOn() {
    for (String sql :
        List.of(
            "SELECT @total",
            "SELECT @@session.sql_mode",
            "SELECT CONNECTION_ID()",
            "SELECT FOUND_ROWS()",
            "SELECT SQL_CALC_FOUND_ROWS id FROM t LIMIT 1",
            "SELECT LAST_INSERT_ID()",
            "SELECT ROW_COUNT()",
            "SELECT * FROM information_schema.OPTIMIZER_TRACE",
            "SELECT * FROM performance_schema.session_status",
            "SELECT * FROM information_schema.USER_VARIABLES",
            "SELECT * FROM information_schema.PROFILING",
            "SELECT /*M!100000 @@version, */ 1 FROM t",
            "SELECT /*!50700 CONNECTION_ID() */ 1 FROM t",
            "SHOW WARNINGS",
            "SHOW TABLES")) {
      assertThat(ConnectionPortability.portable(sql, SqlProfile.of(sql))).as(sql).isFalse();
      assertThat(route(1, sql)).as(sql).isNull();
    }
    assertThat(route(1, "SELECT my_function(id) FROM t")).isNull();
    assertThat(route(1, "SELECT COUNT(*), SUM(k) FROM t")).isNotNull();
    for (String sql :
        List.of(
            "SELECT NOW(), c FROM t",
            "select c from t limit 3",
            "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN 5 AND 104")) {
      assertThat(ConnectionPortability.portable(sql, SqlProfile.of(sql))).as(sql).isTrue();
    }
    assertThat(route(1, "SELECT 1 FROM t")).isNotNull();
  }

  @Test
  void statesNoSessionIsInAreRetiredAndStaleOnesMakeRoom() {
    ReadSpreader two = new ReadSpreader((sql, p) -> null, p -> false, 2);
    // session 1 moves from one state to the next: each state it left is retired
    for (int i = 1; i <= 5; i++) {
      route(two, 1, "SET SESSION sql_select_limit = " + i);
      assertThat(route(two, 1, "SELECT 1 FROM t")).isNotNull();
    }
    route(two, 2, "SET SESSION sql_select_limit = 100");
    SharedSession busy = route(two, 2, "SELECT 1 FROM t");
    assertThat(busy).isNotNull(); // two states in use: 1's last and 2's

    route(two, 3, "SET SESSION sql_select_limit = 200");
    assertThat(route(two, 3, "SELECT 1 FROM t")).isNull(); // no room, none stale
    assertThat(two.summary())
        .contains("the first: session 3, more than 2 distinct session states at once");

    // session 1's state goes unused while session 2 reads on: then it makes room for session 4's
    for (long i = 0; i < ReadSpreader.STALE_AFTER; i++) {
      assertThat(route(two, 2, "SELECT 1 FROM t")).isSameAs(busy);
    }
    route(two, 4, "SET SESSION sql_select_limit = 300");
    SharedSession fourth = route(two, 4, "SELECT 1 FROM t");
    assertThat(fourth).isNotNull();
    assertThat(fourth.id()).isEqualTo(7);
    // session 1 comes back: its state was retired, and both places are in use
    assertThat(route(two, 1, "SELECT 1 FROM t")).isNull();

    assertThat(ReadSpreader.maxStates(4)).isEqualTo(2);
    assertThat(ReadSpreader.maxStates(1)).as("no room beside a lane's own sessions").isZero();
    assertThat(ReadSpreader.maxStates(10_000)).isEqualTo(ReadSpreader.MAX_STATES);
  }

  @Test
  void aSessionBackInAStateItWasInFindsItsSharedSessionAgain() {
    SharedSession first = route(1, "SELECT 1 FROM t");
    route(1, "SET NAMES utf8mb4");
    SharedSession names = route(1, "SELECT 1 FROM t");
    route(1, "SET NAMES utf8mb4"); // a pool's SET on every checkout: no change
    assertThat(route(1, "SELECT 1 FROM t")).isSameAs(names);
    route(2, "USE a");
    SharedSession a = route(2, null, "SELECT 1 FROM t");
    route(2, "USE b");
    route(2, null, "SELECT 1 FROM t");
    route(2, "USE a");
    assertThat(route(2, null, "SELECT 1 FROM t")).isSameAs(a);
    assertThat(List.of(first.id(), names.id(), a.id())).containsExactly(1L, 2L, 3L);
  }

  @Test
  void aSetThatReadsAUserVariableKeepsTheSessionHome() {
    // mysqldump's way: restoring what the session had before is no state to share
    route(1, "SET TIME_ZONE = '+00:00'");
    assertThat(route(1, "SELECT ts FROM t").state().sets())
        .containsExactly("SET TIME_ZONE = '+00:00'");
    route(1, "SET TIME_ZONE = @OLD_TIME_ZONE");
    assertThat(route(1, "SELECT ts FROM t")).isNull();
    assertThat(spreader.summary()).contains("the first: session 1, SET TIME_ZONE = @OLD_TIME_ZONE");
  }

  @Test
  void aSessionPastTheSetsKeptStaysHome() {
    for (int i = 0; i <= SessionState.MAX_SETS; i++) {
      route(1, "SET @@session.var" + i + " = 1");
    }
    assertThat(route(1, "SELECT 1 FROM t")).isNull();
    assertThat(spreader.summary()).contains("session 1, more than 200 SET statements");
  }

  @Test
  void onResumeWhatWasDoneIsFollowedNotSpreadNorCounted() {
    String set = "SET SESSION sql_select_limit = 2";
    assertThat(spreader.route(QueryEvent.of(1, "app", set), SqlProfile.of(set), true)).isNull();
    String read = "SELECT 1 FROM t";
    assertThat(spreader.route(QueryEvent.of(1, "app", read), SqlProfile.of(read), true)).isNull();
    SharedSession s = route(1, read);
    assertThat(s.state().sets()).containsExactly(set);
    assertThat(s.id()).isEqualTo(1);
    assertThat(spreader.summary()).isEqualTo("--spread-reads: 1 reads ran on any lane");
  }

  @Test
  void aSharedSessionsConnectionsNeverMeetACapturedSessions() {
    SharedSession s = route(-1, "SELECT 1 FROM t");
    QueryEvent captured = QueryEvent.of(-1, "app", "SELECT 1 FROM t");
    Job spread = new Job(1, captured, SqlProfile.of(captured.sql()), 0, false, s, null);
    Job home = new Job(2, captured, SqlProfile.of(captured.sql()), 0, false, null, null);
    Job other = new Job(3, QueryEvent.of(s.id(), "app", "SELECT 1"), null, 0, false, null, null);

    assertThat(spread.connectionKey())
        .isNotEqualTo(home.connectionKey())
        .isNotEqualTo(other.connectionKey());
  }
}
