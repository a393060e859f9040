package io.querytester.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpinPolicyTest {
  @Test
  void neverSpinsOnOneProcessor() {
    SpinPolicy p = new SpinPolicy(1);
    for (int i = 0; i < 1000; i++) {
      assertFalse(p.spin());
    }
  }

  @Test
  void keepsSpinningWhileMostSpinsAreMet() {
    SpinPolicy p = new SpinPolicy(2);
    // 60% met, as at one connection per side
    assertEquals(1000, spins(p, 1000, i -> i % 5 < 3));
  }

  @Test
  void stopsWhenSpinsGoUnmetAndThenSpinsOnlyToProbe() {
    SpinPolicy p = new SpinPolicy(2);
    int spins = spins(p, SpinPolicy.PROBE_EVERY * 100, i -> false);
    // the first spins until the share of met ones falls under a quarter, then one probe in
    // PROBE_EVERY
    assertTrue(spins >= 100 && spins <= 130, spins + " spins in 6,400 waits");
    assertEquals(1, spins(p, SpinPolicy.PROBE_EVERY, i -> false));
    assertEquals(1, spins(p, SpinPolicy.PROBE_EVERY, i -> false));
  }

  @Test
  void aRareMetSpinDoesNotBringSpinningBack() {
    SpinPolicy p = new SpinPolicy(2);
    spins(p, 1000, i -> false);
    // 5% met, as at 32 connections per side: probes only
    int spins = spins(p, SpinPolicy.PROBE_EVERY * 100, i -> i % 20 == 0);
    assertTrue(spins <= 110, spins + " spins in 6,400 waits");
  }

  @Test
  void metProbesBringSpinningBack() {
    SpinPolicy p = new SpinPolicy(2);
    spins(p, 1000, i -> false);
    // the replay's pace changed: every spin is met again
    spins(p, SpinPolicy.PROBE_EVERY * 10, i -> true);
    assertEquals(100, spins(p, 100, i -> true));
  }

  /** Asks {@code waits} times; the k-th spin made is met when {@code met} says so. */
  private static int spins(SpinPolicy p, int waits, java.util.function.IntPredicate met) {
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
