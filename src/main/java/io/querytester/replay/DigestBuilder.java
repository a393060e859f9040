package io.querytester.replay;

import com.dynatrace.hash4j.hashing.HashValue128;
import com.dynatrace.hash4j.hashing.Hasher128;
import com.dynatrace.hash4j.hashing.Hashing;
import io.querytester.run.ResultDigest;
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

  private static final Hasher128 XXH3 = Hashing.xxh3_128();

  // Ordered digest: a chain h = xxh3_128(h || rowHash), so the order of rows changes it.
  private final byte[] chain = new byte[32];
  private final long[] chained = new long[2];
  private long hi;
  private long lo;
  private final long[] bucketHi = new long[BUCKETS];
  private final long[] bucketLo = new long[BUCKETS];
  private long rows;

  void add(byte[] rowHash) {
    rows++;
    putLong(chain, 0, chained[0]);
    putLong(chain, 8, chained[1]);
    System.arraycopy(rowHash, 0, chain, 16, 16);
    HashValue128 c = XXH3.hashBytesTo128Bits(chain);
    chained[0] = c.getLeastSignificantBits();
    chained[1] = c.getMostSignificantBits();
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
        rows,
        hex.toHexDigits(chained[0]) + hex.toHexDigits(chained[1]),
        hex.toHexDigits(hi) + hex.toHexDigits(lo));
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

  private static void putLong(byte[] b, int off, long v) {
    for (int i = 0; i < 8; i++) {
      b[off + i] = (byte) (v >>> (56 - 8 * i));
    }
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
