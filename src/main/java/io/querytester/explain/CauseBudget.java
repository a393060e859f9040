package io.querytester.explain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The time the cause step may take ({@code --cause-budget}): every trial asks first, and what was
 * left undone is reported as skipped, never silently dropped. An interrupt spends it at once.
 */
final class CauseBudget {
  private final Clock clock;
  private final Instant end;
  private final Duration total;

  CauseBudget(Clock clock, Duration total) {
    this.clock = clock;
    this.total = total;
    this.end = clock.instant().plus(total);
  }

  boolean spent() {
    return Thread.currentThread().isInterrupted() || !clock.instant().isBefore(end);
  }

  /** "the time budget (--cause-budget 60s)". */
  String name() {
    return "the time budget (--cause-budget " + total.toSeconds() + "s)";
  }
}
