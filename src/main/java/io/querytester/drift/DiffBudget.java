package io.querytester.drift;

/**
 * The differing rows still to show for one table on one replica (--max-diff-rows), shared by the
 * chunks checked in parallel.
 */
final class DiffBudget {
  private int left;

  DiffBudget(int rows) {
    this.left = rows;
  }

  synchronized int left() {
    return left;
  }

  /** Takes up to {@code wanted} rows; returns how many were granted. */
  synchronized int take(int wanted) {
    int granted = Math.min(wanted, left);
    left -= granted;
    return granted;
  }
}
