package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.SessionPrelude;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a repro bundle's run.sh --fix replays. */
class ReproFixTest {
  private static final Cause.Attribution EXPLAINED =
      new Cause.Attribution(
          "latency degraded",
          List.of("LATENCY"),
          Cause.SETTINGS,
          List.of(new Setting("optimizer_switch", "index_merge", "on", "off", "NEW")),
          List.of(),
          true,
          true,
          "confirmed",
          "SET SESSION optimizer_switch = 'index_merge=on'",
          "SET GLOBAL optimizer_switch = 'index_merge=on'",
          List.of("optimizer_switch = 'index_merge=on'"),
          4,
          null);

  private static QueryEvent event(String sql) {
    return new QueryEvent(
        Instant.EPOCH, 7L, "app", "h", "shop", sql, null, null, null, null, null, null);
  }

  private static Cause.Fix fix(String kind, String statement) {
    return new Cause.Fix(kind, kind, statement, true, 100, 90, 0.9, null, "SAME", true, null);
  }

  @Test
  void theBestFixGoesFirstInTheSessionOrRewritesTheStatement() {
    SessionPrelude p =
        new SessionPrelude(
            3, event("SELECT * FROM t WHERE a = 1"), List.of(event("SET NAMES utf8mb4")));
    ReproFix set =
        ReproFix.of(
            new Cause(
                "C",
                List.of(3L),
                Cause.SETTINGS,
                "s",
                List.of(EXPLAINED),
                new Cause.Fixes(fix("optimizer_switch", "SET SESSION x = 1"), List.of(), List.of()),
                List.of()));
    assertThat(set.apply(p))
        .extracting(QueryEvent::sql)
        .containsExactly("SET SESSION x = 1", "SET NAMES utf8mb4", "SELECT * FROM t WHERE a = 1");
    ReproFix hint =
        ReproFix.of(
            new Cause(
                "C",
                List.of(3L),
                Cause.NO_SETTING,
                "s",
                List.of(),
                new Cause.Fixes(
                    fix("hint", "SELECT * FROM t FORCE INDEX (`ka`) WHERE a = 1"),
                    List.of(),
                    List.of()),
                List.of()));
    assertThat(hint.apply(p))
        .extracting(QueryEvent::sql)
        .containsExactly("SET NAMES utf8mb4", "SELECT * FROM t FORCE INDEX (`ka`) WHERE a = 1");
  }

  @Test
  void withoutAFixTheStatementThatRestoresOldsBehaviourIsTheFixAndWithoutACauseThereIsNone() {
    Cause explained =
        new Cause("C", List.of(3L), Cause.SETTINGS, "s", List.of(EXPLAINED), null, List.of());
    assertThat(ReproFix.of(explained).set())
        .isEqualTo("SET SESSION optimizer_switch = 'index_merge=on'");
    assertThat(
            ReproFix.of(
                new Cause("C", List.of(3L), Cause.NO_SETTING, "s", List.of(), null, List.of())))
        .isNull();
    assertThat(ReproFix.of(null)).isNull();
  }
}
