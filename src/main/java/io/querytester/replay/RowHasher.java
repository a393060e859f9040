package io.querytester.replay;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Hashes rows to 128 bits: each value is framed (NULL marker or length + bytes), so that NULL
 * differs from every value, including the empty string and the text "NULL", and values cannot run
 * into each other ("ab","c" vs "a","bc").
 */
final class RowHasher {
  private final MessageDigest md5;

  RowHasher() {
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no MD5", e);
    }
  }

  void nullValue() {
    md5.update((byte) 0);
  }

  void value(byte[] canonical) {
    int n = canonical.length;
    md5.update((byte) 1);
    md5.update((byte) (n >>> 24));
    md5.update((byte) (n >>> 16));
    md5.update((byte) (n >>> 8));
    md5.update((byte) n);
    md5.update(canonical);
  }

  /** Ends the row; the hasher is ready for the next. */
  byte[] finish() {
    return md5.digest();
  }
}
