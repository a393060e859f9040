package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.StatementRef;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
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
  void aClassInFlightAtTwoCrashesWithoutCompletingInBetweenIsACrasher() {
    Crashers c = new Crashers();
    assertThat(c.count("NEW", Set.of("A", "B"), Set.of())).isEmpty();
    assertThat(c.counted("NEW")).containsExactlyInAnyOrder("A", "B");
    assertThat(c.skipReason("A")).isNull();
    // B ran to an end on NEW between the crashes: innocent so far; A never did.
    assertThat(c.count("NEW", Set.of("A", "B"), Set.of("B"))).containsExactly("A");
    assertThat(c.skipReason("A")).isEqualTo(Crashers.REASON);
    assertThat(c.skipReason("B")).isNull();
    assertThat(c.skipReason(null)).isNull();
    // Crashes of another side count apart.
    assertThat(c.count("OLD", Set.of("B"), Set.of())).isEmpty();
    assertThat(c.count("NEW", Set.of("B"), Set.of())).containsExactly("B");
  }

  @Test
  void completionsOfWatchedClassesAreNoted() {
    InFlight f = new InFlight(1, 5);
    f.start(0, 1, "A", "SELECT a");
    f.end(0, false);
    assertThat(f.takeCompleted()).isEmpty();
    f.watch(Set.of("A"));
    f.start(0, 2, "B", "SELECT b");
    f.end(0, false);
    f.start(0, 3, "A", "SELECT a");
    f.end(0, true);
    assertThat(f.takeCompleted()).as("a lost statement did not complete").isEmpty();
    f.start(0, 4, "A", "SELECT a");
    f.end(0, false);
    assertThat(f.takeCompleted()).containsExactly("A");
    assertThat(f.takeCompleted()).isEmpty();
  }
}
