package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.DiffKind;
import org.junit.jupiter.api.Test;

class GatePolicyTest {
  @Test
  void inANondeterministicClassValuesAreNoiseAndRowCountsOnlyWhenTheyVaried() {
    assertThat(GatePolicy.isNoise(DiffKind.RESULT, false)).isTrue();
    assertThat(GatePolicy.isNoise(DiffKind.ROW_ORDER, false)).isTrue();
    assertThat(GatePolicy.isNoise(DiffKind.ROW_COUNT, false)).isFalse();
    assertThat(GatePolicy.isNoise(DiffKind.ROW_COUNT, true)).isTrue();
    assertThat(GatePolicy.isNoise(DiffKind.METADATA, true)).isFalse();
    assertThat(GatePolicy.isNoise(DiffKind.ERROR_NEW, true)).isFalse();
  }

  @Test
  void theNewKindsDoNotFailByDefault() {
    for (DiffKind k :
        new DiffKind[] {DiffKind.COLUMN_DEFINITION, DiffKind.ERROR_TEXT, DiffKind.DIAGNOSTICS}) {
      assertThat(GatePolicy.DEFAULT.fails(k)).as(k.name()).isFalse();
    }
  }
}
