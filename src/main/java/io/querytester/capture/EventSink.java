package io.querytester.capture;

import io.querytester.workload.QueryEvent;

/** Where a source delivers what it reads: events, warnings, skipped events and its own counters. */
interface EventSink {
  /** Offers an event; false once the capture is stopping (a limit, Ctrl-C), so the source ends. */
  boolean accept(QueryEvent event);

  /** Whether the source should stop (checked between polls and between files). */
  boolean stopping();

  /** A note for the user; nothing was skipped. */
  void warn(String message);

  /** A bad event was skipped; {@code reason} is the counter it is summed under. */
  void skip(String reason, String message);

  /** Adds to one of the source's own counters (admin commands, row events without SQL ...). */
  void count(String counter, long delta);
}
