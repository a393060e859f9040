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
 */
public record ChunkOptions(Duration targetTime, long initialRows, long minRows, long maxRows) {
  public static final ChunkOptions DEFAULTS =
      new ChunkOptions(Duration.ofMillis(500), 1_000, 100, 500_000);

  public ChunkOptions {
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
