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
  void theSameTextMovesToTheEndUnlessASetThatReadsAVariableFollowsIt() {
    SessionState s = new SessionState();
    s.apply("SET sql_select_limit = 1");
    s.apply("SET sql_select_limit = 2");
    s.apply("SET sql_select_limit = 1");
    s.apply("SET a = 1, b = 2");
    s.apply("SET NAMES latin1");
    s.apply("SET a = 1, b = 2");
    assertThat(s.setList())
        .containsExactly(
            "SET sql_select_limit = 2",
            "SET sql_select_limit = 1",
            "SET NAMES latin1",
            "SET a = 1, b = 2");

    // what a SET read stays before it: here @saved_tz must read '+00:00' on a reopened connection
    SessionState tz = new SessionState();
    tz.apply("SET time_zone = '+00:00'");
    tz.apply("SET @saved_tz = @@time_zone");
    tz.apply("SET time_zone = '+05:00'");
    tz.apply("SET time_zone = '+00:00'");
    assertThat(tz.setList())
        .containsExactly(
            "SET time_zone = '+00:00'",
            "SET @saved_tz = @@time_zone",
            "SET time_zone = '+05:00'",
            "SET time_zone = '+00:00'");
    assertThat(s.overflowed()).isFalse();
  }

  @Test
  void aSetThatReadsAVariableBeforeEveryRequestStaysBounded() {
    SessionState s = new SessionState();
    for (int i = 0; i < 1000; i++) {
      s.apply("SET NAMES utf8mb4");
      s.apply("SET SESSION sql_mode = (SELECT REPLACE(@@sql_mode, 'ONLY_FULL_GROUP_BY', ''))");
    }
    assertThat(s.setList()).hasSize(2);
    assertThat(s.overflowed()).isFalse();
    // the same reading SET twice in a row runs once
    SessionState twice = new SessionState();
    twice.apply("SET sql_mode = CONCAT(@@sql_mode, ',ANSI')");
    twice.apply("SET sql_mode = CONCAT(@@sql_mode, ',ANSI')");
    assertThat(twice.setList()).hasSize(1);
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
    // a value that reads a variable before an older one of @request: that one is kept
    SessionState read = new SessionState();
    read.apply("SET @request = 0");
    read.apply("SET @copy = @request");
    for (int i = 1; i <= 20; i++) {
      read.apply("SET @request = " + i);
    }
    assertThat(read.setList())
        .hasSize(1 + SessionState.PER_VARIABLE) // @request = 0 counts among its 8
        .endsWith("SET @request = 20")
        .startsWith("SET @request = 0", "SET @copy = @request");
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
