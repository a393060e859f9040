package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Statements an attacker would write to get past a read-only replay, classified as each server
 * reads them. The versions around each server's decide whether an executable comment runs.
 */
class ReadOnlyAnalysisTest {
  static final ServerDialect MARIADB_10_2 = ServerDialect.of("10.2.11-MariaDB");
  static final ServerDialect MARIADB_11_4 = ServerDialect.of("11.4.5-MariaDB");
  static final ServerDialect MYSQL_8 = ServerDialect.of("8.0.36");

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        // statement                                        | 10.2.11 | 11.4.5  | MySQL 8.0.36
        "/*!99999 SELECT 1, */ SHUTDOWN                     | ADMIN   | ADMIN   | ADMIN",
        "/*!99999 SELECT 1, */ DROP DATABASE victim         | DDL     | DDL     | DDL",
        "/*!99999 SELECT */ DELETE FROM t                   | WRITE   | WRITE   | WRITE",
        "/*M!999999 SELECT 1, */ DELETE FROM t              | WRITE   | WRITE   | WRITE",
        "/*M!100211 SELECT 1, */ SHUTDOWN                   | READ    | READ    | ADMIN",
        "/*M!100212 SELECT 1, */ SHUTDOWN                   | ADMIN   | READ    | ADMIN",
        // MySQL releases differ on six digits: unsafe (see whatCannotBeProvedIsNoSafeRead)
        "/*!100211 SELECT 1, */ SHUTDOWN                    | READ    | READ    | READ",
        "/*!110406 SELECT 1, */ SHUTDOWN                    | ADMIN   | ADMIN   | READ",
        "/*!110405 SELECT 1, */ SHUTDOWN                    | ADMIN   | READ    | READ",
        "/*!80036 SELECT 1, */ SHUTDOWN                     | ADMIN   | ADMIN   | READ",
        "/*!50700 SELECT 1, */ SHUTDOWN                     | ADMIN   | ADMIN   | READ",
        "/*!50699 SELECT 1, */ SHUTDOWN                     | READ    | READ    | READ",
        "/*!99999 /* nested */ SELECT 1, */ SHUTDOWN        | ADMIN   | ADMIN   | ADMIN",
        "/*! SHUTDOWN */                                    | ADMIN   | ADMIN   | ADMIN",
        "/*M! SHUTDOWN */ SELECT 1                          | ADMIN   | ADMIN   | READ",
        "/*m!999999 SELECT 1, */ SHUTDOWN                   | ADMIN   | ADMIN   | ADMIN",
        "/*+ SELECT 1, */ SHUTDOWN                          | ADMIN   | ADMIN   | ADMIN",
        "/*!40101 SET NAMES utf8 */                         | SESSION | SESSION | SESSION",
        "/*!40001 SQL_NO_CACHE */ SELECT 1                  | READ    | READ    | READ",
        "\tsElEcT/*!99999*/1                                | READ    | READ    | READ",
      })
  void executableCommentsAreReadAsEachServerReadsThem(
      String sql, StatementKind old, StatementKind neu, StatementKind mysql) {
    assertThat(SqlProfile.of(sql, MARIADB_10_2).kind()).as("10.2.11").isEqualTo(old);
    assertThat(SqlProfile.of(sql, MARIADB_11_4).kind()).as("11.4.5").isEqualTo(neu);
    assertThat(SqlProfile.of(sql, MYSQL_8).kind()).as("8.0.36").isEqualTo(mysql);
  }

  @Test
  void withoutAServerAStatementThatDependsOnTheVersionIsNoSafeRead() {
    SqlProfile p = SqlProfile.of("/*!99999 SELECT 1, */ SHUTDOWN");
    assertThat(p.safeRead()).isFalse();
    assertThat(p.unsafeReason()).isEqualTo(SqlAnalyzer.DEPENDS_ON_VERSION);
    assertThat(SqlProfile.of("/*!40001 SQL_NO_CACHE */ SELECT 1").safeRead()).isTrue();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "/*!99999 SELECT 1, SHUTDOWN                | an unterminated comment",
        "/*! SELECT 1 FROM t                        | an unterminated executable comment",
        "/*! SELECT /*!99999 1, */ 2 */             | an executable comment inside another",
        "/*!999999 SELECT 1, */ SHUTDOWN            | ''",
      })
  void whatCannotBeProvedIsNoSafeRead(String sql, String why) {
    SqlProfile p = SqlProfile.of(sql, MARIADB_11_4);
    if (why.isEmpty()) {
      assertThat(SqlProfile.of(sql, MYSQL_8).unsafeReason()).contains("six-digit");
    } else {
      assertThat(p.safeRead()).isFalse();
      if (p.kind() == StatementKind.READ) {
        assertThat(p.unsafeReason()).contains(why);
      }
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "SET @x = GET_LOCK('z', 1)                        | GET_LOCK()",
        "SET @x = SLEEP(2)                                | SLEEP()",
        "DO SLEEP(2)                                      | SLEEP()",
        "SET @a = 1, @b = BENCHMARK(1000000, MD5('x'))    | BENCHMARK()",
        "SET @f = LOAD_FILE('/etc/passwd')                | LOAD_FILE()",
        "SET SESSION TRANSACTION READ WRITE               | access mode",
        "SET TRANSACTION ISOLATION LEVEL READ COMMITTED, READ WRITE | access mode",
        "SET @@session.tx_read_only = 0                   | access mode",
        "SET SESSION transaction_read_only = OFF          | access mode",
        "SET STATEMENT tx_read_only = 0 FOR SELECT 1      | access mode",
        "SET SESSION session_track_system_variables = '' | session_track",
        "SET STATEMENT session_track_transaction_info = OFF FOR SELECT 1 | session_track",
        "SET @@session_track_system_variables = ''        | session_track",
        "EXECUTE IMMEDIATE 'SET NAMES gbk'                | EXECUTE IMMEDIATE",
        "SET STATEMENT max_statement_time = 1 FOR PREPARE s FROM 'DELETE FROM t' | prepares a write",
        "SET STATEMENT sql_mode = 'NO_BACKSLASH_ESCAPES' FOR PREPARE s FROM 'SELECT 1' | not one",
        "SELECT 1; DROP DATABASE victim                   | more than one statement",
        "PREPARE s FROM 'DELETE FROM t'                   | prepares a write",
        "PREPARE s FROM 'SEL' 'ECT 1'                     | not one string literal",
        "PREPARE s FROM @q                                | not one string literal",
        "PREPARE s FROM 'SELECT GET_LOCK(''x'', 1)'       | GET_LOCK()",
        "PREPARE s FROM '/*!99999 SELECT 1, */ SHUTDOWN'  | prepares a",
      })
  void unsafeInEveryKind(String sql, String why) {
    SqlProfile p = SqlProfile.of(sql, MARIADB_11_4);
    assertThat(p.safeRead()).isFalse();
    assertThat(p.unsafeReason()).as(sql).contains(why);
    assertThat(SqlProfile.of(sql).unsafeReason()).as(sql).contains(why);
  }

  @Test
  void harmlessSessionStatementsStaySafe() {
    for (String sql :
        new String[] {
          "SET @x = 1",
          "SET NAMES utf8mb4",
          "SET SESSION TRANSACTION READ ONLY",
          "SET sql_mode = 'STRICT_TRANS_TABLES'",
          "PREPARE s FROM 'SELECT * FROM t WHERE id = ?'",
          "SET time_zone = '+00:00'; "
        }) {
      assertThat(SqlProfile.of(sql, MARIADB_11_4).unsafeReason()).as(sql).isNull();
    }
  }

  @Test
  void executeImmediateIsTheStatementItRuns() {
    assertThat(SqlProfile.of("EXECUTE IMMEDIATE 'SHUTDOWN'", MARIADB_11_4).kind())
        .isEqualTo(StatementKind.ADMIN);
    assertThat(SqlProfile.of("EXECUTE IMMEDIATE 'SELECT 1'").safeRead()).isTrue();
    assertThat(SqlProfile.of("EXECUTE IMMEDIATE CONCAT('SHUT', 'DOWN')").safeRead()).isFalse();
    assertThat(SqlProfile.of("EXECUTE s USING @a").kind()).isEqualTo(StatementKind.READ);
  }

  @Test
  void namesCalledLikeFunctionsAreStoredFunctionCandidates() {
    assertThat(SqlProfile.of("SELECT f(), shop.G(1), `h i`(2), NOW(), COUNT(*) FROM t").calls())
        .contains("f", "g", "h i", "count")
        .doesNotContain("now");
    assertThat(SqlProfile.of("SET @@session.sql_select_limit = f()").calls()).contains("f");
    assertThat(SqlProfile.of("DO f()").calls()).contains("f");
    assertThat(SqlProfile.of("PREPARE s FROM 'SELECT f()'").calls()).contains("f");
  }

  @Test
  void secretsAreFoundAsWrittenAndAsTheServerReadsThem() {
    assertThat(SqlRedactor.secrets("CREATE USER u IDENTIFIED BY 'p\\'w'"))
        .containsExactly("p\\'w", "p'w");
    assertThat(SqlRedactor.secrets("SET PASSWORD FOR u = PASSWORD('s3cret')"))
        .containsExactly("s3cret");
    assertThat(SqlRedactor.secrets("CHANGE MASTER TO MASTER_HOST='h', MASTER_PASSWORD='pw'"))
        .containsExactly("pw");
    assertThat(SqlRedactor.secrets("SELECT 'IDENTIFIED BY'")).isEmpty();
    assertThat(SqlRedactor.mask("near 'IDENTIFIED BY 's3cret'' at line 1", List.of("s3cret")))
        .isEqualTo("near 'IDENTIFIED BY '****'' at line 1");
  }

  /** The one-pass search finds exactly what searching for both openings did. */
  @Test
  void anExecutableCommentIsFoundWhereverItOpens() {
    String[] parts = {"/", "*", "!", "M", "M!", "/*", "*/", "x", " ", "'", "/*!", "/*M!"};
    int found = 0;
    for (String text : PieceTexts.of(parts, 11, 50_000, 7)) {
      boolean expected = text.contains("/*!") || text.contains("/*M!");
      assertThat(SqlAnalyzer.hasExecutableComment(text)).as(text).isEqualTo(expected);
      found += expected ? 1 : 0;
    }
    assertThat(found).isBetween(1_000, 49_000);
  }
}
