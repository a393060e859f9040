package io.querytester.replay;

import com.dynatrace.hash4j.hashing.HashValue128;
import com.dynatrace.hash4j.hashing.Hasher128;
import com.dynatrace.hash4j.hashing.Hashing;
import io.querytester.run.DigestText;
import io.querytester.run.ResultDigest;

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

  /**
   * The bucket sums (4 KB) are made only for a result of more than {@link #FEW} rows, or when asked
   * for: most statements return a row or a few, and making them for each result on each side was
   * the replay's largest allocation. Until then the row hashes are kept as they came.
   */
  private static final int FEW = 16;

  private long[] bucketHi;
  private long[] bucketLo;
  private long[] few;
  private int kept;
  private long rows;

  /** Adds a row's hash: the same sums as its {@link RowHasher#bytes} form read big-endian. */
  void add(HashValue128 rowHash) {
    rows++;
    long h = rowHash.getLeastSignificantBits();
    long l = rowHash.getMostSignificantBits();
    RowHasher.put(chained[0], chained[1], chain, 0);
    RowHasher.put(h, l, chain, 16);
    HashValue128 c = XXH3.hashBytesTo128Bits(chain);
    chained[0] = c.getLeastSignificantBits();
    chained[1] = c.getMostSignificantBits();
    long sum = lo + l;
    hi += h + (Long.compareUnsigned(sum, lo) < 0 ? 1 : 0);
    lo = sum;
    if (bucketHi == null && kept < FEW) {
      if (few == null) {
        few = new long[2 * FEW];
      }
      few[2 * kept] = h;
      few[2 * kept + 1] = l;
      kept++;
    } else {
      buckets();
      addToBucket(h, l);
    }
  }

  private void buckets() {
    if (bucketHi != null) {
      return;
    }
    bucketHi = new long[BUCKETS];
    bucketLo = new long[BUCKETS];
    for (int i = 0; i < kept; i++) {
      addToBucket(few[2 * i], few[2 * i + 1]);
    }
    few = null;
  }

  /** {@code h} is the hash's first eight bytes (its bucket is their first), {@code l} the rest. */
  private void addToBucket(long h, long l) {
    int b = (int) (h >>> 56);
    long bs = bucketLo[b] + l;
    bucketHi[b] += h + (Long.compareUnsigned(bs, bucketLo[b]) < 0 ? 1 : 0);
    bucketLo[b] = bs;
  }

  long rows() {
    return rows;
  }

  ResultDigest build() {
    return new ResultDigest(rows, DigestText.hex(chained[0], chained[1]), DigestText.hex(hi, lo));
  }

  /** The buckets whose sums differ from the other side's: where the differing rows are. */
  BucketSet differingBuckets(DigestBuilder other) {
    buckets();
    other.buckets();
    BucketSet set = new BucketSet();
    for (int b = 0; b < BUCKETS; b++) {
      if (bucketHi[b] != other.bucketHi[b] || bucketLo[b] != other.bucketLo[b]) {
        set.add(b);
      }
    }
    return set;
  }

  /** The first byte of the hash's bytes. */
  static int bucketOf(HashValue128 rowHash) {
    return (int) (rowHash.getLeastSignificantBits() >>> 56);
  }

  /** The second byte of the hash's bytes, which thins out the rows of a large bucket. */
  static int subBucketOf(HashValue128 rowHash) {
    return (int) (rowHash.getLeastSignificantBits() >>> 48) & 0xff;
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
