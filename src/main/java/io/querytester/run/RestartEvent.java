package io.querytester.run;

import java.time.Instant;

/**
 * What followed a crash: the server was restarted (and the replay went on), or its side stopped.
 *
 * @param side OLD or NEW
 * @param crash the number of the crash it follows
 * @param at when the restart finished or the side was given up
 * @param restarted true when the server is back
 * @param seconds how long the restart took
 * @param message what happened, e.g. "restarted on port 40123 in 1.4 s" or "not restarted:
 *     --restart-on-crash was not given; NEW stops, OLD finishes the replay"
 */
public record RestartEvent(
    String side, int crash, Instant at, boolean restarted, double seconds, String message)
    implements HealthRecord {}
