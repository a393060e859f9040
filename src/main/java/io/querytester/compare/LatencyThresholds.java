package io.querytester.compare;

/**
 * When a class counts as slower on NEW: the p50 or p95 ratio above {@code ratio}, AND the absolute
 * difference of that percentile above {@code minDeltaMicros}, AND a Mann-Whitney U test saying the
 * two distributions differ with p below {@code alpha}. Fewer than {@code minSamples} on a side:
 * cannot evaluate, never a regression.
 */
public record LatencyThresholds(double ratio, long minDeltaMicros, double alpha, int minSamples) {
  public static final LatencyThresholds DEFAULT = new LatencyThresholds(1.3, 1000, 0.01, 20);
}
