package io.querytester.drift;

import io.querytester.BadInputException;
import java.time.Duration;

/**
 * How big chunks are.
 *
 * @param targetTime how long one chunk's checksum should take on the source
 * @param initialRows the first chunk's size, before anything was measured
 * @param minRows never smaller (a tiny chunk costs more in round trips than it saves)
 * @param maxRows never larger (bounds a row diff and the time a replica must keep up)
 * @param parallel chunks of a table in flight at once, each on its own sessions: 2 keeps one chunk
 *     on the source while the replicas check the one before; more puts several chunk statements on
 *     each server at once (servers with cores to spare)
 */
public record ChunkOptions(
    Duration targetTime, long initialRows, long minRows, long maxRows, int parallel) {
  public static final int DEFAULT_PARALLEL = 2;
  public static final int MAX_PARALLEL = 16;
  public static final ChunkOptions DEFAULTS =
      new ChunkOptions(Duration.ofMillis(500), 1_000, 100, 500_000);

  public ChunkOptions(Duration targetTime, long initialRows, long minRows, long maxRows) {
    this(targetTime, initialRows, minRows, maxRows, DEFAULT_PARALLEL);
  }

  public ChunkOptions {
    if (parallel < 1 || parallel > MAX_PARALLEL) {
      throw new BadInputException(
          "--parallel must be 1-" + MAX_PARALLEL + " chunks at once (got " + parallel + ")");
    }
    if (targetTime.isNegative() || targetTime.isZero()) {
      throw new BadInputException("--chunk-time must be positive, e.g. 0.5s");
    }
    if (minRows < 1 || initialRows < minRows || maxRows < initialRows) {
      throw new BadInputException(
          "chunk sizes must satisfy 1 <= --chunk-min-rows <= --chunk-rows <= --chunk-max-rows (got "
              + minRows
              + ", "
              + initialRows
              + ", "
              + maxRows
              + ")");
    }
  }
}
