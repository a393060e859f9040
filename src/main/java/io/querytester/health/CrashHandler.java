package io.querytester.health;

import static io.querytester.health.ProbeConnection.firstLine;

import io.querytester.TextCut;
import io.querytester.run.CrashEvent;
import io.querytester.run.LogClass;
import io.querytester.run.RestartEvent;
import io.querytester.run.StatementRef;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * What follows a crash of one target: it is written down with the statements in flight and those
 * that just completed, classes in flight at two of its crashes become crashers, and then the server
 * is found restarted by its supervisor, restarted by this tool (when allowed and possible), or its
 * side is stopped.
 */
final class CrashHandler {
  /** How long a crash is left to settle before its statements are taken: lanes are reporting. */
  static final Duration SETTLE = Duration.ofMillis(200);

  private final MonitorContext context;
  private final ProbeConnection probe;
  private final ServerReadings readings;
  private final ErrorLogReader errorLog;
  private final BooleanSupplier stopped;
  private final List<String> notes;
  private int crashes;
  private int restarts;

  /**
   * @param stopped true once the watch stops: the servers stopped then are not crashes
   * @param notes what the watch could not do
   */
  CrashHandler(
      MonitorContext context,
      ProbeConnection probe,
      ServerReadings readings,
      ErrorLogReader errorLog,
      BooleanSupplier stopped,
      List<String> notes) {
    this.context = context;
    this.probe = probe;
    this.readings = readings;
    this.errorLog = errorLog;
    this.stopped = stopped;
    this.notes = notes;
  }

  int crashes() {
    return crashes;
  }

  int restarts() {
    return restarts;
  }

  /**
   * Handles a crash.
   *
   * @param cause how it was seen
   * @param uptimeAfter the uptime of a server that came back by itself, else null
   */
  void crash(String cause, Long uptimeAfter) throws SQLException {
    if (stopped.getAsBoolean() || ShutdownCheck.inProgress()) {
      return; // our own shutdown stops the servers: not a crash
    }
    sleep(SETTLE);
    long nowNanos = System.nanoTime();
    InFlight inFlight = context.inFlight();
    InFlight.Crash c = inFlight.crash(nowNanos);
    errorLog.read(LogClass.Phase.RUN, probe.connection()); // before a restart adds more lines
    crashes++;
    Set<String> classes = new TreeSet<>();
    c.suspects().stream().map(r -> r.classId).filter(Objects::nonNull).forEach(classes::add);
    String label = context.label();
    Crashers crashers = context.crashers();
    List<String> newCrashers = crashers.count(label, classes, inFlight.takeCompleted());
    inFlight.watch(crashers.counted(label));
    boolean selfRestarted = uptimeAfter != null;
    boolean restart =
        !selfRestarted && context.settings().restartOnCrash() && context.restarter() != null;
    String action =
        selfRestarted
            ? "none: the server came back by itself (restarted by its supervisor)"
            : restart ? "restarting it (--restart-on-crash)" : stopReason();
    Clock clock = context.clock();
    CrashEvent event =
        new CrashEvent(
            label,
            crashes,
            cause,
            readings.lastUp(),
            clock.instant(),
            c.firstLost() == 0
                ? null
                : clock
                    .instant()
                    .minusNanos(nowNanos - c.firstLost())
                    .truncatedTo(ChronoUnit.MILLIS),
            readings.uptime(),
            c.suspects().stream().map(r -> InFlight.ref(r, clock, nowNanos)).toList(),
            c.lostAfter(),
            recent(c, nowNanos),
            action,
            newCrashers);
    context.log().write(event, notes::add);
    context.progress().accept(describe(event));
    readings.countRiseTo(readings.lastGood());
    if (selfRestarted) {
      readings.answered(uptimeAfter, clock.instant());
      readings.rebased(probe.snapshot());
      context.guard().restarted();
    } else if (restart) {
      restart();
    } else {
      context
          .guard()
          .down(label + " is down: it crashed at " + event.at() + " and was not restarted");
      context
          .log()
          .write(new RestartEvent(label, crashes, clock.instant(), false, 0, action), notes::add);
      probe.drop();
    }
  }

  /** The server answered with an uptime lower than before: it restarted in between. */
  void uptimeWentBack(long now) throws SQLException {
    crash(
        "uptime went back from " + readings.uptime() + " s to " + now + " s: the server restarted",
        now);
  }

  private List<StatementRef> recent(InFlight.Crash c, long nowNanos) {
    List<InFlight.Run> runs = c.recent();
    int from = Math.max(0, runs.size() - context.settings().recent());
    List<StatementRef> out = new ArrayList<>();
    for (InFlight.Run r : runs.subList(from, runs.size())) {
      out.add(InFlight.ref(r, context.clock(), nowNanos));
    }
    return out;
  }

  private String stopReason() {
    String other = "; its side stops, the other side finishes the replay";
    if (context.restarter() == null) {
      return "not restarted: " + context.cannotRestart() + other;
    }
    return "not restarted: --restart-on-crash was not given" + other;
  }

  private void restart() {
    String label = context.label();
    Clock clock = context.clock();
    context.guard().restarting();
    long t0 = System.nanoTime();
    probe.drop();
    try {
      String where = context.restarter().restart();
      probe.reopen();
      readings.answered(probe.uptime(), clock.instant());
      readings.rebased(probe.snapshot());
      restarts++;
      errorLog.read(LogClass.Phase.RESTART, probe.connection());
      double seconds = (System.nanoTime() - t0) / 1e9;
      String message = String.format(Locale.ROOT, "restarted %s in %.1f s", where, seconds);
      context
          .log()
          .write(
              new RestartEvent(label, crashes, clock.instant(), true, seconds, message),
              notes::add);
      context.progress().accept(label + " " + message + "; the replay goes on");
      context.guard().restarted();
    } catch (RuntimeException | SQLException e) {
      String message = "restart failed: " + firstLine(e);
      context
          .log()
          .write(
              new RestartEvent(
                  label, crashes, clock.instant(), false, (System.nanoTime() - t0) / 1e9, message),
              notes::add);
      context.progress().accept(label + " " + message + "; its side stops");
      context.guard().down(label + " is down: it crashed and its " + message);
    }
  }

  private String describe(CrashEvent e) {
    StringBuilder b =
        new StringBuilder(context.label() + " CRASHED (" + e.cause() + ") - " + e.action());
    if (e.inFlight().isEmpty()) {
      b.append("; no statement of the replay was in flight");
    }
    for (String c : e.crashers()) {
      b.append("\n  class ").append(c).append(" is a crasher: it is not replayed any more");
    }
    for (StatementRef s : e.inFlight()) {
      b.append("\n  in flight: event ")
          .append(s.event())
          .append(" class ")
          .append(s.classId())
          .append(": ")
          .append(oneLine(s.sql(), 120));
    }
    return b.toString();
  }

  private static String oneLine(String s, int max) {
    String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
    return TextCut.abbreviate(t, max);
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
