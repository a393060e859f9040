package io.querytester.replay;

import com.dynatrace.hash4j.hashing.HashValue128;
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

  // Ordered digest: a chain h = xxh3_128(h || rowHash), so the order of rows changes it.
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
    chain(chained, h, l);
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

  // XXH3's default secret, its first 32 bytes read as little-endian longs, and its primes.
  private static final long S0 = 0xbe4ba423396cfeb8L;
  private static final long S1 = 0x1cad21f72c81017cL;
  private static final long S2 = 0xdb979083e96dd4deL;
  private static final long S3 = 0x1f67b3b7a4a44072L;
  private static final long P1 = 0x9E3779B185EBCA87L;
  private static final long P4 = 0x85EBCA77C2B2AE63L;
  // the length (32) times PRIME64_1 and PRIME64_2, wrapped to 64 bits
  private static final long LEN_P1 = 0xc6ef3630bd7950e0L;
  private static final long LEN_P2 = 0x5655c7a4fa9d69e0L;

  /**
   * One step of the ordered chain: {@code state} becomes XXH3-128 (seed 0) of the 32 bytes {@code
   * state[0], state[1], low, high}, each written big-endian, as it always was (DigestBuilderTest
   * holds the values earlier versions wrote, and checks this against hash4j). XXH3 of exactly 32
   * bytes is one 32-byte mix; computed on the four longs it needs no buffer to write and read back:
   * 26-44 ns per row under the launcher's C1 against 44-68 ns through the buffer and hash4j.
   */
  static void chain(long[] state, long low, long high) {
    // the little-endian words XXH3 reads from bytes written big-endian
    long w0 = Long.reverseBytes(state[0]);
    long w1 = Long.reverseBytes(state[1]);
    long w2 = Long.reverseBytes(low);
    long w3 = Long.reverseBytes(high);
    long accLow = LEN_P1 + mulFold(w0 ^ S0, w1 ^ S1);
    accLow ^= w2 + w3;
    long accHigh = mulFold(w2 ^ S2, w3 ^ S3);
    accHigh ^= w0 + w1;
    state[0] = avalanche(accLow + accHigh);
    state[1] = -avalanche(accLow * P1 + accHigh * P4 + LEN_P2);
  }

  /** The 128-bit product of two unsigned longs, its halves xor-ed. */
  private static long mulFold(long a, long b) {
    return (a * b) ^ Math.unsignedMultiplyHigh(a, b);
  }

  private static long avalanche(long h) {
    h ^= h >>> 37;
    h *= 0x165667919E3779F9L;
    return h ^ (h >>> 32);
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
