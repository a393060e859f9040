package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.SqlProfile;
import org.junit.jupiter.api.Test;

class SkipReasonTest {
  private static String skip(String sql, boolean allowWrites) {
    return SkipRules.reason(SqlProfile.of(sql), allowWrites);
  }

  @Test
  void lockingReadsAndSequenceCallsRunWithAllowWritesAndSaySoWithout() {
    for (String sql :
        new String[] {
          "SELECT * FROM t WHERE id = 1 FOR UPDATE",
          "SELECT * FROM t FOR UPDATE NOWAIT",
          "SELECT * FROM t FOR UPDATE SKIP LOCKED",
          "SELECT * FROM t FOR UPDATE WAIT 5",
          "SELECT * FROM t LOCK IN SHARE MODE",
          "SELECT * FROM t FOR SHARE",
          "SELECT NEXTVAL(s)",
          "SELECT SETVAL(s, 10)",
          "SELECT NEXT VALUE FOR s"
        }) {
      assertThat(skip(sql, true)).as(sql).isNull();
      assertThat(skip(sql, false))
          .as(sql)
          .startsWith("unsafe read: ")
          .endsWith("(runs with --allow-writes)");
    }
  }

  @Test
  void otherUnsafeReadsStaySkippedEvenWithAllowWrites() {
    assertThat(skip("SELECT * FROM t INTO OUTFILE '/tmp/x'", true))
        .isEqualTo("unsafe read: INTO OUTFILE");
    assertThat(skip("SELECT GET_LOCK('a', 1)", true)).isEqualTo("unsafe read: GET_LOCK()");
    // A reason writes do not excuse wins over a locking one, whatever the order.
    assertThat(skip("SELECT NEXTVAL(s), SLEEP(1)", true)).isEqualTo("unsafe read: SLEEP()");
    assertThat(skip("SELECT * FROM t FOR UPDATE", false)).contains("FOR UPDATE");
    assertThat(skip("SELECT 1", false)).isNull();
  }
}
