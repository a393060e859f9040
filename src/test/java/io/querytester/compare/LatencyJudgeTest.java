package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LatencyJudgeTest {
  /**
   * One class of the demo (JSON_EXTRACT, AB2B231797C5490B) replayed with two `yes > /dev/null`
   * beside it on 2 cores, 9 executions with --repeat 4: OLD's and NEW's latencies, pair by pair.
   * The screen alone (p50 1.44x, p95 delta above 1 ms, Mann-Whitney p = 0.0099) called it slower.
   */
  static final long[] BUSY_OLD = {
    7116, 6051, 1041, 714, 587, 986, 1843, 361, 651, 3342, 2333, 489, 703, 770, 1205, 1488, 464,
    1928, 312, 645, 491, 4850, 292, 270, 361, 2950, 770, 587, 3885, 622, 473, 525, 467, 404, 398,
    955, 831, 245, 847, 488, 701, 453, 221, 376, 221
  };

  static final long[] BUSY_NEW = {
    4624, 3331, 928, 390, 296, 2472, 2007, 1376, 566, 5347, 719, 2757, 6938, 2040, 1371, 7766, 3774,
    2846, 3523, 1091, 6736, 9260, 4047, 3862, 3930, 5649, 724, 652, 4602, 581, 833, 269, 596, 801,
    457, 635, 794, 595, 809, 874, 368, 257, 470, 487, 464
  };

  private static final LatencyThresholds T = LatencyThresholds.DEFAULT;

  @Test
  void aSlowdownTheScreenSeesOnABusyMachineButItsIntervalDoesNotIsBorderline() {
    LatencyStats old = new LatencyStats(1);
    LatencyStats neu = new LatencyStats(2);
    LatencyPairs pairs = new LatencyPairs(3);
    for (int i = 0; i < BUSY_OLD.length; i++) {
      old.record(BUSY_OLD[i]);
      neu.record(BUSY_NEW[i]);
    }
    pairs.add(1, 1, BUSY_OLD, BUSY_NEW);
    LatencyStats.Evaluation screen = old.compareTo(neu, T);
    assertThat(screen.verdict()).isEqualTo(LatencyVerdict.DEGRADED);
    LatencyRatio ratio = pairs.ratio(T.confidence());
    assertThat(ratio.estimate()).isGreaterThan(T.ratio());
    assertThat(ratio.low()).isLessThan(T.ratio());
    assertThat(LatencyJudge.replay(screen.verdict(), ratio, T))
        .isEqualTo(LatencyVerdict.BORDERLINE);
  }

  @Test
  void aSlowdownWhoseIntervalLiesAboveTheRatioIsDegraded() {
    LatencyRatio sure = new LatencyRatio(2.0, 1.8, 2.2, 0.99, 100, 5000);
    assertThat(LatencyJudge.replay(LatencyVerdict.DEGRADED, sure, T))
        .isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(LatencyJudge.replay(LatencyVerdict.DEGRADED, null, T))
        .as("no pairs: not sure")
        .isEqualTo(LatencyVerdict.BORDERLINE);
  }

  @Test
  void aSpeedUpIsTheScreensWordAsItWas() {
    LatencyRatio sure = new LatencyRatio(0.5, 0.45, 0.55, 0.99, 100, -5000);
    LatencyRatio unsure = new LatencyRatio(0.6, 0.3, 0.9, 0.99, 20, -3000);
    assertThat(LatencyJudge.replay(LatencyVerdict.IMPROVED, unsure, T))
        .as("a speed-up fails nothing")
        .isEqualTo(LatencyVerdict.IMPROVED);
    assertThat(LatencyJudge.replay(LatencyVerdict.SAME, sure, T)).isEqualTo(LatencyVerdict.SAME);
  }

  @Test
  void aSlowdownWithinTheDeltaOrWithTooFewSamplesIsNoSlowdown() {
    LatencyRatio withinDelta = new LatencyRatio(3, 2.5, 3.5, 0.99, 100, 500);
    for (LatencyVerdict v : List.of(LatencyVerdict.SAME, LatencyVerdict.CANNOT_EVALUATE)) {
      assertThat(LatencyJudge.replay(v, withinDelta, T)).isEqualTo(v);
    }
    LatencyRatio large = new LatencyRatio(3, 2.5, 3.5, 0.99, 100, 50_000);
    assertThat(LatencyJudge.replay(LatencyVerdict.CANNOT_EVALUATE, large, T))
        .isEqualTo(LatencyVerdict.CANNOT_EVALUATE);
    assertThat(LatencyJudge.replay(LatencyVerdict.SAME, null, T)).isEqualTo(LatencyVerdict.SAME);
  }

  @Test
  void aSlowdownThePairsShowButTheUnpairedTestMissesIsJudgedByItsInterval() {
    // a corpus class on a machine with 21 runnable tasks per 2 processors: p50 1.56x, p = 0.049
    LatencyRatio sure = new LatencyRatio(1.75, 1.35, 3.03, 0.99, 25, 60_000);
    LatencyRatio unsure = new LatencyRatio(1.75, 1.10, 2.24, 0.99, 25, 60_000);
    assertThat(LatencyJudge.replay(LatencyVerdict.SAME, sure, T))
        .isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(LatencyJudge.replay(LatencyVerdict.SAME, unsure, T))
        .isEqualTo(LatencyVerdict.BORDERLINE);
  }

  @Test
  void aSecondMeasurementDecidesTheVerdict() {
    Confirmation held = LatencyJudge.confirmation(check(5000, 10000, 40), T);
    assertThat(held.outcome()).isEqualTo(Confirmation.Outcome.HELD);
    assertThat(held.oldP50Micros()).isBetween(5000L, 6500L);
    assertThat(LatencyJudge.confirmed(LatencyVerdict.BORDERLINE, held))
        .isEqualTo(LatencyVerdict.DEGRADED);

    Confirmation gone = LatencyJudge.confirmation(check(5000, 5000, 40), T);
    assertThat(gone.outcome()).isEqualTo(Confirmation.Outcome.NOT_HELD);
    assertThat(LatencyJudge.confirmed(LatencyVerdict.DEGRADED, gone))
        .isEqualTo(LatencyVerdict.SAME);

    Confirmation tooSmall = LatencyJudge.confirmation(check(500, 1000, 40), T);
    assertThat(tooSmall.outcome())
        .as("twice as slow, but by 0.5 ms: within the delta")
        .isEqualTo(Confirmation.Outcome.NOT_HELD);

    Confirmation unsure = LatencyJudge.confirmation(check(5000, 7000, 4), T);
    assertThat(unsure.outcome()).isEqualTo(Confirmation.Outcome.UNDECIDED);
    assertThat(LatencyJudge.confirmed(LatencyVerdict.DEGRADED, unsure))
        .isEqualTo(LatencyVerdict.BORDERLINE);
  }

  @Test
  void aClassThatCouldNotBeMeasuredAgainKeepsTheReplaysVerdict() {
    Confirmation failed =
        LatencyJudge.confirmation(
            LatencyCheck.failed("C", List.of(4L), "NEW: ERROR 1146 (42S02): no such table"), T);
    assertThat(failed.outcome()).isEqualTo(Confirmation.Outcome.NOT_RUN);
    assertThat(failed.error()).contains("1146");
    assertThat(LatencyJudge.confirmed(LatencyVerdict.DEGRADED, failed))
        .isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(LatencyJudge.confirmation(null, T)).isNull();
  }

  /** Pairs around these latencies, each pair sharing a moment of the machine. */
  static LatencyCheck check(long oldMicros, long newMicros, int pairs) {
    SplittableRandom r = new SplittableRandom(pairs);
    List<Long> old = new ArrayList<>();
    List<Long> neu = new ArrayList<>();
    for (int i = 0; i < pairs; i++) {
      double moment = 1 + 0.3 * r.nextDouble();
      old.add((long) (oldMicros * moment * (0.95 + 0.1 * r.nextDouble())));
      neu.add((long) (newMicros * moment * (0.95 + 0.1 * r.nextDouble())));
    }
    return new LatencyCheck("C", List.of(4L), old, neu, 1.5, null, null);
  }
}
