package io.querytester.compare;

/** How NEW's latency compares with OLD's for a class. */
public enum LatencyVerdict {
  IMPROVED,
  SAME,
  DEGRADED,
  /**
   * Slower by the ratio as far as the point estimate goes, but its confidence interval reaches
   * below the ratio (or a confirmation could not decide): not sure enough to fail the run, unless
   * the gate says so.
   */
  BORDERLINE,
  CANNOT_EVALUATE
}
