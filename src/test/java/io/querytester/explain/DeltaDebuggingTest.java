package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DeltaDebuggingTest {
  private static final List<Integer> FORTY = IntStream.range(0, 40).boxed().toList();

  @Test
  void oneCauseAmongFortyIsFoundInAboutTwiceLogNTests() {
    DeltaDebugging.Result<Integer> r =
        DeltaDebugging.minimize(FORTY, s -> s.contains(17), () -> false);
    assertThat(r.items()).containsExactly(17);
    assertThat(r.complete()).isTrue();
    assertThat(r.tests()).isLessThanOrEqualTo(2 * 6 + 2);
  }

  @Test
  void twoCausesThatOnlyTogetherPassAreBothKept() {
    Predicate<List<Integer>> both = s -> s.contains(3) && s.contains(31);
    DeltaDebugging.Result<Integer> r = DeltaDebugging.minimize(FORTY, both, () -> false);
    assertThat(r.items()).containsExactly(3, 31);
    // 1-minimal: neither alone passes
    assertThat(both.test(List.of(3))).isFalse();
    assertThat(both.test(List.of(31))).isFalse();
  }

  @Test
  void eitherOfTwoCausesAloneGivesOne() {
    DeltaDebugging.Result<Integer> r =
        DeltaDebugging.minimize(FORTY, s -> s.contains(5) || s.contains(9), () -> false);
    assertThat(r.items()).hasSize(1).containsAnyOf(5, 9);
  }

  @Test
  void stoppedEarlyItGivesTheSmallestPassingSetSoFar() {
    int[] asked = {0};
    DeltaDebugging.Result<Integer> r =
        DeltaDebugging.minimize(FORTY, s -> s.containsAll(Set.of(1, 2, 30)), () -> ++asked[0] > 3);
    assertThat(r.complete()).isFalse();
    assertThat(r.items()).contains(1, 2, 30);
    assertThat(r.tests()).isEqualTo(3);
  }

  @Test
  void chunksCoverTheListInOrder() {
    assertThat(DeltaDebugging.split(List.of(1, 2, 3, 4, 5), 2))
        .containsExactly(List.of(1, 2), List.of(3, 4, 5));
    assertThat(DeltaDebugging.split(List.of(1, 2, 3), 3))
        .containsExactly(List.of(1), List.of(2), List.of(3));
  }
}
