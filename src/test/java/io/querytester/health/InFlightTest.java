package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class InFlightTest {
  @Test
  void statementsLostOrRunningWhenTheServerWentAreTheSuspects() throws Exception {
    InFlight f = new InFlight(4, 3);
    for (int i = 0; i < 5; i++) {
      f.start(0, i, "done", "SELECT " + i);
      f.end(0, false);
    }
    f.start(1, 10, "crasher", "SELECT crash()");
    f.start(2, 11, "victim", "SELECT victim()");
    Thread.sleep(2);
    f.end(1, true); // the first lost connection: the crash
    f.end(2, true);
    Thread.sleep(2);
    f.start(3, 12, "late", "SELECT after()"); // sent on a dead connection afterwards
    f.end(3, true);
    f.start(0, 13, "still", "SELECT running()"); // started after the crash, still running
    InFlight.Crash c = f.crash(System.nanoTime());
    assertThat(c.suspects()).extracting(r -> r.event).containsExactly(10L, 11L);
    assertThat(c.lostAfter()).isEqualTo(1);
    assertThat(c.recent()).extracting(r -> r.event).containsExactly(2L, 3L, 4L);
    assertThat(c.firstLost()).isPositive();
    assertThat(f.statements()).isEqualTo(8);
  }

  @Test
  void withoutLostConnectionsTheRunningStatementsAreTheSuspects() {
    InFlight f = new InFlight(2, 20);
    f.start(0, 1, "a", "SELECT SLEEP(10)");
    f.start(1, 2, "b", "SELECT 2");
    f.end(1, false);
    InFlight.Crash c = f.crash(System.nanoTime());
    assertThat(c.suspects()).extracting(r -> r.classId).containsExactly("a");
    assertThat(c.recent()).extracting(r -> r.classId).containsExactly("b");
    assertThat(c.firstLost()).isZero();
  }

  @Test
  void connectionsLostBeforeAHealthyCheckAreNotACrash() throws Exception {
    InFlight f = new InFlight(1, 5);
    f.start(0, 1, "killed", "SELECT 1");
    f.end(0, true);
    Thread.sleep(1);
    long check = System.nanoTime();
    f.start(0, 2, "later", "SELECT 2");
    Thread.sleep(1);
    f.end(0, true);
    f.clearLost(check);
    assertThat(f.crash(System.nanoTime()).suspects())
        .extracting(r -> r.classId)
        .containsExactly("later");
  }

  @Test
  void refsCarryWallClockTimesAndCutLongSql() {
    InFlight f = new InFlight(1, 1);
    f.start(0, 7, "c", "SELECT '" + "x".repeat(10_000) + "'");
    InFlight.Run r = f.crash(System.nanoTime() + 1_000_000_000L).suspects().getFirst();
    Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:10Z"), ZoneOffset.UTC);
    StatementRef ref = InFlight.ref(r, clock, r.start + 2_000_000_000L);
    assertThat(ref.started()).isEqualTo(Instant.parse("2026-01-01T00:00:08Z"));
    assertThat(ref.ended()).isNull();
    assertThat(ref.sql()).hasSize(InFlight.MAX_SQL);
  }

  @Test
  void aClassInFlightAtTwoCrashesIsACrasher() {
    Crashers c = new Crashers();
    StatementRef a = new StatementRef(1, "A", "SELECT a", null, null, true);
    StatementRef b = new StatementRef(2, "B", "SELECT b", null, null, true);
    c.count(crash(List.of(a, b, a)));
    assertThat(c.skipReason("A")).isNull();
    c.count(crash(List.of(a)));
    assertThat(c.skipReason("A")).isEqualTo(Crashers.REASON);
    assertThat(c.skipReason("B")).isNull();
    assertThat(c.skipReason(null)).isNull();
  }

  private static CrashEvent crash(List<StatementRef> inFlight) {
    return new CrashEvent("NEW", 1, "test", null, Instant.EPOCH, null, 5L, inFlight, 0, null, "x");
  }
}
