package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

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
    return spreader.route(QueryEvent.of(session, schema, sql), SqlProfile.of(sql));
  }

  @Test
  void plainReadsOfSessionsInOneStateShareOneSession() {
    SharedSession a = route(1, "SELECT c FROM sbtest1 WHERE id = 5");
    SharedSession b = route(2, "SELECT c FROM sbtest2 WHERE id BETWEEN 1 AND 10 ORDER BY c");
    SharedSession c = route(1, "WITH x AS (SELECT 1) SELECT * FROM x");
    SharedSession d = route(2, "(SELECT c FROM t WHERE email = 'a@b.example') UNION (SELECT 1)");

    assertThat(a).isNotNull().isSameAs(b).isSameAs(c).isSameAs(d);
    assertThat(a.id()).isNegative();
    assertThat(a.state()).isEqualTo(new SharedSession.State("app", List.of()));
    assertThat(spreader.summary()).isEqualTo("--spread-reads: 4 reads ran on any lane");
  }

  @Test
  void aSessionsSetsAndSchemaTravelWithItsReads() {
    assertThat(route(1, "SET NAMES utf8mb4")).isNull(); // observed on the session's own connection
    assertThat(route(1, "SET SESSION sql_select_limit = 2")).isNull();
    assertThat(route(1, "SET @request = 42")).isNull(); // no spread read can see it
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
    // a SET of the same variable replaces the earlier one, as on a reopened connection
    route(1, "SET SESSION sql_select_limit = 3");
    assertThat(route(1, "SELECT id FROM t").state().sets())
        .containsExactly("SET NAMES utf8mb4", "SET SESSION sql_select_limit = 3");
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

    assertThat(route(7, "SET autocommit = 1")).isNull();
    assertThat(route(7, "SELECT 1 FROM t")).isNotNull();
    assertThat(spreader.summary())
        .isEqualTo(
            "--spread-reads: 2 reads ran on any lane; 6 sessions kept on their own connections"
                + " from a statement on (the first: session 1, BEGIN)");
  }

  @Test
  void aSessionStatementTheReplaySkipsKeepsTheSessionHome() {
    // a quote mode this analyser cannot follow: the replay skips it, so the session's own
    // connection never has it, and a shared one must not either
    assertThat(route(1, "SET sql_mode = 'ANSI_QUOTES'")).isNull();
    assertThat(route(1, "SELECT 1 FROM t")).isNull();
    assertThat(spreader.summary()).contains("session 1, a session statement not replayed (");
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
            "SHOW WARNINGS",
            "SHOW TABLES")) {
      assertThat(ReadSpreader.portable(SqlProfile.of(sql))).as(sql).isFalse();
      assertThat(route(1, sql)).as(sql).isNull();
    }
    assertThat(route(1, "SELECT my_function(id) FROM t")).isNull();
    assertThat(route(1, "SELECT COUNT(*), SUM(k) FROM t")).isNotNull();
    for (String sql :
        List.of(
            "SELECT NOW(), c FROM t",
            "select c from t limit 3",
            "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN 5 AND 104")) {
      assertThat(ReadSpreader.portable(SqlProfile.of(sql))).as(sql).isTrue();
    }
    assertThat(route(1, "SELECT 1 FROM t")).isNotNull();
  }

  @Test
  void onlyUseAndPlainSetsAreStateASharedConnectionTakesOn() {
    for (String sql :
        List.of(
            "USE shop",
            "SET NAMES latin1",
            "set @a = 1",
            "SET sql_mode = ''",
            "SET autocommit=1",
            "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")) {
      assertThat(ReadSpreader.keepsOnlyState(sql, SqlProfile.of(sql))).as(sql).isTrue();
    }
    for (String sql :
        List.of(
            "SET autocommit = 0",
            "set AUTOCOMMIT=off",
            "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
            "SET TRANSACTION READ WRITE",
            "PREPARE s FROM 'SELECT 1'",
            "SET sql_mode = 'ANSI_QUOTES'")) {
      assertThat(ReadSpreader.keepsOnlyState(sql, SqlProfile.of(sql))).as(sql).isFalse();
    }
  }

  @Test
  void sessionsBeyondTheSharedStatesStayHome() {
    ReadSpreader few = new ReadSpreader((sql, p) -> null, p -> false, 2);
    for (int i = 0; i < 2; i++) {
      String set = "SET SESSION sql_select_limit = " + (i + 1);
      few.route(QueryEvent.of(i, "app", set), SqlProfile.of(set));
      assertThat(few.route(QueryEvent.of(i, "app", "SELECT 1"), SqlProfile.of("SELECT 1")))
          .isNotNull();
    }
    String third = "SET SESSION sql_select_limit = 3";
    few.route(QueryEvent.of(9, "app", third), SqlProfile.of(third));
    assertThat(few.route(QueryEvent.of(9, "app", "SELECT 1"), SqlProfile.of("SELECT 1"))).isNull();
    assertThat(few.route(QueryEvent.of(0, "app", "SELECT 1"), SqlProfile.of("SELECT 1")))
        .isNotNull(); // states already given keep theirs
    assertThat(few.summary()).contains("the first: session 9, more than 2 distinct session states");
    assertThat(ReadSpreader.maxStates(4)).isEqualTo(2);
    assertThat(ReadSpreader.maxStates(1)).isEqualTo(1);
    assertThat(ReadSpreader.maxStates(10_000)).isEqualTo(ReadSpreader.MAX_STATES);
  }
}
