package io.querytester.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CaptureOrderTest {
  private final CaptureOrder order = new CaptureOrder(SchemaFacts.NONE, "REPEATABLE-READ");
  private final List<Step> steps = new ArrayList<>();

  /** Admits an event (lines count from 1) and says which earlier lines it waits for. */
  private List<Long> admit(long session, String sql) {
    Step s = order.admit(steps.size() + 1, session, "db", sql, Set.of(), null);
    steps.add(s);
    return s.pending().stream().map(Ticket::line).toList();
  }

  private void done(int line) {
    steps.get(line - 1).ticket().complete();
  }

  @Test
  void aSnapshotWaitsForEarlierCommitsAndLaterCommitsWaitForIt() {
    admit(1, "BEGIN");
    admit(1, "UPDATE t SET v = 1 WHERE id = 1");
    assertThat(admit(1, "COMMIT")).isEmpty();
    admit(2, "BEGIN");
    assertThat(admit(2, "SELECT v FROM t WHERE id = 1")).containsExactly(3L);
    assertThat(admit(2, "SELECT v FROM u")).as("the transaction's snapshot is taken").isEmpty();
    admit(1, "BEGIN");
    admit(1, "UPDATE u SET v = 2");
    assertThat(admit(1, "COMMIT")).containsExactly(5L);
  }

  @Test
  void onlyWhatIsNotDoneIsWaitedFor() {
    admit(1, "UPDATE t SET v = 1 WHERE id = 1");
    done(1);
    assertThat(admit(2, "SELECT v FROM t WHERE id = 1")).isEmpty();
  }

  @Test
  void writesOfOtherTablesAndOtherRowsRunAtOnce() {
    admit(1, "BEGIN");
    admit(1, "UPDATE t SET v = 1 WHERE id = 1");
    admit(1, "COMMIT");
    assertThat(admit(2, "UPDATE u SET v = 1 WHERE id = 1")).isEmpty();
    assertThat(admit(3, "SELECT v FROM t WHERE id = 1")).containsExactly(3L);
    assertThat(admit(4, "SELECT v FROM t WHERE id = 2 AND 1 = 1"))
        .as("rows are told apart only where the server says the key is id: here it said nothing")
        .containsExactly(3L);
  }

  @Test
  void aLockTheLogShowsHeldByAnOpenTransactionWaitsForItsEnd() {
    CaptureOrder keyed = new CaptureOrder(SchemaFacts.withKey("db.t", "id"), "REPEATABLE-READ");
    Step begin = keyed.admit(1, 1, "db", "BEGIN", Set.of(), null);
    Step update = keyed.admit(2, 1, "db", "UPDATE t SET v = 1 WHERE id = 7", Set.of(), null);
    Step other = keyed.admit(3, 2, "db", "UPDATE t SET v = 2 WHERE id = 8", Set.of(), null);
    Step blocked = keyed.admit(4, 2, "db", "UPDATE t SET v = 3 WHERE id = 7", Set.of(), null);
    assertThat(other.pending()).isEmpty();
    assertThat(blocked.pending())
        .singleElement()
        .satisfies(t -> assertThat(t.line()).isEqualTo(-1));
    Step commit = keyed.admit(5, 1, "db", "COMMIT", Set.of(), null);
    assertThat(blocked.pending()).containsExactly(commit.ticket());
    assertThat(commit.ticket().line()).isEqualTo(5);
    begin.ticket().complete();
    update.ticket().complete();
    commit.ticket().complete();
    assertThat(blocked.pending()).isEmpty();
  }

  @Test
  void aBarrierWaitsForEverySessionAndEverySessionForIt() {
    admit(1, "SELECT v FROM t");
    admit(2, "UPDATE u SET v = 1");
    assertThat(admit(3, "ALTER TABLE t ADD c INT")).containsExactlyInAnyOrder(1L, 2L);
    assertThat(admit(1, "SELECT 1 FROM w")).containsExactly(3L);
  }

  @Test
  void insertsIntoOneTableKeepTheirOrderEvenInsideTransactions() {
    admit(1, "BEGIN");
    admit(1, "INSERT INTO q (who) VALUES ('a')");
    assertThat(admit(2, "INSERT INTO q (who) VALUES ('b')")).containsExactly(2L);
  }

  @Test
  void readCommittedReadsTakeTheirOwnSnapshotOfWhatTheyRead() {
    admit(2, "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
    admit(2, "BEGIN");
    admit(1, "UPDATE t SET v = 1");
    assertThat(admit(2, "SELECT v FROM u")).isEmpty();
    assertThat(admit(2, "SELECT v FROM t")).containsExactly(3L);
  }
}
