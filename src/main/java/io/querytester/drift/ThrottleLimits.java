package io.querytester.drift;

import io.querytester.BadInputException;
import java.time.Duration;

/**
 * When to pause between chunks.
 *
 * @param maxLag pause while any replica is further behind than this (Seconds_Behind_Master)
 * @param maxThreadsRunning pause while the source's Threads_running is above this
 * @param poll how often to look again while paused
 */
public record ThrottleLimits(Duration maxLag, int maxThreadsRunning, Duration poll) {
  public static final ThrottleLimits DEFAULTS =
      new ThrottleLimits(Duration.ofSeconds(10), 25, Duration.ofSeconds(1));

  public ThrottleLimits {
    if (maxLag.isNegative() || maxThreadsRunning < 1 || poll.isNegative() || poll.isZero()) {
      throw new BadInputException(
          "--max-lag must be >= 0 and --max-threads-running >= 1 (got "
              + maxLag.toSeconds()
              + " s and "
              + maxThreadsRunning
              + ")");
    }
  }
}
