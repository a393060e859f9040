package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SessionStateTest {
  /** The state after these statements, each applied in turn as a lane does. */
  private static SessionState after(String... statements) {
    SessionState s = new SessionState();
    for (String sql : statements) {
      s.apply(sql);
    }
    return s;
  }

  @Test
  void laterSetsOfAVariableAreAddedSoAnEarlierValueHoldsWhereALaterFails() {
    SessionState s = after("SET NAMES utf8mb4", "SET SESSION sql_mode = 'PIPES_AS_CONCAT'");
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
    SessionState s =
        after(
            "SET sql_select_limit = 1",
            "SET sql_select_limit = 2",
            "SET sql_select_limit = 1",
            "SET a = 1, b = 2",
            "SET NAMES latin1",
            "SET a = 1, b = 2");
    assertThat(s.setList())
        .containsExactly(
            "SET sql_select_limit = 2",
            "SET sql_select_limit = 1",
            "SET NAMES latin1",
            "SET a = 1, b = 2");

    // what a SET read stays before it: here @saved_tz must read '+00:00' on a reopened connection
    SessionState tz =
        after(
            "SET time_zone = '+00:00'",
            "SET @saved_tz = @@time_zone",
            "SET time_zone = '+05:00'",
            "SET time_zone = '+00:00'");
    assertThat(tz.setList())
        .containsExactly(
            "SET time_zone = '+00:00'",
            "SET @saved_tz = @@time_zone",
            "SET time_zone = '+05:00'",
            "SET time_zone = '+00:00'");
    assertThat(s.overflowed()).isFalse();
  }

  @Test
  void aSetThatReadsWhatItSetsIsKeptEveryTimeAndOneThatReadsAnotherIsNot() {
    SessionState s = after("SET @n = @n + 1", "SET @n = @n + 1", "SET @m = 1", "SET @n = @n + 1");
    assertThat(s.setList())
        .containsExactly("SET @n = @n + 1", "SET @n = @n + 1", "SET @m = 1", "SET @n = @n + 1");

    SessionState copies = new SessionState();
    for (int i = 0; i < 1000; i++) {
      copies.apply("SET NAMES utf8mb4");
      copies.apply("SET @mode = @@sql_mode");
    }
    assertThat(copies.setList()).containsExactly("SET NAMES utf8mb4", "SET @mode = @@sql_mode");
    assertThat(copies.overflowed()).isFalse();

    SessionState doubling = new SessionState();
    for (int i = 0; i <= SessionState.MAX_SETS; i++) {
      doubling.apply("SET SESSION group_concat_max_len = @@group_concat_max_len * 2");
    }
    assertThat(doubling.setList()).hasSize(SessionState.MAX_SETS);
    assertThat(doubling.overflowed()).isTrue();
  }

  @Test
  void aVariableKeepsItsLastValuesAndTheSetsAreBounded() {
    SessionState s = after("SET NAMES utf8mb4");
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
    SessionState read = after("SET @request = 0", "SET @copy = @request");
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

  @Test
  void theSchemaOfAUseWithACommentOrAQuotedName() {
    assertThat(SessionState.usedSchema("USE shop /* note */")).isEqualTo("shop");
    assertThat(SessionState.usedSchema("USE shop-- note")).isEqualTo("shop");
    assertThat(SessionState.usedSchema("USE shop#note")).isEqualTo("shop");
    assertThat(SessionState.usedSchema("USE `my shop` /* note */")).isEqualTo("my shop");
    assertThat(SessionState.usedSchema("USE `a``b`;")).isEqualTo("a`b");
  }
}
