package io.querytester.replay;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Accumulates a {@link ResultDigest} one row hash at a time, in constant memory.
 *
 * <p>Besides the whole-result sums it keeps one sum per bucket of row hashes (by the hash's first
 * byte). When two results differ, the buckets that differ say which rows to look at, so that a
 * sample of the differing rows can be found later without sorting or holding either result.
 */
final class DigestBuilder {
  static final int BUCKETS = 256;

  private final MessageDigest ordered;
  private long hi;
  private long lo;
  private final long[] bucketHi = new long[BUCKETS];
  private final long[] bucketLo = new long[BUCKETS];
  private long rows;

  DigestBuilder() {
    try {
      ordered = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  void add(byte[] rowHash) {
    rows++;
    ordered.update(rowHash);
    long h = toLong(rowHash, 0);
    long l = toLong(rowHash, 8);
    long sum = lo + l;
    hi += h + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
    lo = sum;
    int b = rowHash[0] & 0xff;
    long bs = bucketLo[b] + l;
    bucketHi[b] += h + (Long.compareUnsigned(bs, bucketLo[b]) < 0 ? 1 : 0);
    bucketLo[b] = bs;
  }

  long rows() {
    return rows;
  }

  ResultDigest build() {
    HexFormat hex = HexFormat.of();
    return new ResultDigest(
        rows, hex.formatHex(ordered.digest()), hex.toHexDigits(hi) + hex.toHexDigits(lo));
  }

  /** The buckets whose sums differ from the other side's: where the differing rows are. */
  BucketSet differingBuckets(DigestBuilder other) {
    BucketSet set = new BucketSet();
    for (int b = 0; b < BUCKETS; b++) {
      if (bucketHi[b] != other.bucketHi[b] || bucketLo[b] != other.bucketLo[b]) {
        set.add(b);
      }
    }
    return set;
  }

  static int bucketOf(byte[] rowHash) {
    return rowHash[0] & 0xff;
  }

  private static long toLong(byte[] b, int off) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[off + i] & 0xff);
    }
    return v;
  }

  /** A set of bucket numbers. */
  static final class BucketSet {
    private final boolean[] in = new boolean[BUCKETS];
    private int size;

    void add(int b) {
      if (!in[b]) {
        in[b] = true;
        size++;
      }
    }

    boolean contains(int b) {
      return in[b];
    }

    int size() {
      return size;
    }

    /** The first {@code n} buckets of this set, to bound how many rows a sample run keeps. */
    BucketSet first(int n) {
      BucketSet s = new BucketSet();
      for (int b = 0; b < BUCKETS && s.size < n; b++) {
        if (in[b]) {
          s.add(b);
        }
      }
      return s;
    }
  }
}
