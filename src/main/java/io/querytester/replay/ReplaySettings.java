package io.querytester.replay;

import io.querytester.BadInputException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How to replay, validated before any server is touched.
 *
 * @param workload the workload file
 * @param runDir where executions and reports go
 * @param concurrency lanes of sessions replayed at once
 * @param speed 0 for as fast as possible, else the captured timing divided by this factor
 * @param runTime stop dispatching after this long, null for no limit
 * @param limit stop after this many events, 0 for no limit
 * @param dryRun classify and count only; no server is touched
 * @param allowWrites replay writes, DDL and transaction control too
 * @param statementTimeout per statement; killed on the server with KILL QUERY
 * @param maxRows a result larger than this is not read to the end
 * @param floatDigits significant digits compared for FLOAT/DOUBLE columns (0: exact)
 * @param repeat extra runs of each read, interleaved OLD/NEW, for latency samples
 * @param maxSamples differing rows kept per difference
 * @param seed for the random choice of which side starts first
 * @param requireReadOnlyAccount refuse to replay, rather than warn, when a {@code jdbc:} target's
 *     account may write or shut down (without --allow-writes)
 * @param spreadReads run plain reads on any lane, not only on their session's (see {@link
 *     ReadSpreader})
 */
public record ReplaySettings(
    Path workload,
    Path runDir,
    int concurrency,
    double speed,
    Duration runTime,
    long limit,
    boolean dryRun,
    boolean allowWrites,
    Duration statementTimeout,
    long maxRows,
    int floatDigits,
    int repeat,
    int maxSamples,
    long seed,
    boolean requireReadOnlyAccount,
    boolean spreadReads) {

  /** The most lanes a replay runs; a write replay adds lanes up to it as sessions need them. */
  public static final int MAX_LANES = 4096;

  public ReplaySettings {
    if (concurrency < 1 || concurrency > MAX_LANES) {
      throw new BadInputException("--concurrency must be between 1 and 4096, not " + concurrency);
    }
    if (speed < 0) {
      throw new BadInputException(
          "--speed must be positive (2.0 replays twice as fast as captured)");
    }
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new BadInputException("--statement-timeout must be positive");
    }
    if (floatDigits < 0 || floatDigits > 17) {
      throw new BadInputException("--float-digits must be between 0 (exact) and 17");
    }
    if (repeat < 0 || repeat > 1000) {
      throw new BadInputException("--repeat must be between 0 and 1000");
    }
    if (spreadReads && allowWrites) {
      throw new BadInputException(
          "--spread-reads needs a read-only replay: with --allow-writes a read's result depends on"
              + " the writes of its session before it; leave out one of the two");
    }
    if (limit < 0) {
      throw new BadInputException("--max-events must not be negative");
    }
  }

  /** The lanes a replay may come to have: --concurrency, or more when writes keep their order. */
  public int maxLanes() {
    return allowWrites ? MAX_LANES : concurrency;
  }
}
