package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LaneQueueTest {
  @Test
  void aLaneHolds512JobsUpToEightLanesThenAShareOf4096ButAlwaysTwoBatches() {
    assertThat(Lane.queueCapacity(1)).isEqualTo(512);
    assertThat(Lane.queueCapacity(8)).isEqualTo(512);
    assertThat(Lane.queueCapacity(16)).isEqualTo(256);
    assertThat(Lane.queueCapacity(32)).isEqualTo(128);
    assertThat(Lane.queueCapacity(64)).isEqualTo(128);
    assertThat(Lane.queueCapacity(1000)).isEqualTo(128);
    assertThat(Lane.queueCapacity(0)).isEqualTo(512);
  }
}
