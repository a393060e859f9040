package io.querytester.run;

import java.time.Instant;

/**
 * An error-log class seen while the replay ran, OLD and NEW side by side.
 *
 * @param key the normalised message
 * @param level its level (Note, Warning, ERROR ...)
 * @param code MySQL 8's error code, if any
 * @param example one line as logged
 * @param old its lines on OLD (null in a single-target run)
 * @param neu its lines on NEW
 * @param change NEW_ONLY, MORE_ON_NEW, OLD_ONLY, MORE_ON_OLD or BOTH
 */
public record LogClassRow(
    String key, String level, String code, String example, Count old, Count neu, Change change) {

  /**
   * @param count lines of the class
   * @param first the first one's time
   * @param last the last one's time
   */
  public record Count(long count, Instant first, Instant last) {}

  /** How NEW compares with OLD, worst first. */
  public enum Change {
    NEW_ONLY("NEW only"),
    MORE_ON_NEW("more on NEW"),
    OLD_ONLY("OLD only"),
    MORE_ON_OLD("more on OLD"),
    BOTH("both");

    private final String label;

    Change(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** A class that NEW logs and OLD does not, or logs far more often: worth a look. */
  public boolean regression() {
    return change == Change.NEW_ONLY || change == Change.MORE_ON_NEW;
  }
}
