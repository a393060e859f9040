package io.querytester.drift;

import java.math.BigInteger;

/**
 * What one side says about one chunk.
 *
 * @param rows COUNT(*)
 * @param sum exact sum of the rows' 64-bit hashes (the first 16 hex digits of each row's MD5)
 */
record Checksum(long rows, BigInteger sum) {

  static Checksum of(long rows, String sum) {
    return new Checksum(rows, new BigInteger(sum));
  }

  /** Short form for reports and the state file. */
  String digest() {
    return rows + ":" + sum.toString(16);
  }
}
