package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DigestKeyTest {
  /** Digest texts as MariaDB 11.4.5 wrote them, and statements of their class. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "SELECT `k` FROM `t` WHERE ID = ? | SELECT k FROM t WHERE id = 3",
        "INSERT INTO `app` . `t` VALUES (...) /* , ... */ | INSERT INTO app.t VALUES (1,1),(2,2),(3,3)",
        "SET `character_set_results` = ? | SET character_set_results = NULL",
        "SELECT DISTINCTROW `c` FROM `sbtest1` WHERE ID BETWEEN ? AND ? ORDER BY `c`"
            + " | SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN 5 AND 99 ORDER BY c",
        "SELECT `SLEEP` (?) + `k` FROM `sbtest1` WHERE ID = ? | SELECT SLEEP(0.05) + k FROM sbtest1 WHERE id = 7",
        "SELECT SUM ( `k` ) FROM `sbtest1` WHERE ID BETWEEN ? AND ? | SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
        "CREATE SCHEMA `app` | CREATE DATABASE app",
        "SELECT ID , SYSTEM_USER FROM `information_schema` . `PROCESSLIST` WHERE ID != ? AND `COMMAND` IN (...)"
            + " | SELECT ID, USER FROM information_schema.PROCESSLIST WHERE ID <> 12 AND COMMAND IN ('Query', 'Execute')",
        "SELECT @@SESSION . `auto_increment_increment` | SELECT @@session.auto_increment_increment",
        "SELECT `c` FROM `t` WHERE `v` IN (...) | SELECT c FROM t WHERE v IN ('a', 'b', \"c\", 4.5e3);"
      })
  void aStatementHasTheKeyOfItsServerDigestText(String digestText, String statement) {
    assertThat(DigestKey.of(statement.strip())).isEqualTo(DigestKey.of(digestText.strip()));
  }

  @Test
  void differentClassesHaveDifferentKeys() {
    assertThat(DigestKey.of("SELECT c FROM t WHERE id = 1"))
        .isNotEqualTo(DigestKey.of("SELECT c FROM t WHERE k = 1"))
        .isNotEqualTo(DigestKey.of("SELECT c FROM t WHERE id < 1"))
        .isNotEqualTo(DigestKey.of("SELECT c FROM t2 WHERE id = 1"));
    assertThat(DigestKey.of("SELECT a FROM t WHERE x IN (1, 2)"))
        .isNotEqualTo(DigestKey.of("SELECT a FROM t WHERE x IN (1, b)"));
  }

  @Test
  void oddInputGivesAKeyWithoutThrowing() {
    assertThat(DigestKey.of(null)).isEmpty();
    assertThat(DigestKey.of("SELECT 'unterminated")).isEqualTo("select ?");
    assertThat(DigestKey.of("((((")).isNotNull();
  }
}
