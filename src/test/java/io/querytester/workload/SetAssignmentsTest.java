package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.SetAssignments.Assignment;
import io.querytester.workload.SetAssignments.Scope;
import java.util.List;
import org.junit.jupiter.api.Test;

class SetAssignmentsTest {

  private static List<String> described(String sql) {
    return SetAssignments.of(sql).assignments().stream()
        .map(
            a ->
                a.scope() + " " + a.name() + "=" + a.simpleValue() + (a.readsVariable() ? "*" : ""))
        .toList();
  }

  @Test
  void splitsAssignmentsWithTheirScopes() {
    assertThat(described("SET sql_mode = 'ANSI', @a := 1, GLOBAL x = 2, y = 3, SESSION z = ON"))
        .containsExactly(
            "SESSION sql_mode=ANSI",
            "USER @a=1",
            "GLOBAL x=2",
            "GLOBAL y=3", // a scope word holds for the assignments after it
            "SESSION z=ON");
    assertThat(
            described(
                "set @@autocommit=0, @@session.tx_isolation='READ-COMMITTED',"
                    + " @@GLOBAL.max_connections = 10, @@local.wait_timeout = 5;"))
        .containsExactly(
            "UNSCOPED autocommit=0",
            "SESSION tx_isolation=READ-COMMITTED",
            "GLOBAL max_connections=10",
            "SESSION wait_timeout=5");
  }

  @Test
  void namesAreJoinedAndUnquotedAsTheServerReadsThem() {
    assertThat(
            described(
                "SET `autocommit` = 0, @@session.`sql_mode` = '', @@`tx_isolation` = 'X',"
                    + " @@session . wait_timeout = 5, @@GLOBAL . `max_connections` = 9"))
        .containsExactly(
            "SESSION autocommit=0",
            "SESSION sql_mode=",
            "UNSCOPED tx_isolation=X",
            "SESSION wait_timeout=5",
            "GLOBAL max_connections=9");
  }

  @Test
  void aValueThatReadsAVariableOrIsAnExpression() {
    assertThat(described("SET sql_mode = CONCAT(@@sql_mode, ',X'), @n = (SELECT COUNT(*), 1)"))
        .containsExactly("SESSION sql_mode=null*", "USER @n=null");
    assertThat(described("SET /*!80000 @x = @y, */ a = DEFAULT"))
        .containsExactly("USER @x=null*", "SESSION a=DEFAULT");
    SetAssignments set = SetAssignments.of("SET @a = 1, @b = 'it''s'");
    assertThat(set.readsVariable()).isFalse();
    assertThat(set.assignments()).extracting(Assignment::scope).containsOnly(Scope.USER);
    assertThat(SetAssignments.of("SET @n = @n + 1").readsWhatItSets()).isTrue();
    assertThat(SetAssignments.of("SET @@session.x = @@x * 2").readsWhatItSets()).isTrue();
    assertThat(SetAssignments.of("SET @copy = @@sql_mode").readsWhatItSets()).isFalse();
    assertThat(SetAssignments.hasListComma("SET NAMES utf8mb4, autocommit = 0")).isTrue();
    assertThat(SetAssignments.hasListComma("SET NAMES utf8mb4 COLLATE utf8mb4_bin")).isFalse();
    assertThat(SetAssignments.hasListComma("SET NAMES 'a,b'")).isFalse();
  }

  @Test
  void otherSetStatementsAreNoList() {
    for (String sql :
        List.of(
            "SET NAMES utf8mb4",
            "SET CHARACTER SET latin1",
            "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
            "SET SESSION TRANSACTION READ ONLY",
            "SET STATEMENT max_statement_time = 1 FOR SELECT 1",
            "SET ROLE admin",
            "SET a =",
            "SET",
            "SELECT 1",
            "")) {
      assertThat(SetAssignments.of(sql)).as(sql).isNull();
    }
  }
}
