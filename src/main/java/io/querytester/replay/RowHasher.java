package io.querytester.replay;

import com.dynatrace.hash4j.hashing.HashValue128;
import com.dynatrace.hash4j.hashing.Hasher128;
import com.dynatrace.hash4j.hashing.Hashing;
import java.util.Arrays;

/**
 * Hashes rows to 128 bits (XXH3-128, through hash4j: VarHandles, no sun.misc.Unsafe): each value is
 * framed (NULL marker or length + bytes), so that NULL differs from every value, including the
 * empty string and the text "NULL", and values cannot run into each other ("ab","c" vs "a","bc").
 * The row is framed into a reused buffer and hashed once.
 */
final class RowHasher {
  private static final Hasher128 XXH3 = Hashing.xxh3_128();

  private byte[] buf = new byte[256];
  private int len;

  void nullValue() {
    ensure(1);
    buf[len++] = 0;
  }

  void value(byte[] canonical) {
    int n = canonical.length;
    ensure(5 + n);
    buf[len++] = 1;
    buf[len++] = (byte) (n >>> 24);
    buf[len++] = (byte) (n >>> 16);
    buf[len++] = (byte) (n >>> 8);
    buf[len++] = (byte) n;
    System.arraycopy(canonical, 0, buf, len, n);
    len += n;
  }

  /**
   * Ends the row; the hasher is ready for the next. The hash stays two longs: the digest adds them
   * as they are, and only a sampled row needs its {@link #bytes} (per row, turning every hash into
   * bytes and back was a fifth of the hashing's CPU).
   */
  HashValue128 finish() {
    HashValue128 v = XXH3.hashBytesTo128Bits(buf, 0, len);
    len = 0;
    return v;
  }

  /** Low 64 bits first, each big-endian: the layout digests have always had. */
  static byte[] bytes(HashValue128 v) {
    byte[] h = new byte[16];
    put(v.getLeastSignificantBits(), v.getMostSignificantBits(), h, 0);
    return h;
  }

  /** Writes a hash given as its two halves into {@code b} at {@code off}, in the layout above. */
  static void put(long low, long high, byte[] b, int off) {
    putLong(b, off, low);
    putLong(b, off + 8, high);
  }

  /** Big-endian, unrolled: this runs twice per row under C1, which unrolls nothing. */
  private static void putLong(byte[] b, int off, long v) {
    b[off] = (byte) (v >>> 56);
    b[off + 1] = (byte) (v >>> 48);
    b[off + 2] = (byte) (v >>> 40);
    b[off + 3] = (byte) (v >>> 32);
    b[off + 4] = (byte) (v >>> 24);
    b[off + 5] = (byte) (v >>> 16);
    b[off + 6] = (byte) (v >>> 8);
    b[off + 7] = (byte) v;
  }

  private void ensure(int more) {
    if (len + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
    }
  }
}
