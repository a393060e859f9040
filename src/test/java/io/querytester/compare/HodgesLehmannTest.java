package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.querytester.run.LatencyRatio;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HodgesLehmannTest {
  /** Every Walsh average, listed and sorted: what the bisection must find without listing them. */
  private static double[] walsh(double[] x) {
    double[] w = new double[x.length * (x.length + 1) / 2];
    int k = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = i; j < x.length; j++) {
        w[k++] = (x[i] + x[j]) / 2;
      }
    }
    Arrays.sort(w);
    return w;
  }

  @Test
  void theKthWalshAverageIsTheOneAListWouldGive() {
    SplittableRandom r = new SplittableRandom(7);
    for (int n : new int[] {1, 2, 3, 10, 41, 200}) {
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        // ties on purpose: latencies repeat
        x[i] = Math.round(r.nextGaussian() * 4) / 4.0;
      }
      Arrays.sort(x);
      double[] all = walsh(x);
      for (int k : new int[] {1, 2, all.length / 3, all.length / 2 + 1, all.length}) {
        if (k >= 1 && k <= all.length) {
          assertThat(HodgesLehmann.kth(x, k))
              .as("n=%d k=%d", n, k)
              .isCloseTo(all[k - 1], within(1e-12));
        }
      }
    }
  }

  @Test
  void criticalValuesAreThoseOfWilcoxonsTable() {
    // two-sided 5% and 1%: n=6 0/-, n=8 3/0, n=10 8/3, n=20 52/37, n=30 137/109
    assertThat(HodgesLehmann.lowerCritical(5, 0.025)).isEqualTo(-1);
    assertThat(HodgesLehmann.lowerCritical(6, 0.025)).isEqualTo(0);
    assertThat(HodgesLehmann.lowerCritical(6, 0.005)).isEqualTo(-1);
    assertThat(HodgesLehmann.lowerCritical(8, 0.025)).isEqualTo(3);
    assertThat(HodgesLehmann.lowerCritical(8, 0.005)).isEqualTo(0);
    assertThat(HodgesLehmann.lowerCritical(10, 0.025)).isEqualTo(8);
    assertThat(HodgesLehmann.lowerCritical(10, 0.005)).isEqualTo(3);
    assertThat(HodgesLehmann.lowerCritical(20, 0.025)).isEqualTo(52);
    assertThat(HodgesLehmann.lowerCritical(20, 0.005)).isEqualTo(37);
    assertThat(HodgesLehmann.lowerCritical(30, 0.005)).isEqualTo(109);
  }

  @Test
  void beyondTheExactDistributionTheNormalOneGivesAnIntervalAsWideOrALittleWider() {
    int n = HodgesLehmann.EXACT + 1;
    double[] p = HodgesLehmann.exactDistribution(n);
    for (double tail : new double[] {0.005, 0.025}) {
      double cumulative = 0;
      long exact = -1;
      for (int s = 0; cumulative + p[s] <= tail; s++) {
        cumulative += p[s];
        exact = s;
      }
      // exact 589 and 672; the normal approximation 586 and 672
      assertThat(HodgesLehmann.lowerCritical(n, tail)).isBetween(exact - 5, exact);
    }
  }

  @Test
  void aTwiceSlowerNewIsFoundWithAnIntervalAroundTwo() {
    SplittableRandom r = new SplittableRandom(3);
    int n = 300;
    double[] old = new double[n];
    double[] neu = new double[n];
    for (int i = 0; i < n; i++) {
      double moment = 1 + 3 * r.nextDouble(); // the machine's mood, shared by the pair
      old[i] = 5000 * moment * (0.9 + 0.2 * r.nextDouble());
      neu[i] = 10000 * moment * (0.9 + 0.2 * r.nextDouble());
    }
    LatencyRatio ratio = HodgesLehmann.ratio(old, neu, 0.99);
    assertThat(ratio.estimate()).isCloseTo(2.0, within(0.05));
    assertThat(ratio.low()).isLessThan(2.0).isGreaterThan(1.9);
    assertThat(ratio.high()).isGreaterThan(2.0).isLessThan(2.1);
    assertThat(ratio.pairs()).isEqualTo(n);
    assertThat(ratio.deltaMicros()).isGreaterThan(5000);
    assertThat(ratio.above(1.3)).isTrue();
  }

  @Test
  void theEstimateAndTheIntervalAreTheListedOnes() {
    SplittableRandom r = new SplittableRandom(11);
    int n = 25;
    double[] old = new double[n];
    double[] neu = new double[n];
    double[] logs = new double[n];
    for (int i = 0; i < n; i++) {
      old[i] = 1000 + r.nextInt(3000);
      neu[i] = 1000 + r.nextInt(4000);
      logs[i] = Math.log(neu[i] / old[i]);
    }
    double[] all = walsh(logs);
    long t = HodgesLehmann.lowerCritical(n, 0.025);
    LatencyRatio ratio = HodgesLehmann.ratio(old, neu, 0.95);
    assertThat(Math.log(ratio.estimate())).isCloseTo(median(all), within(1e-9));
    assertThat(Math.log(ratio.low())).isCloseTo(all[(int) t], within(1e-9));
    assertThat(Math.log(ratio.high())).isCloseTo(all[all.length - 1 - (int) t], within(1e-9));
  }

  @Test
  void tooFewPairsGiveAnIntervalWithoutBounds() {
    LatencyRatio ratio =
        HodgesLehmann.ratio(new double[] {1000, 1000, 1000}, new double[] {9000, 9000, 9000}, 0.99);
    assertThat(ratio.estimate()).isCloseTo(9, within(1e-9));
    assertThat(ratio.low()).isZero();
    assertThat(ratio.high()).isInfinite();
    assertThat(ratio.above(1.3)).isFalse();
    assertThat(HodgesLehmann.ratio(new double[0], new double[0], 0.99)).isNull();
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
