package io.querytester.health;

import io.querytester.run.StatusSnapshot;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the monitor of one target last read from its server: its uptime and when it last answered,
 * the counters at the start and since its last restart, and how much they rose, summed over its
 * restarts. Touched by the monitor's thread only (and by begin and finish, before and after it
 * runs).
 */
final class ServerReadings {
  private Long uptime;
  private Long uptimeStart;
  private Instant lastUp;
  private StatusSnapshot before;
  private StatusSnapshot base;
  private StatusSnapshot lastGood;
  private final Map<String, Long> risen = new TreeMap<>();

  /** The first readings, before the replay. */
  void started(long uptime, Instant at, StatusSnapshot first) {
    this.uptime = uptime;
    this.uptimeStart = uptime;
    this.lastUp = at;
    this.before = first;
    this.base = first;
    this.lastGood = first;
  }

  /** An uptime lower than the last one read: the server restarted in between. */
  boolean wentBack(long now) {
    return uptime != null && now < uptime;
  }

  void answered(long now, Instant at) {
    uptime = now;
    lastUp = at;
  }

  /** Counters read since its last restart, from which its next rise is counted. */
  void rebased(StatusSnapshot s) {
    base = s;
    lastGood = s;
  }

  /** Counters read while it was up, the last ones a crash leaves to count. */
  void good(StatusSnapshot s) {
    lastGood = s;
  }

  /** Adds the rise from the last restart (or the start) to {@code s}. */
  void countRiseTo(StatusSnapshot s) {
    s.since(base).forEach((k, v) -> risen.merge(k, v, Long::sum));
  }

  StatusSnapshot lastGood() {
    return lastGood;
  }

  Long uptime() {
    return uptime;
  }

  Long uptimeStart() {
    return uptimeStart;
  }

  Instant lastUp() {
    return lastUp;
  }

  StatusSnapshot before() {
    return before;
  }

  Map<String, Long> risen() {
    return new TreeMap<>(risen);
  }
}
