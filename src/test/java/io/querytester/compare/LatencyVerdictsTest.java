package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.DiffKind;
import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyChecks;
import io.querytester.testing.SyntheticRun;
import io.querytester.workload.SqlProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The latency rule through the analysis of a run folder: interval, borderline, confirmation. */
class LatencyVerdictsTest {
  private static final String SQL = "SELECT id FROM t WHERE a = 1";
  private static final GatePolicy GATE = GatePolicy.DEFAULT;

  @TempDir Path dir;

  /** The busy demo's pairs, as nine executions of five runs each. */
  private void busy(SyntheticRun run) throws Exception {
    for (int e = 0; e < 9; e++) {
      run.timed(
          SQL,
          java.util.Arrays.copyOfRange(LatencyJudgeTest.BUSY_OLD, e * 5, e * 5 + 5),
          java.util.Arrays.copyOfRange(LatencyJudgeTest.BUSY_NEW, e * 5, e * 5 + 5));
    }
  }

  /** Executions of five runs each, NEW {@code factor} times OLD's 5 ms, with a little noise. */
  private static void slower(SyntheticRun run, String sql, double factor) throws Exception {
    SplittableRandom r = new SplittableRandom(5);
    for (int e = 0; e < 8; e++) {
      long[] old = new long[5];
      long[] neu = new long[5];
      for (int i = 0; i < 5; i++) {
        double moment = 1 + 0.2 * r.nextDouble();
        old[i] = (long) (5000 * moment);
        neu[i] = (long) (5000 * factor * moment * (0.97 + 0.06 * r.nextDouble()));
      }
      run.timed(sql, old, neu);
    }
  }

  private static ClassSummary only(RunSummary s) {
    return s.classes().stream()
        .filter(c -> c.classId().equals(SqlProfile.of(SQL).classId()))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aSlowdownThatIsNotSureEnoughIsBorderlineAndDoesNotFailTheRun() throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      busy(run);
    }
    RunSummary s = new RunAnalyzer(GATE, 3, w -> {}).analyze(dir);
    ClassSummary c = only(s);
    assertThat(c.latency()).isEqualTo(LatencyVerdict.BORDERLINE);
    assertThat(c.verdict()).isEqualTo(ClassVerdict.SAME);
    assertThat(c.differences()).doesNotContainKey(DiffKind.LATENCY);
    assertThat(s.regressions()).isFalse();
    assertThat(c.latencyBasis().ratio().low()).isLessThan(GATE.latency().ratio());
    assertThat(c.latencyBasis().onLatencyAlone()).isTrue();
    assertThat(c.latencyBasis().wantsConfirmation()).isTrue();
    assertThat(c.latencyBasis().slowest()).hasSize(3);
  }

  @Test
  void aGateThatFailsBorderlineLatencyFailsTheRunOnIt() throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      busy(run);
    }
    LatencyThresholds d = LatencyThresholds.DEFAULT;
    GatePolicy strict =
        new GatePolicy(
            GATE.failing(),
            new LatencyThresholds(d.ratio(), d.minDeltaMicros(), d.alpha(), d.minSamples(), true),
            GATE.maxErrorRate());
    ClassSummary c = only(new RunAnalyzer(strict, 3, w -> {}).analyze(dir));
    assertThat(c.latency()).isEqualTo(LatencyVerdict.BORDERLINE);
    assertThat(c.verdict()).isEqualTo(ClassVerdict.REGRESSION);
    assertThat(c.differences()).containsKey(DiffKind.LATENCY);
  }

  @Test
  void aClearSlowdownIsARegressionUntilASecondMeasurementDoesNotHold() throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      slower(run, SQL, 2.0);
    }
    ClassSummary before = only(new RunAnalyzer(GATE, 3, w -> {}).analyze(dir));
    assertThat(before.latency()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(before.verdict()).isEqualTo(ClassVerdict.REGRESSION);
    assertThat(before.latencyBasis().wantsConfirmation()).isTrue();

    LatencyChecks.write(dir, List.of(check(before.classId(), 5000, 5100)));
    RunSummary after = new RunAnalyzer(GATE, 3, w -> {}).analyze(dir);
    ClassSummary c = only(after);
    assertThat(c.latency()).isEqualTo(LatencyVerdict.SAME);
    assertThat(c.verdict()).isEqualTo(ClassVerdict.SAME);
    assertThat(after.regressions()).isFalse();
    assertThat(c.latencyBasis().replayVerdict()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(c.latencyBasis().confirmation().outcome()).isEqualTo(Confirmation.Outcome.NOT_HELD);
    assertThat(c.latencyBasis().wantsConfirmation()).isFalse();
  }

  @Test
  void aSlowdownASecondMeasurementConfirmsStaysARegression() throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      busy(run);
    }
    String id = SqlProfile.of(SQL).classId();
    LatencyChecks.write(dir, List.of(check(id, 5000, 10000)));
    ClassSummary c = only(new RunAnalyzer(GATE, 3, w -> {}).analyze(dir));
    assertThat(c.latencyBasis().replayVerdict()).isEqualTo(LatencyVerdict.BORDERLINE);
    assertThat(c.latency()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(c.verdict()).isEqualTo(ClassVerdict.REGRESSION);
    assertThat(c.latencyBasis().confirmation().ratio().low()).isGreaterThan(1.3);
  }

  @Test
  void aClassThatFailsForAnotherReasonIsNotMeasuredAgain() throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      slower(run, SQL, 2.0);
      run.run(
          SQL,
          SyntheticRun.ok(5000, 1),
          SyntheticRun.ok(10000, 2),
          new io.querytester.run.Difference(DiffKind.ROW_COUNT, "1 -> 2", null));
    }
    ClassSummary c = only(new RunAnalyzer(GATE, 3, w -> {}).analyze(dir));
    assertThat(c.verdict()).isEqualTo(ClassVerdict.REGRESSION);
    assertThat(c.latency()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(c.latencyBasis().onLatencyAlone()).isFalse();
    assertThat(c.latencyBasis().wantsConfirmation()).isFalse();
  }

  private static LatencyCheck check(String classId, long oldMicros, long newMicros) {
    List<Long> old = new ArrayList<>();
    List<Long> neu = new ArrayList<>();
    SplittableRandom r = new SplittableRandom(9);
    for (int i = 0; i < 32; i++) {
      double moment = 1 + 0.3 * r.nextDouble();
      old.add((long) (oldMicros * moment * (0.97 + 0.06 * r.nextDouble())));
      neu.add((long) (newMicros * moment * (0.97 + 0.06 * r.nextDouble())));
    }
    return new LatencyCheck(classId, List.of(2L, 3L), old, neu, 0.8, null, null);
  }
}
