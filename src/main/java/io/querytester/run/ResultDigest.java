package io.querytester.run;

/**
 * A result set reduced to a few numbers, computed while streaming it once.
 *
 * @param rows rows read
 * @param ordered 128-bit hash of the rows in the order they came (hex)
 * @param unordered sum modulo 2^128 of the 128-bit row hashes: the same for any row order, and
 *     unlike XOR it does not cancel duplicate rows (hex)
 */
public record ResultDigest(long rows, String ordered, String unordered) {}
