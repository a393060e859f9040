package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.SqlToken;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementMatcherTest {
  private static final RuleBook BOOK = RuleBook.shipped();

  private static Rule rule(String id) {
    return BOOK.rules().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }

  private static Optional<String> match(String id, String sql) {
    return StatementMatcher.match(rule(id), sql, SqlToken.of(sql));
  }

  @Test
  void aReservedWordUsedAsANameMatches() {
    String offset = "mariadb-10.6-reserved-offset";
    assertThat(match(offset, "SELECT COUNT(*) AS total, 40 AS offset FROM products"))
        .contains("offset");
    assertThat(match(offset, "SELECT offset FROM t")).contains("offset");
    assertThat(match(offset, "UPDATE t SET Offset = 1")).contains("Offset");
  }

  @Test
  void aReservedWordUsedAsTheKeywordQuotedOrQualifiedDoesNot() {
    String offset = "mariadb-10.6-reserved-offset";
    assertThat(match(offset, "SELECT id FROM t LIMIT 10 OFFSET 20")).isEmpty();
    assertThat(match(offset, "SELECT id FROM t LIMIT ? OFFSET ?")).isEmpty();
    assertThat(match(offset, "SELECT `offset` FROM t")).isEmpty();
    assertThat(match(offset, "SELECT t.offset FROM t")).isEmpty();
    assertThat(match(offset, "SELECT 'offset' AS x -- offset")).isEmpty();
    assertThat(match("mariadb-10.7-reserved-row-number", "SELECT ROW_NUMBER() OVER () FROM t"))
        .isEmpty();
    assertThat(match("mariadb-10.7-reserved-row-number", "SELECT 1 AS row_number")).isPresent();
  }

  @Test
  void variablesAsSystemVariablesAndInSet() {
    String tx = "mariadb-11.1-deprecated-tx-isolation";
    assertThat(match(tx, "SET SESSION tx_isolation = 'READ-COMMITTED'"))
        .contains("SET tx_isolation");
    assertThat(match(tx, "SELECT @@tx_isolation")).contains("@@tx_isolation");
    assertThat(match(tx, "SELECT @@global.TX_ISOLATION")).contains("@@global.TX_ISOLATION");
    assertThat(match(tx, "SELECT @@transaction_isolation")).isEmpty();
    assertThat(match(tx, "SELECT tx_isolation FROM audit")).isEmpty();
  }

  @Test
  void charsetNamesAndTheirCollationsButNotUtf8mb4() {
    String utf8 = "mariadb-10.6-utf8-is-utf8mb3";
    assertThat(match(utf8, "SET NAMES utf8")).contains("utf8");
    assertThat(match(utf8, "SELECT CONVERT(x USING utf8) FROM t")).contains("utf8");
    assertThat(match(utf8, "SELECT * FROM t WHERE CHARSET(x) = 'utf8'")).contains("'utf8'");
    assertThat(match(utf8, "SELECT x COLLATE utf8_general_ci FROM t")).contains("utf8_general_ci");
    assertThat(match(utf8, "SET NAMES utf8mb4")).isEmpty();
    assertThat(match(utf8, "SELECT x COLLATE utf8mb4_general_ci FROM t")).isEmpty();
  }

  @Test
  void functionsOnlyWhenCalled() {
    String removed = "mysql-8.0-removed-functions";
    assertThat(match(removed, "SELECT PASSWORD('x')")).contains("PASSWORD()");
    assertThat(match(removed, "SELECT password FROM users")).isEmpty();
    assertThat(match(removed, "SELECT u.password (x) FROM users u")).isEmpty();
  }

  @Test
  void patternsSeeTheText() {
    String df = "mariadb-11.3-date-format-time-zone";
    assertThat(match(df, "SELECT DATE_FORMAT(ordered_at, '%Y-%m-%dT%H:%i:%s%z') FROM orders"))
        .isPresent();
    assertThat(match(df, "SELECT DATE_FORMAT(ordered_at, '%Y-%m') FROM orders")).isEmpty();
    String re = "mariadb-10.5-regexp-pcre2-case-classes";
    assertThat(match(re, "SELECT id FROM c WHERE email REGEXP '[[:upper:]]'")).isPresent();
    assertThat(match(re, "SELECT id FROM c WHERE email REGEXP '[A-Z]'")).isEmpty();
    String show = "mariadb-10.3-show-create-table-collation";
    assertThat(match(show, "SHOW CREATE TABLE orders")).isPresent();
    assertThat(match(show, "SHOW CREATE VIEW v")).isEmpty();
  }

  @Test
  void aHandWrittenRuleWithAKeywordContext() {
    Rule r =
        RuleBookTest.rule(
            RuleKind.RESERVED_WORD, List.of("rank"), List.of("DOT"), "https://x", "none");
    assertThat(StatementMatcher.match(r, "SELECT rank FROM t", SqlToken.of("SELECT rank FROM t")))
        .contains("rank");
  }
}
