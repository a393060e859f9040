package io.querytester.compare;

import io.querytester.run.LatencyRatio;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The paired latencies of one class: each execution's first run and its --repeat runs, OLD and NEW
 * side by side as they ran at the same moment, in a bounded uniform reservoir; and the executions
 * whose NEW was slowest against OLD, the statements a confirmation runs again.
 */
public final class LatencyPairs {
  static final int RESERVOIR = 2000;

  /** Executions kept as the slowest: a confirmation's example statements. */
  static final int SLOWEST = 3;

  private double[] old = new double[16];
  private double[] neu = new double[16];
  private long seen;
  private final SplittableRandom random;
  private final List<Slow> slowest = new ArrayList<>(SLOWEST + 1);

  /**
   * An execution of the class and how much slower NEW was in it.
   *
   * @param event its line in the workload
   * @param session its captured session, whose state it ran in
   * @param ratio NEW/OLD of the execution's median latencies
   */
  public record Slow(long event, long session, double ratio) {}

  public LatencyPairs(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** Adds an execution: its runs on OLD and on NEW, the i-th of each side run together. */
  public void add(long event, long session, long[] oldMicros, long[] newMicros) {
    int n = Math.min(oldMicros.length, newMicros.length);
    if (n == 0) {
      return;
    }
    for (int i = 0; i < n; i++) {
      add(oldMicros[i], newMicros[i]);
    }
    double ratio = (double) Math.max(1, median(newMicros, n)) / Math.max(1, median(oldMicros, n));
    slowest.add(new Slow(event, session, ratio));
    slowest.sort(Comparator.comparingDouble(Slow::ratio).reversed());
    if (slowest.size() > SLOWEST) {
      slowest.removeLast();
    }
  }

  private void add(long o, long n) {
    if (seen < RESERVOIR) {
      if (seen == old.length) {
        old = Arrays.copyOf(old, Math.min(RESERVOIR, old.length * 2));
        neu = Arrays.copyOf(neu, old.length);
      }
      old[(int) seen] = o;
      neu[(int) seen] = n;
    } else {
      long j = random.nextLong(seen + 1);
      if (j < RESERVOIR) {
        old[(int) j] = o;
        neu[(int) j] = n;
      }
    }
    seen++;
  }

  private static long median(long[] values, int n) {
    long[] sorted = Arrays.copyOf(values, n);
    Arrays.sort(sorted);
    return sorted[n / 2];
  }

  /** Pairs added. */
  public long count() {
    return seen;
  }

  /** The NEW/OLD ratio with its interval at {@code confidence}; null without pairs. */
  public LatencyRatio ratio(double confidence) {
    int n = (int) Math.min(seen, RESERVOIR);
    return HodgesLehmann.ratio(Arrays.copyOf(old, n), Arrays.copyOf(neu, n), confidence);
  }

  /** The executions whose NEW was slowest against OLD, slowest first. */
  public List<Slow> slowest() {
    return List.copyOf(slowest);
  }
}
