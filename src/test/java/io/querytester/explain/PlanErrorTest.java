package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** What a plan comparison says when one side's read failed, now that both sides read at once. */
class PlanErrorTest {
  @Test
  void aServersErrorIsQuotedWithItsCodeAndState() {
    assertThat(Plans.error(new SQLException("You have an error in your SQL syntax", "42000", 1064)))
        .isEqualTo("ERROR 1064 (42000): You have an error in your SQL syntax");
  }

  @Test
  void aPlanThatCannotBeReadSaysWhy() {
    assertThat(Plans.error(new IllegalArgumentException("EXPLAIN gave no JSON")))
        .isEqualTo("EXPLAIN gave no JSON");
  }

  @Test
  void anInterruptedReadSaysSo() {
    assertThat(Plans.error(new InterruptedException("interrupted"))).isEqualTo("interrupted");
  }

  @Test
  void aBugIsNotTurnedIntoAPlansReason() {
    IllegalStateException bug = new IllegalStateException("bug");
    assertThatThrownBy(() -> Plans.error(bug)).isSameAs(bug);
    assertThatThrownBy(() -> Plans.error(new java.io.IOException("checked")))
        .isInstanceOf(IllegalStateException.class)
        .hasCauseInstanceOf(java.io.IOException.class);
  }
}
