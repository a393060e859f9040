package io.querytester.run;

import java.time.Instant;

/**
 * A class of error-log messages on one target: lines that differ only in timestamps, thread ids,
 * numbers, quoted names and paths.
 *
 * @param phase when the lines were logged
 * @param key the normalised message, the class's identity (the same on OLD and NEW)
 * @param level Note, Warning, ERROR, System ... of the first line, null if the line had none
 * @param code MySQL 8's error code (MY-010914), null if the line had none
 * @param count lines of the class
 * @param first the first line's time (its own timestamp, else when it was read)
 * @param last the last line's time
 * @param example the first line's message as logged
 */
public record LogClass(
    Phase phase,
    String key,
    String level,
    String code,
    long count,
    Instant first,
    Instant last,
    String example) {

  /** When a line was logged, relative to the replay. */
  public enum Phase {
    /** Before the replay started: start-up and loading noise, kept apart. */
    STARTUP,
    /** While the replay ran: what the comparison between OLD and NEW is about. */
    RUN,
    /** A server restarting after a crash during the replay: its start-up lines. */
    RESTART
  }

  /** The two counts of one class as one. */
  public LogClass plus(LogClass other) {
    return new LogClass(
        phase,
        key,
        level,
        code,
        count + other.count,
        min(first, other.first),
        max(last, other.last),
        example);
  }

  private static Instant min(Instant a, Instant b) {
    return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
  }

  private static Instant max(Instant a, Instant b) {
    return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
  }
}
