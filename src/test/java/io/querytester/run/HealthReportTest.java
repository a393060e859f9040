package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HealthReportTest {
  static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

  static LogClass log(LogClass.Phase phase, String key, long count) {
    return new LogClass(phase, key, "Warning", null, count, T, T.plusSeconds(count), key + "!");
  }

  static HealthSegment segment(
      String side, long statements, Map<String, Long> risen, List<LogClass> log) {
    return new HealthSegment(
        side,
        "embedded:x",
        "1.0",
        T,
        T.plusSeconds(60),
        5L,
        65L,
        statements,
        0,
        0,
        null,
        null,
        null,
        risen,
        "/tmp/error.log",
        log,
        List.of());
  }

  @Test
  void errorLogClassesSideBySideNewOnlyFirstStartupKeptApart() {
    HealthReport r =
        HealthReport.of(
            List.of(
                segment(
                    "NEW",
                    1000,
                    Map.of(),
                    List.of(
                        log(LogClass.Phase.STARTUP, "startup noise", 3),
                        log(LogClass.Phase.RUN, "both", 10),
                        log(LogClass.Phase.RUN, "new only", 2),
                        log(LogClass.Phase.RUN, "far more", 40))),
                segment(
                    "OLD",
                    1000,
                    Map.of(),
                    List.of(
                        log(LogClass.Phase.RUN, "both", 9),
                        log(LogClass.Phase.RUN, "far more", 4),
                        log(LogClass.Phase.RUN, "old only", 1)))));
    assertThat(r.targets()).extracting(TargetHealth::side).containsExactly("OLD", "NEW");
    assertThat(r.targets().get(1).startup())
        .extracting(LogClass::key)
        .containsExactly("startup noise");
    assertThat(r.errorLog())
        .extracting(LogClassRow::key, LogClassRow::change)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("new only", LogClassRow.Change.NEW_ONLY),
            org.assertj.core.groups.Tuple.tuple("far more", LogClassRow.Change.MORE_ON_NEW),
            org.assertj.core.groups.Tuple.tuple("old only", LogClassRow.Change.OLD_ONLY),
            org.assertj.core.groups.Tuple.tuple("both", LogClassRow.Change.BOTH));
    LogClassRow newOnly = r.errorLog().getFirst();
    assertThat(newOnly.old().count()).isZero();
    assertThat(newOnly.neu().count()).isEqualTo(2);
    assertThat(newOnly.neu().last()).isEqualTo(T.plusSeconds(2));
    assertThat(newOnly.example()).isEqualTo("new only!");
    assertThat(r.newLogClasses())
        .extracting(LogClassRow::key)
        .containsExactly("new only", "far more");
  }

  @Test
  void countersPerThousandStatementsAndClearRisesOnNewFirst() {
    HealthReport r =
        HealthReport.of(
            List.of(
                segment(
                    "OLD",
                    2000,
                    Map.of(
                        "Aborted_connects",
                        0L,
                        "Created_tmp_tables",
                        40L,
                        "Max_used_connections",
                        3L),
                    List.of()),
                segment(
                    "NEW",
                    1000,
                    Map.of(
                        "Aborted_connects", 5L,
                        "Created_tmp_tables", 21L,
                        "Max_used_connections", 9L,
                        "Slow_queries", 0L),
                    List.of())));
    assertThat(r.counters())
        .extracting(CounterDelta::name)
        .containsExactly("Aborted_connects", "Created_tmp_tables", "Max_used_connections");
    CounterDelta aborted = r.counters().getFirst();
    assertThat(aborted.worse()).isTrue();
    assertThat(aborted.oldPer1000()).isEqualTo(0.0);
    assertThat(aborted.newPer1000()).isEqualTo(5.0);
    CounterDelta tmp = r.counters().get(1);
    assertThat(tmp.oldPer1000()).isEqualTo(20.0);
    assertThat(tmp.newPer1000()).isEqualTo(21.0);
    assertThat(tmp.worse()).isFalse();
    CounterDelta gauge = r.counters().get(2);
    assertThat(gauge.newPer1000()).isNull();
    assertThat(gauge.worse()).isFalse();
  }

  @Test
  void resumedSegmentsAddUpAndCrashesAreNoted() {
    StatementRef s = new StatementRef(42, "C1", "SELECT boom()", T, T.plusSeconds(1), true);
    CrashEvent crash =
        new CrashEvent(
            "NEW",
            1,
            "connection lost",
            T,
            T.plusSeconds(2),
            T.plusSeconds(1),
            30L,
            List.of(s),
            2,
            List.of(),
            "restarting it (--restart-on-crash)",
            List.of());
    RestartEvent restart =
        new RestartEvent("NEW", 1, T.plusSeconds(3), true, 1.2, "restarted on port 1 in 1.2 s");
    HealthSegment first =
        new HealthSegment(
            "NEW",
            "s",
            "v",
            T,
            T.plusSeconds(5),
            5L,
            3L,
            100,
            1,
            1,
            null,
            null,
            null,
            Map.of("Aborted_clients", 2L),
            "f",
            List.of(log(LogClass.Phase.RUN, "x", 1)),
            List.of("n1"));
    HealthSegment second =
        new HealthSegment(
            "NEW",
            "s",
            "v",
            T.plusSeconds(9),
            T.plusSeconds(20),
            9L,
            20L,
            50,
            0,
            0,
            null,
            null,
            null,
            Map.of("Aborted_clients", 1L),
            "f",
            List.of(log(LogClass.Phase.RUN, "x", 2)),
            List.of("n1"));
    HealthReport r =
        HealthReport.of(
            List.of(first, crash, restart, second, segment("OLD", 150, Map.of(), List.of())));
    TargetHealth neu = r.targets().get(1);
    assertThat(neu.statements()).isEqualTo(150);
    assertThat(neu.crashes()).isEqualTo(1);
    assertThat(neu.uptimeStart()).isEqualTo(5L);
    assertThat(neu.uptimeEnd()).isEqualTo(20L);
    assertThat(neu.notes()).containsExactly("n1");
    assertThat(r.counters().getFirst().neu()).isEqualTo(3L);
    assertThat(r.errorLog().getFirst().neu().count()).isEqualTo(3);
    assertThat(r.crashes()).containsExactly(crash);
    assertThat(r.restarts()).containsExactly(restart);
    assertThat(r.notes()).as("crashes have their own section").isEmpty();
    assertThat(r.crashers()).isEmpty();
  }

  @Test
  void aToolThatDiedLeavesCrashesAndFirstSightings(@TempDir Path run) throws Exception {
    List<String> problems = new ArrayList<>();
    try (HealthLog log = new HealthLog(run)) {
      StatementRef s = new StatementRef(3, "C", "SELECT 1", T, null, false);
      for (int n = 1; n <= 2; n++) {
        log.write(
            new CrashEvent(
                "NEW",
                n,
                "uptime went back",
                T,
                T,
                null,
                9L,
                List.of(s),
                0,
                List.of(s),
                "x",
                n == 2 ? List.of("C") : List.of()),
            problems::add);
      }
      log.write(new LogSighting("NEW", log(LogClass.Phase.RUN, "boom", 1)), problems::add);
    }
    Files.writeString(
        run.resolve(HealthLog.FILE), "{not json\n", java.nio.file.StandardOpenOption.APPEND);
    List<String> warnings = new ArrayList<>();
    HealthReport r = HealthReport.read(run, warnings::add);
    assertThat(problems).isEmpty();
    assertThat(warnings).singleElement().asString().contains("health.jsonl:4");
    assertThat(r.watched()).isTrue();
    assertThat(r.crashes()).hasSize(2);
    assertThat(r.crashes().getFirst().inFlight())
        .extracting(StatementRef::sql)
        .containsExactly("SELECT 1");
    assertThat(r.crashers()).containsExactly("C");
    assertThat(r.targets())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.complete()).isFalse();
              assertThat(t.crashes()).isEqualTo(2);
            });
    assertThat(r.errorLog()).extracting(LogClassRow::key).containsExactly("boom");
    assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("left no summary for NEW"));
  }

  @Test
  void aRunWithoutHealthHasNone(@TempDir Path run) {
    assertThat(HealthReport.read(run, w -> {})).isEqualTo(HealthReport.NONE);
    assertThat(HealthReport.NONE.watched()).isFalse();
  }

  @Test
  void twoSingleTargetRunsJoinIntoOldAndNew(@TempDir Path tmp) throws Exception {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    try (HealthLog log = new HealthLog(a)) {
      log.write(
          segment("JDBC:MYSQL:-DB-OLD", 100, Map.of("Aborted_clients", 1L), List.of()), w -> {});
    }
    try (HealthLog log = new HealthLog(b)) {
      log.write(
          segment("JDBC:MYSQL:-DB-NEW", 100, Map.of("Aborted_clients", 9L), List.of()), w -> {});
    }
    Path joined = tmp.resolve("joined");
    HealthLog.join(a, b, joined, w -> {});
    HealthReport r = HealthReport.read(joined, w -> {});
    assertThat(r.targets()).extracting(TargetHealth::side).containsExactly("OLD", "NEW");
    assertThat(r.counters().getFirst().old()).isEqualTo(1L);
    assertThat(r.counters().getFirst().neu()).isEqualTo(9L);
    HealthLog.join(tmp.resolve("none"), tmp.resolve("none2"), tmp.resolve("j2"), w -> {});
    assertThat(tmp.resolve("j2").resolve(HealthLog.FILE)).doesNotExist();
  }
}
