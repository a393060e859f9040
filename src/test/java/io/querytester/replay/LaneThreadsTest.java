package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LaneThreadsTest {
  @Test
  void lanesRunOnVirtualThreadsOnlyFromEightPerProcessorOnJdk25() {
    assertThat(LaneThreads.forLanes(1, 2, 25).virtual()).isFalse();
    assertThat(LaneThreads.forLanes(8, 2, 25).virtual()).isFalse();
    assertThat(LaneThreads.forLanes(15, 2, 25).virtual()).isFalse();
    assertThat(LaneThreads.forLanes(16, 2, 25).virtual()).isTrue();
    assertThat(LaneThreads.forLanes(32, 2, 25).virtual()).isTrue();
    assertThat(LaneThreads.forLanes(32, 8, 25).virtual()).isFalse();
    assertThat(LaneThreads.forLanes(8, 1, 25).virtual()).isTrue();
    // only on the JDK measured
    assertThat(LaneThreads.forLanes(32, 2, 21).virtual()).isFalse();
    assertThat(LaneThreads.forLanes(32, 2, 24).virtual()).isFalse();
  }

  @Test
  void aVirtualThreadNeverSpinsAndIsStartedAsAsked() throws Exception {
    assertThat(new LaneThreads(true).spinProcessors()).isEqualTo(1);
    boolean[] ran = new boolean[2];
    Thread v = new LaneThreads(true).start("v", false, () -> ran[0] = true);
    Thread p = new LaneThreads(false).start("p", true, () -> ran[1] = true);
    v.join();
    p.join();
    assertThat(v.isVirtual()).isTrue();
    assertThat(p.isVirtual()).isFalse();
    assertThat(p.isDaemon()).isTrue();
    assertThat(v.getName()).isEqualTo("v");
    assertThat(ran).containsExactly(true, true);
  }
}
