package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencyPairsTest {
  @Test
  void theSlowestExecutionsAreKeptSlowestFirst() {
    LatencyPairs p = new LatencyPairs(1);
    for (int e = 1; e <= 10; e++) {
      // execution e is e/5 times as slow on NEW: executions 10, 9 and 8 are the slowest
      long[] old = {1000, 1100, 900};
      long[] neu = {200L * e, 220L * e, 180L * e};
      p.add(e, 100 + e, old, neu);
    }
    assertThat(p.slowest()).extracting(LatencyPairs.Slow::event).containsExactly(10L, 9L, 8L);
    assertThat(p.slowest().getFirst().session()).isEqualTo(110);
    assertThat(p.slowest().getFirst().ratio()).isCloseTo(2.0, within(1e-9));
    assertThat(p.count()).isEqualTo(30);
  }

  @Test
  void pairsBeyondTheReservoirAreSampledAndStillGiveTheRatio() {
    LatencyPairs p = new LatencyPairs(2);
    for (int e = 0; e < 3000; e++) {
      p.add(e, 1, new long[] {1000 + e % 7}, new long[] {3000 + 3 * (e % 7)});
    }
    assertThat(p.count()).isEqualTo(3000);
    assertThat(p.ratio(0.99).pairs()).isEqualTo(LatencyPairs.RESERVOIR);
    assertThat(p.ratio(0.99).estimate()).isCloseTo(3.0, within(0.01));
    assertThat(new LatencyPairs(3).ratio(0.99)).isNull();
  }
}
