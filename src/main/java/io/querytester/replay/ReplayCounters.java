package io.querytester.replay;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Live counts for the progress line and the end-of-run summary. */
public final class ReplayCounters {
  private final LongAdder executed = new LongAdder();
  private final LongAdder withDifferences = new LongAdder();
  private final Map<String, LongAdder> skipped = new ConcurrentHashMap<>();
  private final AtomicLong dispatched = new AtomicLong();

  void executed(int differences) {
    executed.increment();
    if (differences > 0) {
      withDifferences.increment();
    }
  }

  void skipped(String reason) {
    skipped.computeIfAbsent(reason, r -> new LongAdder()).increment();
  }

  void countDispatched() {
    dispatched.incrementAndGet();
  }

  public long executed() {
    return executed.sum();
  }

  public long withDifferences() {
    return withDifferences.sum();
  }

  public long dispatched() {
    return dispatched.get();
  }

  public long skippedTotal() {
    return skipped.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** Skipped events by reason, sorted by reason. */
  public Map<String, Long> skipped() {
    Map<String, Long> out = new TreeMap<>();
    skipped.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }
}
