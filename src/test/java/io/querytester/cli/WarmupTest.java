package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WarmupTest {
  @Test
  void warmsUpOnlyForCommandsThatConnect() {
    assertThat(Warmup.connects("replay", "--workload", "w.jsonl")).isTrue();
    assertThat(Warmup.connects("drift", "--source", "jdbc:mysql://h/")).isTrue();
    assertThat(Warmup.connects("report", "run-1")).isFalse();
    assertThat(Warmup.connects("capture", "--slow-log", "slow.log")).isFalse();
    assertThat(Warmup.connects()).isFalse();
  }

  @Test
  void commandsThatReadRunsWarmUpTheirMappingsOnly() {
    assertThat(Warmup.readsRuns("report", "run-1")).isTrue();
    assertThat(Warmup.readsRuns("compare", "run-1", "run-2")).isTrue();
    assertThat(Warmup.readsRuns("report", "--help")).isFalse();
    assertThat(Warmup.readsRuns("replay", "--workload", "w.jsonl")).isFalse();
    assertThat(Warmup.connects("compare", "run-1", "run-2")).isFalse();
  }

  @Test
  void helpAndVersionAreNotWarmedUp() {
    assertThat(Warmup.connects("replay", "--help")).isFalse();
    assertThat(Warmup.connects("drift", "-h")).isFalse();
    assertThat(Warmup.connects("replay", "-V")).isFalse();
  }

  @Test
  @Timeout(30)
  void awaitReturnsOnceTheWarmUpEnded() {
    Warmup w = Warmup.start("replay", "--workload", "w.jsonl");
    w.await();
    w.await(); // a second wait returns at once
    Warmup.start("report").await(); // nothing started: nothing to wait for
  }
}
