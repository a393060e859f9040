package io.querytester.replay;

import io.querytester.workload.QueryEvent;
import java.time.Duration;
import java.time.Instant;

/** Turns captured timing into intended start times, scaled by --speed. */
final class Pacer {
  private final double speed;
  private Instant firstTs;
  private long firstNanos;

  Pacer(double speed) {
    this.speed = speed;
  }

  long intendedStart(QueryEvent e) {
    if (speed == 0 || e.ts() == null) {
      return 0;
    }
    if (firstTs == null) {
      firstTs = e.ts();
      firstNanos = System.nanoTime();
    }
    long capturedNanos = Duration.between(firstTs, e.ts()).toNanos();
    return firstNanos + (long) (Math.max(0, capturedNanos) / speed);
  }
}
