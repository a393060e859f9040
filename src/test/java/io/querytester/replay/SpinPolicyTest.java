package io.querytester.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The counts below follow from the policy's numbers (a running share that starts at a half, each
 * spin weighing 1/16, a quarter to go on, a probe in 64 waits): a change to any of them changes
 * some count.
 */
class SpinPolicyTest {
  private static final IntPredicate NEVER = k -> false;

  @Test
  void neverSpinsOnOneProcessor() {
    SpinPolicy p = new SpinPolicy(1, SpinPolicy.TASK_NANOS);
    for (int i = 0; i < 1000; i++) {
      assertFalse(p.spin());
    }
  }

  @Test
  void keepsSpinningWhileAtLeastTwoSpinsInFiveAreMet() {
    // 60% met, as the lane's at one connection per side; 40% still keeps the share up
    assertEquals(1000, spins(new SpinPolicy(2, SpinPolicy.TASK_NANOS), 1000, k -> k % 5 < 3));
    assertEquals(1000, spins(new SpinPolicy(2, SpinPolicy.TASK_NANOS), 1000, k -> k % 5 < 2));
  }

  @Test
  void stopsAfterElevenUnmetSpinsAndThenSpinsOnceIn64Waits() {
    SpinPolicy p = new SpinPolicy(2, SpinPolicy.TASK_NANOS);
    assertEquals(11, spins(p, 11, NEVER));
    assertEquals(0, spins(p, SpinPolicy.PROBE_EVERY - 1, NEVER));
    assertEquals(1, spins(p, 1, NEVER));
    assertEquals(98, spins(p, SpinPolicy.PROBE_EVERY * 98, NEVER));
  }

  @Test
  void stopsWhenFewSpinsAreMet() {
    // 20% met: the share falls under a quarter and the thread parks but for probes
    assertEquals(44, spins(new SpinPolicy(2, SpinPolicy.TASK_NANOS), 1000, k -> k % 5 == 0));
  }

  @Test
  void aRareMetProbeDoesNotBringSpinningBack() {
    SpinPolicy p = new SpinPolicy(2, SpinPolicy.TASK_NANOS);
    spins(p, 1000, NEVER);
    // 5% of probes met: probes only, one in 64 waits
    assertEquals(100, spins(p, SpinPolicy.PROBE_EVERY * 100, k -> k % 20 == 0));
  }

  @Test
  void fourMetProbesInARowBringSpinningBack() {
    SpinPolicy p = new SpinPolicy(2, SpinPolicy.TASK_NANOS);
    spins(p, 1000, NEVER);
    // the replay's pace changed: every spin is met again
    while (!p.spin()) {
      // waits that park, up to the next probe
    }
    p.spun(true);
    // three more probes, the last of them the 192nd wait: only then does spinning start again
    assertEquals(3, spins(p, SpinPolicy.PROBE_EVERY * 3, k -> true));
    assertEquals(100, spins(p, 100, k -> true));
  }

  /** Asks {@code waits} times; the k-th spin made is met when {@code met} says so. */
  private static int spins(SpinPolicy p, int waits, IntPredicate met) {
    int spins = 0;
    for (int i = 0; i < waits; i++) {
      if (p.spin()) {
        p.spun(met.test(spins));
        spins++;
      }
    }
    return spins;
  }
}
