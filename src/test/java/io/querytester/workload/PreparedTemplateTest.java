package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PreparedTemplateTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
        "SELECT c FROM t WHERE id=?",
        "UPDATE t SET c = ? WHERE id = 1",
        "SELECT /*!50000 ? */ FROM t", // a version comment's text runs: its ? is a placeholder
        "INSERT INTO t VALUES ('it''s ?', ?)"
      })
  void aPlaceholderOutsideStringsAndCommentsMakesATemplate(String sql) {
    assertThat(PreparedTemplate.hasPlaceholder(sql)).isTrue();
    SqlProfile p = SqlProfile.of(sql);
    assertThat(p.kind()).isEqualTo(StatementKind.TEMPLATE);
    assertThat(p.safeRead()).isFalse();
    assertThat(QueryClass.of(sql).kind()).isEqualTo(StatementKind.TEMPLATE);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT c FROM t WHERE id = 5",
        "SELECT '?' FROM t",
        "SELECT \"a ? b\" FROM t",
        "SELECT `what?` FROM t",
        "SELECT 1 /* why? */",
        "SELECT 1 -- why?\n",
        "SELECT 1 # why?",
        "SELECT /*+ MAX_EXECUTION_TIME(?) */ 1",
        "PREPARE s FROM 'SELECT ? + 1'",
        "SELECT @`a?`"
      })
  void aQuestionMarkInAStringANameOrACommentIsNot(String sql) {
    assertThat(PreparedTemplate.hasPlaceholder(sql)).isFalse();
    assertThat(SqlProfile.of(sql).kind()).isNotEqualTo(StatementKind.TEMPLATE);
  }

  @Test
  void aTemplateIsInTheClassOfTheStatementsItRan() {
    assertThat(SqlProfile.of("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?").classId())
        .isEqualTo(SqlProfile.of("SELECT c FROM sbtest1 WHERE id BETWEEN 5 AND 99").classId());
  }

  @Test
  void workloadStatsCountsTemplatesApart() {
    WorkloadStats s = new WorkloadStats();
    s.add(QueryEvent.of(1, "db", "SELECT c FROM t WHERE id = ?"));
    s.add(QueryEvent.of(1, "db", "SELECT c FROM t WHERE id = ?"));
    s.add(QueryEvent.of(1, "db", "SELECT c FROM t WHERE id = 3"));
    assertThat(s.templates()).isEqualTo(2);
    assertThat(s.eventsByKind()).containsEntry(StatementKind.READ, 1L);
  }
}
