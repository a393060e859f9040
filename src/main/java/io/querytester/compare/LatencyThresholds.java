package io.querytester.compare;

/**
 * When a class counts as slower on NEW. First, as a screen: the p50 or p95 ratio above {@code
 * ratio}, AND the absolute difference of that percentile above {@code minDeltaMicros}, AND a
 * Mann-Whitney U test saying the two distributions differ with p below {@code alpha}; or the
 * estimate of the NEW/OLD ratio of paired executions above {@code ratio} by more than {@code
 * minDeltaMicros}. Then, for certainty: that ratio's confidence interval (at 1 - {@code alpha})
 * lies wholly above {@code ratio}; a slowdown whose interval reaches below the ratio is borderline,
 * which fails the run only with {@code borderlineFails}. Fewer than {@code minSamples} on a side:
 * cannot evaluate, never a regression. Speed-ups, which fail nothing, are the screen's word as
 * before. See {@link LatencyJudge}.
 */
public record LatencyThresholds(
    double ratio, long minDeltaMicros, double alpha, int minSamples, boolean borderlineFails) {
  public static final LatencyThresholds DEFAULT = new LatencyThresholds(1.3, 1000, 0.01, 20, false);

  /** The thresholds as before borderline verdicts: borderline ones do not fail. */
  public LatencyThresholds(double ratio, long minDeltaMicros, double alpha, int minSamples) {
    this(ratio, minDeltaMicros, alpha, minSamples, false);
  }

  /** The confidence of the ratio's interval. */
  public double confidence() {
    return 1 - alpha;
  }
}
