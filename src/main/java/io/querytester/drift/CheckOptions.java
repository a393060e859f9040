package io.querytester.drift;

import io.querytester.BadInputException;
import java.time.Duration;

/**
 * How chunks are compared.
 *
 * @param floatPrecision decimals FLOAT and DOUBLE values are rounded to before hashing
 * @param rechecks how often a mismatching chunk is read again (after the replica caught up) before
 *     its rows are diffed
 * @param maxDiffRows at most this many differing rows are shown per table and replica
 * @param waitTimeout how long to wait for a replica to reach the source's position
 */
public record CheckOptions(
    int floatPrecision, int rechecks, int maxDiffRows, Duration waitTimeout) {
  public static final CheckOptions DEFAULTS = new CheckOptions(6, 3, 100, Duration.ofMinutes(5));

  public CheckOptions {
    if (floatPrecision < 0 || floatPrecision > 30) {
      throw new BadInputException("--decimal-places must be 0-30 (got " + floatPrecision + ")");
    }
    if (rechecks < 0 || maxDiffRows < 0) {
      throw new BadInputException("--rechecks and --max-diff-rows must be >= 0");
    }
    if (waitTimeout.isNegative() || waitTimeout.isZero()) {
      throw new BadInputException("--wait-timeout must be positive, e.g. 300s");
    }
  }
}
