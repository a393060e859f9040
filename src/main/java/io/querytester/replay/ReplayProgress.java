package io.querytester.replay;

import io.querytester.Eta;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/** Prints a progress line every few seconds: done/total, events/s, differences so far, ETA. */
final class ReplayProgress implements AutoCloseable {
  private final Thread thread;

  ReplayProgress(ReplayCounters counters, long total, long alreadyDone, Consumer<String> out) {
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
                      long left = Math.max(0, total - alreadyDone - done);
                      out.accept(
                          String.format(
                              Locale.ROOT,
                              "replayed %,d/%,d events (%,.0f/s), %,d with differences, %,d skipped%s",
                              done + alreadyDone,
                              total,
                              rate,
                              counters.withDifferences(),
                              counters.skippedTotal(),
                              rate > 0 && left > 0
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
