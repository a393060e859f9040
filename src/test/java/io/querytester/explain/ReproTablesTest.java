package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReproTablesTest {
  @Test
  void stringsAreQuotedSoThatTheServerReadsThemBackByteForByte() {
    assertThat(ReproTables.quoteString("it's a \\ path\nnext\0\u001a"))
        .isEqualTo("'it''s a \\\\ path\\nnext\\0\\Z'");
    assertThat(ReproTables.quote("we`ird")).isEqualTo("`we``ird`");
  }
}
