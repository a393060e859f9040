package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
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
  void percentilesAreThoseOfOneHistogramOfEveryValue() {
    // Below, at and past the reservoir's size (where the stats change how they count), with
    // latencies from microseconds to a minute: the same percentiles as one packed histogram.
    for (int n : new int[] {1, 7, LatencyStats.RESERVOIR, LatencyStats.RESERVOIR + 1, 25_000}) {
      SplittableRandom r = new SplittableRandom(n);
      LatencyStats s = new LatencyStats(n);
      Histogram reference = new PackedHistogram(3_600_000_000L, 3);
      for (int i = 0; i < n; i++) {
        long us = (long) Math.exp(r.nextDouble() * 18); // 1 us to about a minute
        s.record(us);
        reference.recordValue(Math.max(1, us));
      }
      assertThat(s.count()).isEqualTo(n);
      for (double p : new double[] {0, 1, 50, 90, 95, 99, 99.9, 100}) {
        assertThat(s.percentile(p))
            .as("n=%d p%s", n, p)
            .isEqualTo(reference.getValueAtPercentile(p));
      }
      assertThat(LatencyStats.decode(s.encoded()).getValueAtPercentile(99))
          .isEqualTo(reference.getValueAtPercentile(99));
    }
  }

  @Test
  void valuesRecordedAfterAReadAreCounted() {
    LatencyStats s = sample(4, 10, 1000);
    assertThat(s.percentile(100)).isLessThan(5000);
    s.record(9000);
    assertThat(s.count()).isEqualTo(11);
    assertThat(s.percentile(100))
        .isEqualTo(
            new PackedHistogram(3_600_000_000L, 3) {
              {
                recordValue(9000);
              }
            }.getValueAtPercentile(100));
  }

  @Test
  void histogramsSurviveTheirEncoding() {
    LatencyStats s = sample(3, 1000, 2000);
    assertThat(LatencyStats.decode(s.encoded()).getTotalCount()).isEqualTo(1000);
    assertThat(LatencyStats.decode(s.encoded()).getValueAtPercentile(50))
        .isEqualTo(s.percentile(50));
  }

  @Test
  void tiedLatenciesGetTheTieCorrectedPValue() {
    // Latencies rounded to 100 us: 4 distinct values over 60 samples. Reference: SciPy 1.17
    // mannwhitneyu(x, y, use_continuity=True, method='asymptotic'), U = 290, p = 0.0135848...
    // (the same normal approximation without the tie correction gives 0.0180).
    double[] old = repeat(100, 12, 200, 10, 300, 8);
    double[] neu = repeat(100, 5, 200, 10, 300, 10, 400, 5);
    assertThat(LatencyStats.pValue(old, neu)).isCloseTo(0.013584838331683072, within(1e-9));
    assertThat(LatencyStats.pValue(neu, old)).isCloseTo(0.013584838331683072, within(1e-9));
  }

  /** Pairs of (value, how many times). */
  private static double[] repeat(int... valueCount) {
    java.util.List<Double> out = new java.util.ArrayList<>();
    for (int i = 0; i < valueCount.length; i += 2) {
      for (int k = 0; k < valueCount[i + 1]; k++) {
        out.add((double) valueCount[i]);
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
