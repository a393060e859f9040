package io.querytester.compare;

import io.querytester.run.LatencyRatio;
import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The NEW/OLD latency ratio of paired executions and how sure it is: the Hodges-Lehmann estimate
 * (the median of the Walsh averages of the pairs' log ratios) with the confidence interval that
 * inverts Wilcoxon's signed-rank test. Each pair is one statement run on OLD and on NEW at the same
 * moment, so what the machine did to both (a busy neighbour, a cold cache) divides out of its
 * ratio; the interval assumes nothing of the latencies' distribution beyond the log ratios'
 * symmetry, and a few pairs give a wide one rather than a wrong one.
 *
 * <p>A class with n pairs has n(n+1)/2 Walsh averages (2 million for the 2,000 a class keeps): they
 * are never listed, the k-th is found by bisection on its value, counting the averages below a
 * value in one pass over the sorted log ratios.
 */
public final class HodgesLehmann {
  /** Up to this many pairs, the signed-rank statistic's exact distribution; beyond, the normal. */
  static final int EXACT = 60;

  private HodgesLehmann() {}

  /**
   * The ratio of {@code neu} to {@code old}, pair by pair (the same index is one pair), with its
   * interval at {@code confidence}; null without pairs. Latencies below 1 us count as 1 us.
   */
  public static LatencyRatio ratio(double[] old, double[] neu, double confidence) {
    int n = Math.min(old.length, neu.length);
    if (n == 0) {
      return null;
    }
    double[] logs = new double[n];
    double[] deltas = new double[n];
    for (int i = 0; i < n; i++) {
      logs[i] = Math.log(Math.max(1, neu[i]) / Math.max(1, old[i]));
      deltas[i] = neu[i] - old[i];
    }
    Arrays.sort(logs);
    Arrays.sort(deltas);
    long walsh = (long) n * (n + 1) / 2;
    long t = lowerCritical(n, (1 - confidence) / 2);
    double low = t < 0 ? 0 : Math.exp(kth(logs, t + 1));
    double high = t < 0 ? Double.POSITIVE_INFINITY : Math.exp(kth(logs, walsh - t));
    return new LatencyRatio(
        Math.exp(median(logs)), low, high, confidence, n, Math.round(median(deltas)));
  }

  /** The median of the Walsh averages of sorted values. */
  static double median(double[] sorted) {
    long walsh = (long) sorted.length * (sorted.length + 1) / 2;
    double upper = kth(sorted, walsh / 2 + 1);
    return walsh % 2 == 1 ? upper : (kth(sorted, walsh / 2) + upper) / 2;
  }

  /**
   * The k-th smallest (1-based) Walsh average (x_i + x_j) / 2, i <= j, of sorted values: the least
   * value v that has at least k averages at or below it, by bisection between the smallest and the
   * largest value (every average lies between them). 200 halvings reach the neighbouring double.
   */
  static double kth(double[] sorted, long k) {
    double lo = sorted[0];
    double hi = sorted[sorted.length - 1];
    if (countAtMost(sorted, lo) >= k) {
      return lo;
    }
    for (int i = 0; i < 200; i++) {
      double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      if (countAtMost(sorted, mid) >= k) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  /** How many Walsh averages of sorted values are at most v: one pass, two indices. */
  static long countAtMost(double[] sorted, double v) {
    long count = 0;
    int j = sorted.length - 1;
    for (int i = 0; i < sorted.length && i <= j; i++) {
      // the partner of i moves down as i moves up: x_i + x_j <= 2v for j up to here
      while (j >= i && sorted[i] + sorted[j] > 2 * v) {
        j--;
      }
      if (j >= i) {
        count += j - i + 1;
      }
    }
    return count;
  }

  /**
   * The largest t with P(T <= t) <= tail for Wilcoxon's signed-rank statistic T of n pairs under no
   * difference; -1 when even T = 0 is likelier than that (too few pairs to bound the interval).
   */
  static long lowerCritical(int n, double tail) {
    if (n > EXACT) {
      double mean = n * (n + 1) / 4.0;
      double sd = Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24);
      double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(tail);
      return Math.max(-1, (long) Math.floor(mean - 0.5 + z * sd));
    }
    double[] p = exactDistribution(n);
    double cumulative = 0;
    long t = -1;
    for (int s = 0; s < p.length; s++) {
      cumulative += p[s];
      if (cumulative > tail) {
        break;
      }
      t = s;
    }
    return t;
  }

  /** P(T = s) for s = 0 .. n(n+1)/2: each rank 1..n is in the positive sum with probability 1/2. */
  static double[] exactDistribution(int n) {
    double[] p = new double[n * (n + 1) / 2 + 1];
    p[0] = 1;
    int reach = 0;
    for (int r = 1; r <= n; r++) {
      reach += r;
      for (int s = reach; s >= 0; s--) {
        p[s] = (p[s] + (s >= r ? p[s - r] : 0)) / 2;
      }
    }
    return p;
  }
}
