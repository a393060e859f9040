package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Step;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.run.DiffKind;
import io.querytester.run.RunInfo;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a class's steps across versions become last-like-OLD, first-like-NEW and monotonic. */
class VerdictsTest {
  private static final RunInfo INFO =
      RunInfo.starting(
          "w.jsonl",
          10,
          List.of(
              new RunInfo.Side("OLD", "embedded:mariadb-10.2.11", "10.2.11-MariaDB", Map.of()),
              new RunInfo.Side("NEW", "embedded:mariadb-11.4.5", "11.4.5-MariaDB", Map.of())),
          Map.of(),
          Instant.EPOCH);

  private static final BisectPlan.Target CLASS =
      new BisectPlan.Target(
          new ClassSummary(
              "ABC",
              "select ?",
              "SELECT 1",
              "read",
              ClassVerdict.REGRESSION,
              1,
              0,
              null,
              Map.of(DiffKind.RESULT, 1L),
              List.of(),
              List.of(),
              null,
              null,
              null,
              Double.NaN,
              Map.of(),
              null),
          EnumSet.of(DiffKind.RESULT),
          List.of());

  private static ClassResult locate(String... behaves) {
    String[] versions = {"10.2.11", "10.6.1", "10.11.5", "11.4.5"};
    List<Step> steps =
        java.util.stream.IntStream.range(0, behaves.length)
            .mapToObj(i -> new Step(versions[i], behaves[i]))
            .toList();
    return Verdicts.locate(CLASS, INFO, steps);
  }

  @Test
  void aSingleChangeIsPlaced() {
    ClassResult c = locate("old", "old", "new", "new");
    assertThat(c.lastOld()).isEqualTo("10.6.1");
    assertThat(c.firstNew()).isEqualTo("10.11.5");
    assertThat(c.monotonic()).isTrue();
    assertThat(c.note()).isNull();
  }

  @Test
  void stepsThatSayNothingArePassedOver() {
    ClassResult c = locate("old", "both", "not-run", "new");
    assertThat(c.lastOld()).isEqualTo("10.2.11");
    assertThat(c.firstNew()).isEqualTo("11.4.5");
    assertThat(c.monotonic()).isTrue();
  }

  @Test
  void backAndForthOrSomethingElseIsNotMonotonic() {
    assertThat(locate("old", "new", "old", "new").monotonic()).isFalse();
    assertThat(locate("old", "neither", "new", "new").monotonic()).isFalse();
    assertThat(locate("old", "mixed", "new", "new").note()).startsWith("not monotonic");
  }

  @Test
  void notReproducedIsSaid() {
    ClassResult c = locate("old", "old", "old", "old");
    assertThat(c.firstNew()).isNull();
    assertThat(c.note()).contains("not reproduced");
    assertThat(locate("not-run", "not-run").note()).contains("not run on any version");
  }

  @Test
  void anErrorOnNewOnlyIsAnErrorFixedSeenFromNew() {
    assertThat(Bisect.bothWays(EnumSet.of(DiffKind.ERROR_NEW)))
        .containsExactlyInAnyOrder(
            DiffKind.ERROR_NEW, DiffKind.ERROR_FIXED, DiffKind.ERROR_CHANGED);
    assertThat(Bisect.bothWays(EnumSet.of(DiffKind.RESULT))).containsExactly(DiffKind.RESULT);
  }
}
