package io.querytester.compare;

import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyRatio;
import java.util.Arrays;
import java.util.List;

/**
 * The latency rule in one place: the replay's screen (percentile ratio, delta, Mann-Whitney) and
 * the paired estimate, the paired ratio's interval, and what a confirmation's second measurement
 * decides. The replay and its confirmation use the same thresholds, so a class is judged by one
 * rule however it was measured.
 */
public final class LatencyJudge {
  private LatencyJudge() {}

  /**
   * The verdict of the replay's executions. A class is a slowdown when the screen (percentiles,
   * delta, Mann-Whitney) or the paired estimate (above the ratio, by more than the delta) says so:
   * the pairs see through a machine whose noise hides a slowdown from the unpaired test. A slowdown
   * is DEGRADED only when the paired ratio's interval lies above the ratio, else BORDERLINE. A
   * speed-up fails nothing: IMPROVED is the screen's word, as it was.
   */
  static LatencyVerdict replay(LatencyVerdict screen, LatencyRatio ratio, LatencyThresholds t) {
    if (screen == LatencyVerdict.CANNOT_EVALUATE) {
      return screen;
    }
    boolean paired = ratio != null;
    if (screen == LatencyVerdict.DEGRADED || (paired && slower(ratio, t))) {
      return paired && ratio.above(t.ratio()) ? LatencyVerdict.DEGRADED : LatencyVerdict.BORDERLINE;
    }
    return screen; // SAME, or IMPROVED
  }

  private static boolean slower(LatencyRatio r, LatencyThresholds t) {
    return r.estimate() > t.ratio() && r.deltaMicros() > t.minDeltaMicros();
  }

  /** The verdict once a confirmation measured the class again: the second measurement decides. */
  static LatencyVerdict confirmed(LatencyVerdict replay, Confirmation c) {
    if (c == null) {
      return replay;
    }
    return switch (c.outcome()) {
      case HELD -> LatencyVerdict.DEGRADED;
      case NOT_HELD -> LatencyVerdict.SAME;
      case UNDECIDED -> LatencyVerdict.BORDERLINE;
      case NOT_RUN -> replay;
    };
  }

  /** What a second measurement says under the thresholds; null for none. */
  public static Confirmation confirmation(LatencyCheck check, LatencyThresholds t) {
    if (check == null) {
      return null;
    }
    if (check.error() != null || check.oldMicros().isEmpty()) {
      return new Confirmation(
          Confirmation.Outcome.NOT_RUN,
          null,
          0,
          0,
          check.events(),
          check.seconds(),
          check.error() == null ? "nothing measured" : check.error(),
          check.machine());
    }
    LatencyRatio r = ratio(check.oldMicros(), check.newMicros(), t.confidence());
    return new Confirmation(
        outcome(r, t),
        r,
        median(check.oldMicros()),
        median(check.newMicros()),
        check.events(),
        check.seconds(),
        null,
        check.machine());
  }

  /**
   * NOT_HELD when the interval lies below the ratio or NEW is slower by no more than the delta;
   * HELD when the interval lies above the ratio; else UNDECIDED.
   */
  public static Confirmation.Outcome outcome(LatencyRatio r, LatencyThresholds t) {
    if (r.below(t.ratio()) || r.deltaMicros() <= t.minDeltaMicros()) {
      return Confirmation.Outcome.NOT_HELD;
    }
    if (r.above(t.ratio())) {
      return Confirmation.Outcome.HELD;
    }
    return Confirmation.Outcome.UNDECIDED;
  }

  /** Whether a measurement can stop: its interval no longer reaches both sides of the ratio. */
  public static boolean decided(LatencyRatio r, LatencyThresholds t) {
    return r.above(t.ratio()) || r.below(t.ratio());
  }

  /** NEW/OLD of paired latencies at {@code confidence}. */
  public static LatencyRatio ratio(List<Long> old, List<Long> neu, double confidence) {
    return HodgesLehmann.ratio(doubles(old), doubles(neu), confidence);
  }

  private static double[] doubles(List<Long> values) {
    return values.stream().mapToDouble(Long::doubleValue).toArray();
  }

  private static long median(List<Long> values) {
    long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
