package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class WorkloadStatsTest {
  private static final Instant T0 = Instant.parse("2026-11-21T06:00:00Z");

  @Test
  void countsPerClassKeepingTheFirstExample() {
    WorkloadStats s = new WorkloadStats();
    s.add(event(T0.plusSeconds(5), 1L, "SELECT * FROM t WHERE id = 1"));
    s.add(event(T0, 2L, "select * from t where id = 2"));
    s.add(event(null, null, "UPDATE t SET a = 1"));
    s.add(event(T0.plusSeconds(1), 1L, "SELECT SLEEP(1)"));

    assertThat(s.events()).isEqualTo(4);
    assertThat(s.classCount()).isEqualTo(3);
    assertThat(s.sessions()).isEqualTo(2);
    assertThat(s.first()).isEqualTo(T0);
    assertThat(s.last()).isEqualTo(T0.plusSeconds(5));
    assertThat(s.eventsByKind())
        .containsEntry(StatementKind.READ, 3L)
        .containsEntry(StatementKind.WRITE, 1L);
    assertThat(s.classesByKind()).containsEntry(StatementKind.READ, 2L);
    WorkloadStats.ClassStats top = s.classes().get(0);
    assertThat(top.count()).isEqualTo(2);
    assertThat(top.example()).isEqualTo("SELECT * FROM t WHERE id = 1");
    assertThat(top.classId()).isEqualTo(SqlProfile.of("SELECT * FROM t WHERE id = 9").classId());
    assertThat(s.classes())
        .filteredOn(c -> c.unsafeReason() != null)
        .singleElement()
        .extracting(WorkloadStats.ClassStats::unsafeReason)
        .isEqualTo("SLEEP()");
  }

  @Test
  void manySessionsAreCountedExactly() {
    WorkloadStats s = new WorkloadStats();
    for (long i = 0; i < 100_000; i++) {
      s.add(event(null, i % 70_000 - 5, "SELECT 1"));
    }
    s.add(event(null, Long.MIN_VALUE, "SELECT 1"));
    s.add(event(null, Long.MIN_VALUE, "SELECT 1"));
    assertThat(s.sessions()).isEqualTo(70_001);
  }

  @Test
  void examplesAreFoldedAndCut() {
    assertThat(WorkloadStats.example("  SELECT\n\t1,\r\n  2  ")).isEqualTo("SELECT 1, 2");
    String cut = WorkloadStats.example("SELECT '" + "x".repeat(500) + "'");
    assertThat(cut).hasSize(WorkloadStats.EXAMPLE_CHARS).startsWith("SELECT 'xxx");
    // Never half a surrogate pair at the cut.
    String emoji = WorkloadStats.example("x".repeat(199) + "\uD83D\uDE00 more");
    assertThat(emoji).hasSize(199);
  }

  private static QueryEvent event(Instant ts, Long session, String sql) {
    return new QueryEvent(ts, session, null, null, null, sql, null, null, null, null, null, null);
  }
}
