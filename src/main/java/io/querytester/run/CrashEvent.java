package io.querytester.run;

import java.time.Instant;
import java.util.List;

/**
 * A crash or restart of a target's server during a replay: a lost connection with a refused
 * reconnect, or an uptime that went back. Written to {@code health.jsonl} the moment it is seen.
 *
 * @param side OLD, NEW or the label of a single target
 * @param number 1 for the side's first crash in this run, 2 for the second ...
 * @param cause how it was seen ("connection lost and a new connection was refused: ...", "uptime
 *     went back from 812 s to 3 s")
 * @param lastSeenUp the last time the server answered the health watch
 * @param detected when the watch saw it
 * @param firstLost when the first replayed statement lost its connection, the closest estimate of
 *     the crash itself; null when no statement did
 * @param uptimeBefore the server's uptime (s) at its last answer
 * @param inFlight the statements running on the server when it went: the prime suspects
 * @param lostAfter statements that were sent to it after it had gone (not suspects)
 * @param recent the statements that completed on it just before, oldest first
 * @param action what the watch does about it: restarting, or why it does not
 * @param crashers classes that became crashers at this crash: in flight at two crashes of this side
 *     without completing in between, they are not replayed after it
 */
public record CrashEvent(
    String side,
    int number,
    String cause,
    Instant lastSeenUp,
    Instant detected,
    Instant firstLost,
    Long uptimeBefore,
    List<StatementRef> inFlight,
    int lostAfter,
    List<StatementRef> recent,
    String action,
    List<String> crashers)
    implements HealthRecord {

  public CrashEvent {
    inFlight = inFlight == null ? List.of() : List.copyOf(inFlight);
    recent = recent == null ? List.of() : List.copyOf(recent);
    crashers = crashers == null ? List.of() : List.copyOf(crashers);
  }

  /** The best estimate of when the server went down. */
  public Instant at() {
    return firstLost != null ? firstLost : detected;
  }
}
