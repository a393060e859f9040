package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.SqlToken.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTokenTest {
  @Test
  void tokensSkipCommentsAndKeepVersionCommentsAndQuotes() {
    List<SqlToken> t =
        SqlToken.of("SELECT /* x AS offset */ `a`, 'b' /*!50001 , @@tx_isolation */ FROM t.c");
    assertThat(t)
        .extracting(SqlToken::kind)
        .containsExactly(
            Kind.WORD,
            Kind.QUOTED_NAME,
            Kind.COMMA,
            Kind.STRING,
            Kind.COMMA,
            Kind.SYSTEM_VAR,
            Kind.WORD,
            Kind.WORD,
            Kind.DOT,
            Kind.WORD);
    assertThat(t).extracting(SqlToken::text).contains("`a`", "'b'", "@@tx_isolation");
    assertThat(t.getFirst().upper()).isEqualTo("SELECT");
  }

  @Test
  void oddInputGivesTokensNotErrors() {
    assertThat(SqlToken.of(null)).isEmpty();
    assertThat(SqlToken.of("SELECT 'unterminated")).hasSize(2);
  }
}
