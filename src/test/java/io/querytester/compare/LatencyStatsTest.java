package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {
  private static LatencyStats sample(long seed, int n, double meanMicros) {
    SplittableRandom r = new SplittableRandom(seed);
    LatencyStats s = new LatencyStats(seed);
    for (int i = 0; i < n; i++) {
      s.record((long) (meanMicros * (0.8 + 0.4 * r.nextDouble())));
    }
    return s;
  }

  @Test
  void aClearSlowdownIsDegraded() {
    LatencyStats.Evaluation e =
        sample(1, 500, 5000).compareTo(sample(2, 500, 10000), LatencyThresholds.DEFAULT);
    assertThat(e.verdict()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(e.pValue()).isLessThan(0.01);
  }

  @Test
  void aClearSpeedUpIsImproved() {
    assertThat(
            sample(1, 500, 10000)
                .compareTo(sample(2, 500, 5000), LatencyThresholds.DEFAULT)
                .verdict())
        .isEqualTo(LatencyVerdict.IMPROVED);
  }

  @Test
  void subMillisecondNoiseIsNeverARegression() {
    // 3x slower but only 400 us: below the absolute delta.
    assertThat(
            sample(1, 500, 200).compareTo(sample(2, 500, 600), LatencyThresholds.DEFAULT).verdict())
        .isEqualTo(LatencyVerdict.SAME);
  }

  @Test
  void tooFewSamplesCannotBeEvaluated() {
    assertThat(
            sample(1, 5, 5000).compareTo(sample(2, 5, 50000), LatencyThresholds.DEFAULT).verdict())
        .isEqualTo(LatencyVerdict.CANNOT_EVALUATE);
  }

  @Test
  void histogramsSurviveTheirEncoding() {
    LatencyStats s = sample(3, 1000, 2000);
    assertThat(LatencyStats.decode(s.encoded()).getTotalCount()).isEqualTo(1000);
    assertThat(LatencyStats.decode(s.encoded()).getValueAtPercentile(50))
        .isEqualTo(s.percentile(50));
  }
}
