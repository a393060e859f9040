package io.querytester.drift;

/** What a chunk or table is on one replica. Ordered from best to worst, so the worst wins. */
public enum Verdict {
  /** Same rows as the source. */
  CONSISTENT,
  /** Could not be compared: the replica did not reach the source's position in time. */
  UNVERIFIED,
  /** Different rows, confirmed after the replica caught up. */
  DRIFT,
  /** The table or some of its columns do not exist on the replica. */
  MISSING;

  Verdict worst(Verdict other) {
    return other.ordinal() > ordinal() ? other : this;
  }

  boolean drifted() {
    return this == DRIFT || this == MISSING;
  }
}
