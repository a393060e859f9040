package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactionTest {
  @Test
  void messagesLoseQuotedValuesAndTheSqlTheyQuote() {
    Redaction r = Redaction.on();
    assertThat(r.message("ERROR 1062 (23000): Duplicate entry 'alice@example.com' for key 'email'"))
        .isEqualTo("ERROR 1062 (23000): Duplicate entry '?' for key '?'");
    assertThat(
            r.message(
                "ERROR 1064 (42000): You have an error in your SQL syntax; check the manual that"
                    + " corresponds to your MariaDB server version for the right syntax to use near"
                    + " 'offset FROM t WHERE email = 'alice@example.com' AND id = 4' at line 1"))
        .endsWith("near 'offset FROM t WHERE email = ? AND id = ?' at line 1")
        .doesNotContain("alice");
    assertThat(r.message(null)).isNull();
  }

  @Test
  void valuesBecomeKeyedHashesThatMatchWithinAReport() {
    Redaction r = Redaction.on();
    assertThat(r.value("secret")).startsWith("[redacted ").doesNotContain("secret");
    assertThat(r.value("secret")).isEqualTo(r.value("secret"));
    assertThat(r.value("secret")).isNotEqualTo(r.value("secret2"));
    assertThat(r.value(null)).isNull();
    // A new report, a new key: the hash cannot be looked up across reports.
    assertThat(Redaction.on().value("secret")).isNotEqualTo(r.value("secret"));
  }

  @Test
  void offKeepsValuesButMasksPasswords() {
    Redaction r = Redaction.off();
    assertThat(r.value("secret")).isEqualTo("secret");
    assertThat(r.message("cannot connect to jdbc:mysql://u:pw@h/db")).contains("u:****@h");
    assertThat(r.statement("CREATE USER u IDENTIFIED BY 'pw'")).doesNotContain("'pw'");
  }
}
