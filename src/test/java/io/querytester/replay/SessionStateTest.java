package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SessionStateTest {

  @Test
  void laterSetsOfAVariableAreAddedSoAnEarlierValueHoldsWhereALaterFails() {
    SessionState s = new SessionState();
    s.apply("SET NAMES utf8mb4");
    s.apply("SET SESSION sql_mode = 'PIPES_AS_CONCAT'");
    s.apply("SET SESSION sql_mode = 'SIMULTANEOUS_ASSIGNMENT'"); // fails on MariaDB before 10.3
    s.apply("USE `my``db`");

    assertThat(s.setList())
        .containsExactly(
            "SET NAMES utf8mb4",
            "SET SESSION sql_mode = 'PIPES_AS_CONCAT'",
            "SET SESSION sql_mode = 'SIMULTANEOUS_ASSIGNMENT'");
    assertThat(s.schema()).isEqualTo("my`db");
  }

  @Test
  void theSameTextMovesToTheEndUnlessItReadsAVariable() {
    SessionState s = new SessionState();
    s.apply("SET sql_select_limit = 1");
    s.apply("SET sql_select_limit = 2");
    s.apply("set SQL_SELECT_LIMIT = 1 ");
    s.apply("SET sql_mode = CONCAT(@@sql_mode, ',ANSI')");
    s.apply("SET sql_mode = CONCAT(@@sql_mode, ',ANSI')");
    s.apply("SET a = 1, b = 2");
    s.apply("SET NAMES latin1");
    s.apply("SET a = 1, b = 2");

    assertThat(s.setList())
        .containsExactly(
            "SET sql_select_limit = 2",
            "set SQL_SELECT_LIMIT = 1",
            "SET sql_mode = CONCAT(@@sql_mode, ',ANSI')",
            "SET sql_mode = CONCAT(@@sql_mode, ',ANSI')",
            "SET NAMES latin1",
            "SET a = 1, b = 2");
    assertThat(s.overflowed()).isFalse();
  }

  @Test
  void aVariableKeepsItsLastValuesAndTheSetsAreBounded() {
    SessionState s = new SessionState();
    s.apply("SET NAMES utf8mb4");
    for (int i = 0; i < 1000; i++) {
      s.apply("SET @request = " + i); // a request id per statement: bounded, NAMES kept
    }
    List<String> sets = s.setList();
    assertThat(sets).hasSize(1 + SessionState.PER_VARIABLE).startsWith("SET NAMES utf8mb4");
    assertThat(sets.getLast()).isEqualTo("SET @request = 999");
    assertThat(s.overflowed()).isFalse();

    for (int i = 0; i < SessionState.MAX_SETS; i++) {
      s.apply("SET @v" + i + " = 1");
    }
    assertThat(s.setList()).hasSize(SessionState.MAX_SETS).doesNotContain("SET NAMES utf8mb4");
    assertThat(s.overflowed()).isTrue();
  }

  @Test
  void aStateBuiltElsewhereKeepsItsOrder() {
    List<String> sets = List.of("SET sql_select_limit = 2", "SET sql_select_limit = 'x'");
    SessionState s = new SessionState("app", sets);
    assertThat(s.setList()).isEqualTo(sets);
    assertThat(s.schema()).isEqualTo("app");
    assertThat(SessionState.usedSchema("SELECT 1")).isNull();
    assertThat(SessionState.usedSchema("use shop;")).isEqualTo("shop");
  }
}
