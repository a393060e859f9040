package io.querytester.replay;

import java.util.Arrays;
import net.openhft.hashing.LongTupleHashFunction;

/**
 * Hashes rows to 128 bits (xxHash128): each value is framed (NULL marker or length + bytes), so
 * that NULL differs from every value, including the empty string and the text "NULL", and values
 * cannot run into each other ("ab","c" vs "a","bc"). The row is framed into a reused buffer and
 * hashed once.
 */
final class RowHasher {
  private static final LongTupleHashFunction XX128 = LongTupleHashFunction.xx128();

  private byte[] buf = new byte[256];
  private int len;
  private final long[] out = new long[2];

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

  /** Ends the row; the hasher is ready for the next. */
  byte[] finish() {
    XX128.hashBytes(buf, 0, len, out);
    len = 0;
    byte[] h = new byte[16];
    for (int i = 0; i < 8; i++) {
      h[i] = (byte) (out[0] >>> (56 - 8 * i));
      h[8 + i] = (byte) (out[1] >>> (56 - 8 * i));
    }
    return h;
  }

  private void ensure(int more) {
    if (len + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
    }
  }
}
