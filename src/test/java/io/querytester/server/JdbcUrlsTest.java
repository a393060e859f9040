package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JdbcUrlsTest {
  @Test
  void parameterNamesAreTheUrlsOwnLessTheAccount() {
    assertThat(
            JdbcUrls.parameterNames(
                "jdbc:mysql://h:3306/db?user=qt&password=x&sslMode=REQUIRED&useServerPrepStmts"))
        .containsExactly("sslmode", "useserverprepstmts");
    assertThat(JdbcUrls.parameterNames("jdbc:mysql://h:3306/db")).isEmpty();
  }

  @Test
  void passwordsAreMasked() {
    assertThat(JdbcUrls.mask("jdbc:mysql://u:secret@h/db?password=s2&x=1"))
        .isEqualTo("jdbc:mysql://u:****@h/db?password=****&x=1");
  }
}
