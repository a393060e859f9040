package io.querytester.run;

/**
 * How much a trouble counter rose during the replay, OLD and NEW side by side, also per 1,000
 * statements replayed on each.
 *
 * @param name the status variable (Aborted_connects), InnoDB metric (innodb_metrics.lock_deadlocks)
 *     or MySQL 8 error (error ER_LOCK_DEADLOCK (1213))
 * @param old its rise on OLD, null when not read there
 * @param neu its rise on NEW, null when not read there (or in a single-target run)
 * @param oldPer1000 per 1,000 statements on OLD; null for high-water marks (Max_used_connections)
 * @param newPer1000 per 1,000 statements on NEW
 * @param worse NEW rose clearly more than OLD for the same statements
 */
public record CounterDelta(
    String name, Long old, Long neu, Double oldPer1000, Double newPer1000, boolean worse) {

  /** NEW must rise this many more than OLD (scaled) and at least twice as fast to be worse. */
  static final long MIN_EXCESS = 3;

  static CounterDelta of(String name, Long old, Long neu, long oldStatements, long newStatements) {
    boolean gauge = StatusSnapshot.GAUGES.contains(name);
    Double oldRate = gauge ? null : per1000(old, oldStatements);
    Double newRate = gauge ? null : per1000(neu, newStatements);
    boolean worse = false;
    if (!gauge && old != null && neu != null && neu > 0) {
      double expected = oldStatements == 0 ? old : old * (double) newStatements / oldStatements;
      worse = neu - expected >= MIN_EXCESS && neu >= 2 * expected;
    }
    return new CounterDelta(name, old, neu, oldRate, newRate, worse);
  }

  private static Double per1000(Long rise, long statements) {
    if (rise == null || statements == 0) {
      return null;
    }
    return Math.round(rise * 1_000_000.0 / statements) / 1000.0;
  }
}
