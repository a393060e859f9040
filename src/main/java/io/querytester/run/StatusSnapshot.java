package io.querytester.run;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The trouble counters of a server at one moment: the {@code SHOW GLOBAL STATUS} counters that rise
 * when something goes wrong (aborted connections, deadlocks, lock waits, temporary tables on disk,
 * sort merge passes, joins without an index ...), InnoDB's deadlock and lock-timeout metrics, and
 * on MySQL 8 the number of times each error was raised.
 *
 * @param at when it was taken
 * @param counters counter name to value; errors as {@code error ER_NAME (code)}
 * @param problems what could not be read (e.g. no privilege on performance_schema)
 */
public record StatusSnapshot(Instant at, Map<String, Long> counters, List<String> problems) {

  /** High-water marks rather than counters: their rise is shown, never divided per statement. */
  static final Set<String> GAUGES = Set.of("Max_used_connections");

  public StatusSnapshot {
    counters = counters == null ? Map.of() : new TreeMap<>(counters);
    problems = problems == null ? List.of() : List.copyOf(problems);
  }

  /**
   * What rose from {@code before} to this snapshot. A counter that fell (the server restarted) rose
   * by its new value.
   */
  public Map<String, Long> since(StatusSnapshot before) {
    Map<String, Long> out = new TreeMap<>();
    for (Map.Entry<String, Long> e : counters.entrySet()) {
      long was = before == null ? 0 : before.counters.getOrDefault(e.getKey(), 0L);
      long now = e.getValue();
      out.put(e.getKey(), now >= was ? now - was : now);
    }
    return out;
  }
}
