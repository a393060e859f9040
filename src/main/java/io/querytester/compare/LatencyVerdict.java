package io.querytester.compare;

/** How NEW's latency compares with OLD's for a class. */
public enum LatencyVerdict {
  IMPROVED,
  SAME,
  DEGRADED,
  CANNOT_EVALUATE
}
