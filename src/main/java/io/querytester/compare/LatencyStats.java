package io.querytester.compare;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Latencies of one class on one side: an HdrHistogram (microseconds, 3 significant digits, packed
 * so that thousands of classes stay small) for percentiles, and a bounded uniform reservoir of raw
 * values for the significance test.
 */
public final class LatencyStats {
  static final int RESERVOIR = 2000;
  private static final long MAX_MICROS = 3_600_000_000L;

  private final Histogram histogram = new PackedHistogram(MAX_MICROS, 3);
  private final double[] reservoir = new double[RESERVOIR];
  private final SplittableRandom random;
  private long seen;

  public LatencyStats(long seed) {
    this.random = new SplittableRandom(seed);
  }

  public void record(long micros) {
    long v = Math.min(Math.max(1, micros), MAX_MICROS);
    histogram.recordValue(v);
    if (seen < RESERVOIR) {
      reservoir[(int) seen] = v;
    } else {
      long j = random.nextLong(seen + 1);
      if (j < RESERVOIR) {
        reservoir[(int) j] = v;
      }
    }
    seen++;
  }

  public long count() {
    return histogram.getTotalCount();
  }

  public long percentile(double p) {
    return count() == 0 ? 0 : histogram.getValueAtPercentile(p);
  }

  public Histogram histogram() {
    return histogram;
  }

  double[] samples() {
    return java.util.Arrays.copyOf(reservoir, (int) Math.min(seen, RESERVOIR));
  }

  /** The histogram in HdrHistogram's compressed form, base64: what the run folder keeps. */
  public String encoded() {
    ByteBuffer buf = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int n = histogram.encodeIntoCompressedByteBuffer(buf);
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
