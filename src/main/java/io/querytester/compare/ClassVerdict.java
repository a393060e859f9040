package io.querytester.compare;

/** The verdict for a query class, worst first. */
public enum ClassVerdict {
  /** At least one difference of a kind that fails the gate. */
  REGRESSION,
  /** Differences that a baseline accepted. */
  ACCEPTED,
  /** Results vary between runs on the same server: not compared as regressions. */
  NONDETERMINISTIC,
  /** Differences of kinds that do not fail the gate (widths, warnings, row order, fixed errors). */
  CHANGED,
  /** Ran on both and nothing differed. */
  SAME,
  /** Not run (writes without --allow-writes, unsafe reads). */
  SKIPPED
}
