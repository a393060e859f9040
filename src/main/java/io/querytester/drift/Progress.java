package io.querytester.drift;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Progress lines on stderr: which table, how many chunks and rows, rows per second, replica lag. A
 * chunk line at most every few seconds, so a fast check does not flood the terminal; messages
 * (pauses, waits, warnings) always.
 */
final class Progress {
  private static final Duration EVERY = Duration.ofSeconds(3);

  private final PrintWriter out;
  private final Clock clock;
  private final Instant start;
  private Instant last;
  private long rows;

  Progress(PrintWriter out, Clock clock) {
    this.out = out;
    this.clock = clock;
    this.start = clock.instant();
    this.last = start;
  }

  void say(String message) {
    out.println("drift: " + message);
    out.flush();
  }

  void table(int number, int of, TableDef t) {
    say(
        "["
            + number
            + "/"
            + of
            + "] "
            + t.id()
            + " (~"
            + String.format(Locale.ROOT, "%,d", t.estimatedRows())
            + " rows, "
            + (t.chunked() ? "chunked by " + t.keyName() : "whole table")
            + ")");
  }

  /** Counts a finished chunk; prints a line when the last one is a while ago. */
  void chunk(TableDef t, ChunkResult r, Supplier<String> lags) {
    rows += r.sourceRows();
    Instant now = clock.instant();
    if (Duration.between(last, now).compareTo(EVERY) < 0 && !r.range().last()) {
      return;
    }
    last = now;
    say(
        String.format(
            Locale.ROOT,
            "%s chunk %d, %,d rows checked, %,.0f rows/s, %s",
            t.id(),
            r.index() + 1,
            rows,
            rowsPerSecond(),
            lags.get()));
  }

  long rows() {
    return rows;
  }

  Duration elapsed() {
    return Duration.between(start, clock.instant());
  }

  double rowsPerSecond() {
    double s = Math.max(elapsed().toNanos(), 1) / 1e9;
    return rows / s;
  }
}
