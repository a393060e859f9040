package io.querytester.run;

import java.time.Instant;
import java.util.List;

/**
 * A server that stopped answering without crashing: its connections were accepted (the process is
 * alive) but nothing came back. The watch waited for it within {@code --stall-timeout}; when it
 * answered again with its uptime intact, the replay went on. The statements it held up ran slow or
 * were killed by the statement timeout: they are listed here and not compared, never regressions.
 *
 * @param side OLD, NEW or the label of a single target
 * @param number 1 for the side's first stall in this run ...
 * @param lastAnswer the last time the server answered the health watch
 * @param detected when the watch saw it stall
 * @param answered when it answered again; null when the watch gave up (then a crash follows)
 * @param uptimeBefore the server's uptime (s) at its last answer before the stall
 * @param uptimeAfter its uptime when it answered again: later than before, so no restart
 * @param heldUp the statements in flight on it while it did not answer
 * @param outcome what followed: the replay went on, or the watch gave up on it
 */
public record StallEvent(
    String side,
    int number,
    Instant lastAnswer,
    Instant detected,
    Instant answered,
    Long uptimeBefore,
    Long uptimeAfter,
    List<StatementRef> heldUp,
    String outcome)
    implements HealthRecord {

  public StallEvent {
    heldUp = heldUp == null ? List.of() : List.copyOf(heldUp);
  }

  /** Seconds from its last answer to its next one (or to when the watch gave up). */
  public double seconds() {
    Instant end = answered != null ? answered : detected;
    return lastAnswer == null ? 0 : java.time.Duration.between(lastAnswer, end).toMillis() / 1000.0;
  }

  /** One line for the console and the reports' notes. */
  public String describe() {
    StringBuilder b =
        new StringBuilder(
            String.format(
                java.util.Locale.ROOT,
                "%s stalled for %.1f s (no answer, connections still accepted",
                side,
                seconds()));
    if (uptimeBefore != null && uptimeAfter != null) {
      b.append(", uptime ").append(uptimeBefore).append(" s -> ").append(uptimeAfter).append(" s");
    }
    b.append("): ").append(heldUp.size()).append(" statement(s) held up");
    if (!heldUp.isEmpty()) {
      b.append(" (events ");
      heldUp.stream()
          .limit(10)
          .forEach(s -> b.append(s == heldUp.getFirst() ? "" : ", ").append(s.event()));
      b.append(heldUp.size() > 10 ? ", ...)" : ")");
    }
    b.append(", not compared; ").append(outcome);
    return b.toString();
  }
}
