package io.querytester.drift;

import java.math.BigInteger;

/**
 * What one side says about one chunk.
 *
 * @param rows COUNT(*)
 * @param high sum of the high 64-bit halves of the row hashes
 * @param low sum of the low halves
 */
record Checksum(long rows, BigInteger high, BigInteger low) {

  static Checksum of(long rows, String high, String low) {
    return new Checksum(rows, new BigInteger(high), new BigInteger(low));
  }

  /** Short form for reports and the state file. */
  String digest() {
    return rows + ":" + high.toString(16) + ":" + low.toString(16);
  }
}
