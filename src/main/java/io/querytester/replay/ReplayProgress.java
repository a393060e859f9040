package io.querytester.replay;

import io.querytester.Eta;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/** Prints a progress line every few seconds: done/total, events/s, differences so far, ETA. */
final class ReplayProgress implements AutoCloseable {
  private final Thread thread;

  /**
   * @param total the events to replay, as far as known (0 while unknown: no total and no ETA)
   */
  ReplayProgress(
      ReplayCounters counters, LongSupplier total, long alreadyDone, Consumer<String> out) {
    long started = System.nanoTime();
    thread =
        Thread.ofPlatform()
            .daemon()
            .name("querytester-progress")
            .start(
                () -> {
                  try {
                    while (true) {
                      Thread.sleep(Duration.ofSeconds(3));
                      long done = counters.executed() + counters.skippedTotal();
                      double secs = (System.nanoTime() - started) / 1e9;
                      double rate = done / secs;
                      long all = total.getAsLong();
                      long left = Math.max(0, all - alreadyDone - done);
                      out.accept(
                          String.format(
                              Locale.ROOT,
                              "replayed %,d%s events (%,.0f/s), %,d with differences, %,d skipped%s",
                              done + alreadyDone,
                              all > 0 ? String.format(Locale.ROOT, "/%,d", all) : "",
                              rate,
                              counters.withDifferences(),
                              counters.skippedTotal(),
                              rate > 0 && all > 0 && left > 0
                                  ? ", ETA " + Eta.format((long) (left / rate))
                                  : ""));
                    }
                  } catch (InterruptedException e) {
                    // closed
                  }
                });
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
