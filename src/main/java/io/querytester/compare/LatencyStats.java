package io.querytester.compare;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.SplittableRandom;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Latencies of one class on one side: an HdrHistogram (microseconds, 3 significant digits) for
 * percentiles, and a bounded uniform reservoir of raw values for the significance test.
 */
public final class LatencyStats {
  static final int RESERVOIR = 2000;
  private static final long MAX_MICROS = 3_600_000_000L;

  /**
   * Null while every value is in the reservoir (a class run at most {@link #RESERVOIR} times, most
   * of them in a workload of thousands of classes): percentiles are then read from the sorted
   * values with the histogram's own rounding. A class run more often records into an int-counts
   * histogram that grows with its largest latency (12 KB for latencies to 3 ms, 90 KB to an hour).
   * The packed histogram used before took 2-5 us per value under the C1 compiler (its packed array
   * re-indexed for each new value): 0.2 s of the analysis of a 20,000-statement replay.
   */
  private AbstractHistogram histogram;

  /** Never recorded into: its equivalent-value ranges are those of every histogram here. */
  private static final AbstractHistogram RULER = new IntCountsHistogram(MAX_MICROS, 3);

  private double[] reservoir = new double[16];
  private boolean sorted;
  private final SplittableRandom random;
  private long seen;

  public LatencyStats(long seed) {
    this.random = new SplittableRandom(seed);
  }

  public void record(long micros) {
    long v = Math.min(Math.max(1, micros), MAX_MICROS);
    if (histogram == null && seen == RESERVOIR) {
      histogram = fromReservoir();
    }
    if (histogram != null) {
      histogram.recordValue(v);
    }
    if (seen < RESERVOIR) {
      if (seen == reservoir.length) {
        reservoir = java.util.Arrays.copyOf(reservoir, Math.min(RESERVOIR, reservoir.length * 2));
      }
      reservoir[(int) seen] = v;
      sorted = false;
    } else {
      long j = random.nextLong(seen + 1);
      if (j < RESERVOIR) {
        reservoir[(int) j] = v;
      }
    }
    seen++;
  }

  /** A histogram of every value seen so far: while they are all in the reservoir. */
  private AbstractHistogram fromReservoir() {
    AbstractHistogram h = new IntCountsHistogram(3);
    for (int i = 0; i < seen; i++) {
      h.recordValue((long) reservoir[i]);
    }
    return h;
  }

  public long count() {
    return seen;
  }

  /** As {@link AbstractHistogram#getValueAtPercentile}, also while the values are all at hand. */
  public long percentile(double p) {
    if (seen == 0) {
      return 0;
    }
    if (histogram != null) {
      return histogram.getValueAtPercentile(p);
    }
    int n = (int) seen;
    if (!sorted) {
      java.util.Arrays.sort(reservoir, 0, n);
      sorted = true;
    }
    double requested =
        Math.min(Math.max(Math.nextAfter(p, Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
    long rank = Math.max(1, (long) Math.ceil((requested * n) / 100.0D));
    long v = (long) reservoir[(int) Math.min(rank, n) - 1];
    return p == 0.0 ? RULER.lowestEquivalentValue(v) : RULER.highestEquivalentValue(v);
  }

  /** The histogram of every value (made for the asking while they are all in the reservoir). */
  public AbstractHistogram histogram() {
    return histogram != null ? histogram : fromReservoir();
  }

  double[] samples() {
    return java.util.Arrays.copyOf(reservoir, (int) Math.min(seen, RESERVOIR));
  }

  /** The histogram in HdrHistogram's compressed form, base64: what the run folder keeps. */
  public String encoded() {
    AbstractHistogram h = histogram();
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
  }

  public static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (java.util.zip.DataFormatException e) {
      throw new IllegalArgumentException("not an encoded histogram", e);
    }
  }

  /** The verdict for NEW (this = OLD, other = NEW), with the p-value when it was computed. */
  public Evaluation compareTo(LatencyStats neu, LatencyThresholds t) {
    if (count() < t.minSamples() || neu.count() < t.minSamples()) {
      return new Evaluation(LatencyVerdict.CANNOT_EVALUATE, Double.NaN);
    }
    boolean slower = worse(this, neu, 50, t) || worse(this, neu, 95, t);
    boolean faster = worse(neu, this, 50, t) || worse(neu, this, 95, t);
    if (!slower && !faster) {
      return new Evaluation(LatencyVerdict.SAME, Double.NaN);
    }
    double p = pValue(samples(), neu.samples());
    if (p >= t.alpha()) {
      return new Evaluation(LatencyVerdict.SAME, p);
    }
    return new Evaluation(slower ? LatencyVerdict.DEGRADED : LatencyVerdict.IMPROVED, p);
  }

  /**
   * Two-sided Mann-Whitney U test. Latencies come in whole microseconds and repeat a lot, so the
   * normal approximation must correct its variance for ties (with a continuity correction); the
   * exact distribution serves small samples without ties.
   */
  static double pValue(double[] old, double[] neu) {
    return MannWhitneyUTest.withDefaults().test(old, neu).getPValue();
  }

  private static boolean worse(LatencyStats a, LatencyStats b, double pct, LatencyThresholds t) {
    long pa = a.percentile(pct);
    long pb = b.percentile(pct);
    return pb > pa * t.ratio() && pb - pa > t.minDeltaMicros();
  }

  /** A latency verdict and the Mann-Whitney p-value behind it (NaN when not computed). */
  public record Evaluation(LatencyVerdict verdict, double pValue) {}
}
