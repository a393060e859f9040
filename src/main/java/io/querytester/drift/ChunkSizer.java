package io.querytester.drift;

/**
 * Adapts the chunk size to the target time per chunk: after each chunk the measured rate (rows per
 * second, smoothed so one slow chunk does not halve the next) times the target time gives the next
 * size. A size changes at most fourfold per chunk and stays within the configured bounds.
 * Synchronized: chunks checked in parallel report their times from their own threads.
 */
final class ChunkSizer {
  private static final double WEIGHT_OF_PAST = 0.5;
  private static final long MIN_NANOS = 100_000; // a chunk faster than 0.1 ms says nothing

  private final ChunkOptions options;
  private long size;
  private double rate; // rows per second, 0 until measured

  ChunkSizer(ChunkOptions options) {
    this.options = options;
    this.size = options.initialRows();
  }

  synchronized long size() {
    return size;
  }

  /** Records that a chunk of {@code rows} rows took {@code nanos} on the source. */
  synchronized void record(long rows, long nanos) {
    if (rows <= 0) {
      return;
    }
    double measured = rows / (Math.max(nanos, MIN_NANOS) / 1e9);
    rate = rate == 0 ? measured : WEIGHT_OF_PAST * rate + (1 - WEIGHT_OF_PAST) * measured;
    long wanted = Math.round(rate * options.targetTime().toNanos() / 1e9);
    long bounded = Math.clamp(wanted, Math.max(1, size / 4), Math.max(size * 4, 1));
    size = Math.clamp(bounded, options.minRows(), options.maxRows());
  }

  /** Rows per second as measured so far (0 before the first chunk). */
  synchronized double rate() {
    return rate;
  }
}
