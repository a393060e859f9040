package io.querytester.run;

import java.util.Objects;

/**
 * A result set reduced to a few numbers, computed while streaming it once.
 *
 * @param rows rows read
 * @param ordered 128-bit hash of the rows in the order they came (hex)
 * @param unordered sum modulo 2^128 of the 128-bit row hashes: the same for any row order, and
 *     unlike XOR it does not cancel duplicate rows (hex)
 */
public record ResultDigest(long rows, String ordered, String unordered) {
  // Written out for the C1 compiler, as ColumnMeta's: the execution log compares digests per
  // statement.
  @Override
  public boolean equals(Object o) {
    return o == this
        || o instanceof ResultDigest d
            && rows == d.rows
            && Objects.equals(ordered, d.ordered)
            && Objects.equals(unordered, d.unordered);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Long.hashCode(rows) + Objects.hashCode(ordered))
        + Objects.hashCode(unordered);
  }
}
