package io.querytester.health;

import static io.querytester.health.ProbeConnection.firstLine;
import static io.querytester.health.ProbeConnection.noAnswer;

import io.querytester.run.StallEvent;
import io.querytester.run.StatementRef;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A server that takes connections but sends nothing back is alive (a refused connection is what a
 * dead one gives): a SIGSTOP, a frozen disk, swapping. It is waited for within {@code
 * --stall-timeout} while the lanes hold their statements back. If it answers with its uptime
 * intact, the stall and the statements it held up are written down and the replay goes on; an
 * uptime that went back, a refused connection or no answer within the bound is a crash.
 */
final class StallHandler {
  private final MonitorContext context;
  private final ProbeConnection probe;
  private final ServerReadings readings;
  private final CrashHandler crashes;
  private final BooleanSupplier stopped;
  private final List<String> notes;
  private int stalls;

  /**
   * @param stopped true once the watch stops: the servers stopped then are not stalled
   * @param notes what the watch could not do
   */
  StallHandler(
      MonitorContext context,
      ProbeConnection probe,
      ServerReadings readings,
      CrashHandler crashes,
      BooleanSupplier stopped,
      List<String> notes) {
    this.context = context;
    this.probe = probe;
    this.readings = readings;
    this.crashes = crashes;
    this.stopped = stopped;
    this.notes = notes;
  }

  /**
   * Waits for a server that stopped answering.
   *
   * @param first the probe's failure that showed it
   */
  void stalled(SQLException first) throws SQLException {
    if (stopped.getAsBoolean() || ShutdownCheck.inProgress()) {
      return;
    }
    SideGuard guard = context.guard();
    InFlight inFlight = context.inFlight();
    guard.stalled();
    stalls++;
    Instant detected = context.clock().instant();
    Map<InFlight.Run, Boolean> heldUp = new IdentityHashMap<>();
    inFlight.running().forEach(r -> heldUp.put(r, true));
    context
        .progress()
        .accept(
            context.label()
                + " does not answer ("
                + firstLine(first)
                + ") but takes connections: stalled, not crashed; waiting up to "
                + context.settings().stallTimeout().toSeconds()
                + " s for it");
    long deadline = System.nanoTime() + context.settings().stallTimeout().toNanos();
    while (!stopped.getAsBoolean()) {
      try {
        probe.reopen(); // closes the last try's, which got no answer
        long now = probe.uptime();
        inFlight.running().forEach(r -> heldUp.put(r, true));
        if (readings.wentBack(now)) {
          write(detected, null, now, heldUp, "it restarted during the stall: a crash");
          crashes.uptimeWentBack(now);
          return;
        }
        write(
            detected,
            context.clock().instant(),
            now,
            heldUp,
            "it answered again, the replay went on");
        readings.answered(now, context.clock().instant());
        inFlight.clearLost(System.nanoTime());
        guard.resumed();
        return;
      } catch (SQLException e) {
        if (!noAnswer(e)) {
          write(detected, null, null, heldUp, "then it refused connections: a crash");
          crashes.crash("it stalled, then refused connections: " + firstLine(e), null);
          return;
        }
        if (System.nanoTime() - deadline > 0) {
          String why =
              "no answer within --stall-timeout "
                  + context.settings().stallTimeout().toSeconds()
                  + " s";
          write(detected, null, null, heldUp, why + ": counted as a crash");
          crashes.crash(why, null);
          return;
        }
      }
    }
  }

  private void write(
      Instant detected,
      Instant answered,
      Long uptimeAfter,
      Map<InFlight.Run, Boolean> heldUp,
      String outcome) {
    long nowNanos = System.nanoTime();
    List<StatementRef> refs =
        heldUp.keySet().stream()
            .sorted(Comparator.comparingLong(r -> r.start))
            .map(r -> InFlight.ref(r, context.clock(), nowNanos))
            .toList();
    StallEvent event =
        new StallEvent(
            context.label(),
            stalls,
            readings.lastUp(),
            detected,
            answered,
            readings.uptime(),
            uptimeAfter,
            refs,
            outcome);
    context.log().write(event, notes::add);
    context.progress().accept(event.describe());
  }
}
