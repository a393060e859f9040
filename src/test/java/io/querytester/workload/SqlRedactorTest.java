package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlRedactorTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT * FROM t WHERE email = 'a@b.c' AND id = 42 | SELECT * FROM t WHERE email = ? AND id = ?
          SELECT "x", 0x1F, 1.5e3, -7 FROM t               | SELECT ?, ?, ?, -? FROM t
          SELECT 'it''s', 'a\\'b' FROM t                    | SELECT ?, ? FROM t
          SELECT a /* user=bob */ FROM t -- pw=1\\n         | SELECT a FROM t
          SELECT `col'1` FROM t1 WHERE x IN (1, 2)         | SELECT `col'1` FROM t1 WHERE x IN (?, ?)
          SELECT 'unterminated                             | SELECT ?
          """)
  void literalsBecomeQuestionMarksAndTheShapeStays(String sql, String redacted) {
    assertThat(SqlRedactor.literals(sql.replace("\\n", "\n")).strip()).isEqualTo(redacted);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          CREATE USER 'bob'@'%' IDENTIFIED BY 'hunter2'                           | hunter2
          ALTER USER bob IDENTIFIED WITH caching_sha2_password BY 'hunter2'       | hunter2
          ALTER USER bob IDENTIFIED VIA ed25519 USING PASSWORD('hunter2')         | hunter2
          SET PASSWORD FOR 'bob'@'%' = PASSWORD('hunter2')                        | hunter2
          CHANGE MASTER TO MASTER_HOST='db1', MASTER_PASSWORD='hunter2'           | hunter2
          GRANT ALL ON *.* TO bob IDENTIFIED BY "hunter2"                         | hunter2
          """)
  void passwordsAreAlwaysMasked(String sql, String password) {
    String masked = SqlRedactor.passwords(sql);
    assertThat(masked).doesNotContain(password).contains(SqlRedactor.PASSWORD_MASK);
    assertThat(SqlRedactor.literals(sql)).doesNotContain(password);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SET PASSWORD FOR 'app'@'%'='*C6E9C26A24A13D4BFDE9EBE860F3B2A13F66886F' | SET PASSWORD FOR 'app'@'%'='****'
          SET PASSWORD FOR 'app' = PASSWORD('x')                                 | SET PASSWORD FOR 'app' = PASSWORD('****')
          SET PASSWORD FOR 'app' @ 'h' = 'x'                                     | SET PASSWORD FOR 'app' @ 'h' = '****'
          SET PASSWORD FOR 'app'@'h' = 'x'                                       | SET PASSWORD FOR 'app'@'h' = '****'
          CREATE USER 'a'@'h' IDENTIFIED BY 'x', 'b' @ 'h' IDENTIFIED BY 'y'     | CREATE USER 'a'@'h' IDENTIFIED BY '****', 'b' @ 'h' IDENTIFIED BY '****'
          CREATE USER 'a' IDENTIFIED BY 'x', 'b' IDENTIFIED BY 'y'               | CREATE USER 'a' IDENTIFIED BY '****', 'b' IDENTIFIED BY '****'
          """)
  void accountNamesNearAPasswordAreNotMasked(String sql, String masked) {
    // The binlog writes SET PASSWORD with the hash: the account must stay, or a replay (and every
    // report, which masks each secret wherever it appears) would be about another one.
    assertThat(SqlRedactor.passwords(sql)).isEqualTo(masked);
    assertThat(SqlRedactor.secrets(sql)).doesNotContain("app", "a", "b", "h");
  }

  @Test
  void statementsWithoutPasswordsAreLeftAsTheyAre() {
    String sql = "SELECT password_hash FROM users WHERE name = 'x' /* keep */";
    assertThat(SqlRedactor.passwords(sql)).isEqualTo(sql);
    assertThat(SqlRedactor.passwords(null)).isNull();
    assertThat(SqlRedactor.literals(null)).isNull();
  }

  /** The quick test that spares most statements the scan: the same answer as upper-casing them. */
  @Test
  void theQuickPasswordTestAnswersAsUpperCasingDoes() {
    String[] parts = {
      "pass",
      "PASS",
      "word",
      "WoRd",
      "Identi",
      "FIED",
      "ified",
      "x",
      " ",
      "'",
      "\u017f",
      "\u0131",
      "\u00e9",
      "P",
      "p",
      "d",
      "D",
      "IDENTIFIED",
      "password",
      "pa",
      "\u00df",
      "\u0131dentified",
      "\u0131DENTIFIED",
      "pa\u00dfword"
    };
    int yes = 0;
    for (String sql : PieceTexts.of(parts, 7, 50_000, 8)) {
      String upper = sql.toUpperCase(java.util.Locale.ROOT);
      boolean expected = upper.contains("PASSWORD") || upper.contains("IDENTIFIED");
      assertThat(SqlRedactor.mayHavePassword(sql)).as(sql).isEqualTo(expected);
      yes += expected ? 1 : 0;
    }
    assertThat(yes).isBetween(1_000, 49_000); // both answers were asked for
    assertThat(SqlRedactor.mayHavePassword("SET pa\u017f\u017fword = 'x'")).isTrue();
    // letters outside ASCII that upper-case into the words: only the fallback finds them
    assertThat(SqlRedactor.mayHavePassword("ALTER USER u \u0131dentified BY 'x'")).isTrue();
    assertThat(SqlRedactor.mayHavePassword("SET pa\u00dfword = 'x'")).isTrue();
    assertThat(SqlRedactor.mayHavePassword("select * from passwords_log")).isTrue();
    assertThat(SqlRedactor.mayHavePassword("SELECT pass, word FROM t")).isFalse();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT AES_ENCRYPT(x, 'k1') FROM t                            | SELECT AES_ENCRYPT(x, '****') FROM t
          SELECT aes_decrypt(x, CONCAT('k', '2')), 'kept' FROM t        | SELECT aes_decrypt(x, CONCAT('****', '****')), 'kept' FROM t
          SELECT ENCODE('plain', 'k3')                                  | SELECT ENCODE('plain', '****')
          SELECT ENCRYPT('plain', 'sa')                                 | SELECT ENCRYPT('plain', '****')
          CREATE TABLE f (i INT) ENGINE=FEDERATED CONNECTION='mysql://app:pw@db1/s/t' | CREATE TABLE f (i INT) ENGINE=FEDERATED CONNECTION='mysql://app:****@db1/s/t'
          CREATE TABLE f (i INT) CONNECTION = 'server1/t'               | CREATE TABLE f (i INT) CONNECTION = 'server1/t'
          """)
  void keysAndConnectionStringPasswordsAreMasked(String sql, String masked) {
    assertThat(SqlRedactor.passwords(sql)).isEqualTo(masked);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT authentication_string FROM mysql.user          | true
          SELECT HEX(`Password`) FROM `mysql`.`user`            | true
          SELECT * FROM mysql . user                            | true
          SELECT Priv FROM mysql.global_priv                    | true
          SELECT * FROM information_schema.USER_PRIVILEGES      | true
          SHOW GRANTS FOR root@localhost                        | true
          show create user app                                  | true
          SELECT PASSWORD('x')                                  | true
          SELECT id, email FROM shop.users                      | false
          SELECT user FROM orders                               | false
          SELECT 'mysql.user'                                   | false
          """)
  void statementsThatReadPasswordHashesAreKnown(String sql, boolean reads) {
    assertThat(SqlRedactor.readsSecrets(sql)).as(sql).isEqualTo(reads);
  }
}
