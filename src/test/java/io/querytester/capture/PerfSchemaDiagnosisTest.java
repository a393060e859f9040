package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PerfSchemaDiagnosisTest {
  @Test
  void nothingLostNothingSaidUnlessNothingWasCaptured() {
    PerfSchemaDiagnosis d = new PerfSchemaDiagnosis(1000, false);
    d.polled(5);
    assertThat(d.causes(10)).isEmpty();
    assertThat(d.causes(0))
        .singleElement()
        .asString()
        .startsWith("no statement with SQL text ran in a recorded session");
  }

  @Test
  void preparedExecutionsWithoutTextAreACauseWithWhereTheValuesAre() {
    PerfSchemaDiagnosis d = new PerfSchemaDiagnosis(1000, false);
    d.preparedWithoutText();
    d.preparedWithoutText();
    assertThat(d.preparedWithoutTextCount()).isEqualTo(2);
    assertThat(d.causes(0))
        .singleElement()
        .asString()
        .startsWith("2 executions of prepared statements were recorded without SQL text")
        .contains("the slow log and the general log record the executed text");
  }

  @Test
  void aPollThatFindsTheHistoryAlmostAllNewHasLostRows() throws Exception {
    PerfSchemaDiagnosis d = new PerfSchemaDiagnosis(1000, false);
    d.polled(899);
    assertThat(d.causes(899)).isEmpty();
    d.polled(990);
    assertThat(d.causes(1889))
        .singleElement()
        .asString()
        .startsWith("history rows were overwritten between polls: 1 of 2 polls")
        .contains("up to 990; the table keeps 1,000)")
        .contains("--interval")
        .contains("performance_schema_events_statements_history_long_size");
  }

  @Test
  void perThreadHistoryNamesItsOwnSizeAndTheLongHistory() {
    PerfSchemaDiagnosis d = new PerfSchemaDiagnosis(10, true);
    d.polled(10);
    assertThat(d.causes(10))
        .singleElement()
        .asString()
        .contains("a thread with nearly all of its new rows")
        .contains("the table keeps 10 per thread")
        .contains(
            "performance_schema_events_statements_history_size, or switch on"
                + " events_statements_history_long");
  }
}
