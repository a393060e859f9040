package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StallEventTest {
  private static final Instant T = Instant.parse("2026-11-23T15:00:00Z");

  @Test
  void aStallIsOneLineWithItsLengthUptimeAndTheStatementsItHeldUp() {
    StallEvent e = stall(List.of(ref(12), ref(40)));
    assertThat(e.seconds()).isEqualTo(31.5);
    assertThat(e.describe())
        .isEqualTo(
            "OLD stalled for 31.5 s (no answer, connections still accepted, uptime 100 s -> 132"
                + " s): 2 statement(s) held up (events 12, 40), not compared; it answered again,"
                + " the replay went on");
  }

  @Test
  void theHealthReportNotesEveryStallAndIsNotEmptyForOne() {
    HealthReport r = HealthReport.of(List.of(stall(List.of(ref(7)))));
    assertThat(r.crashes()).isEmpty();
    assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("OLD stalled for 31.5 s"));
  }

  @Test
  void aStallSurvivesTheRoundTripThroughHealthJsonl() throws Exception {
    StallEvent e = stall(List.of(ref(3)));
    String line = RunJson.MAPPER.writeValueAsString((HealthRecord) e);
    assertThat(line).contains("\"type\":\"stall\"");
    assertThat(RunJson.MAPPER.readValue(line, HealthRecord.class)).isEqualTo(e);
    assertThat(HealthLog.relabel(e, "NEW"))
        .isInstanceOfSatisfying(StallEvent.class, s -> assertThat(s.side()).isEqualTo("NEW"));
  }

  private static StallEvent stall(List<StatementRef> heldUp) {
    return new StallEvent(
        "OLD",
        1,
        T,
        T.plusSeconds(20),
        T.plusMillis(31_500),
        100L,
        132L,
        heldUp,
        "it answered again, the replay went on");
  }

  private static StatementRef ref(long event) {
    return new StatementRef(event, "c1", "SELECT 1", T, null, false);
  }
}
