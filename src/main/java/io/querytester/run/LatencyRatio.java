package io.querytester.run;

/**
 * How much slower NEW is than OLD for one class, from paired executions (the same statement on both
 * sides at the same moment): the Hodges-Lehmann estimate of the NEW/OLD ratio, the confidence
 * interval around it, and the estimated difference in microseconds.
 *
 * @param estimate NEW/OLD: 2.0 is twice as slow, 0.5 twice as fast
 * @param low the interval's lower end (0 when the pairs are too few to bound it)
 * @param high its upper end (infinite when the pairs are too few to bound it)
 * @param confidence the interval's confidence, e.g. 0.99
 * @param pairs the paired executions it was computed from
 * @param deltaMicros NEW minus OLD, the Hodges-Lehmann estimate over the same pairs
 */
public record LatencyRatio(
    double estimate, double low, double high, double confidence, long pairs, long deltaMicros) {

  /**
   * Whether the whole interval lies above {@code ratio}: slower by at least that, and sure of it.
   */
  public boolean above(double ratio) {
    return low > ratio;
  }

  /** Whether the whole interval lies below {@code ratio}. */
  public boolean below(double ratio) {
    return high < ratio;
  }
}
