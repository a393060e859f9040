package io.querytester.health;

import static io.querytester.health.ProbeConnection.firstLine;
import static io.querytester.health.ProbeConnection.noAnswer;

import io.querytester.run.HealthSegment;
import io.querytester.run.LogClass;
import io.querytester.run.StatusSnapshot;
import io.querytester.server.Target;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Watches one target from its own connection and thread: asks for {@code Uptime} every interval,
 * and at once when a lane lost a connection or could not open one. A lost connection with a refused
 * reconnect, or an uptime that went back, is a crash; a server that takes connections but does not
 * answer has stalled.
 *
 * <p>Its parts: {@link ProbeConnection} is its connection to the server, {@link CheckQueue} the
 * lanes' requests for a check, {@link ServerReadings} what it last read, {@link StallHandler} waits
 * for a stalled server, {@link CrashHandler} writes a crash down and restarts the server or stops
 * its side, and {@link ErrorLogReader} reads the new error-log lines into classes, across restarts.
 */
final class HealthMonitor implements Runnable {
  /** Counters are read this often, so a crash loses at most this much of their rise. */
  static final Duration SNAPSHOT_EVERY = Duration.ofSeconds(5);

  private final MonitorContext context;
  private final List<String> notes = new CopyOnWriteArrayList<>();
  private final CheckQueue queue = new CheckQueue();
  private final ProbeConnection probe;
  private final ServerReadings readings = new ServerReadings();
  private final ErrorLogReader errorLog;
  private final CrashHandler crashes;
  private final StallHandler stalls;
  private Thread thread;
  private Instant started;

  HealthMonitor(MonitorContext context) {
    this.context = context;
    this.probe = new ProbeConnection(context.target(), context.clock(), notes);
    this.errorLog = new ErrorLogReader(context, notes);
    this.crashes = new CrashHandler(context, probe, readings, errorLog, queue::closed, notes);
    this.stalls = new StallHandler(context, probe, readings, crashes, queue::closed, notes);
  }

  String label() {
    return context.label();
  }

  /** Connects, takes the first readings and starts watching; the replay starts after this. */
  void begin() throws SQLException {
    started = context.clock().instant();
    probe.reopen();
    long uptime = probe.uptime();
    Instant at = context.clock().instant();
    readings.started(uptime, at, probe.snapshot());
    errorLog.begin(probe.connection());
    thread = Thread.ofPlatform().daemon().name("querytester-health-" + context.label()).start(this);
  }

  @Override
  public void run() {
    while (!queue.closed()) {
      long ticket = queue.next(context.settings().interval());
      if (queue.closed()) {
        break;
      }
      try {
        check();
        if (context.guard().state() == SideGuard.State.UP
            && probe.snapshotOlderThan(SNAPSHOT_EVERY)) {
          readings.good(probe.snapshot());
        }
      } catch (SQLException e) {
        // The next check sees it; a snapshot is not worth a crash report of its own.
      } catch (RuntimeException e) {
        notes.add("health check failed: " + e);
      }
      errorLog.read(LogClass.Phase.RUN, probe.connection());
      queue.served(ticket);
    }
    queue.served(Long.MAX_VALUE);
  }

  /** A lane could not connect: check now and wait for the verdict (and any restart). */
  void checkAndWait() {
    if (thread == null || queue.closed()) {
      return;
    }
    queue.requestAndWait(ProbeConnection.NETWORK_TIMEOUT.multipliedBy(3));
  }

  private void check() throws SQLException {
    if (context.guard().state() == SideGuard.State.DOWN) {
      return;
    }
    long pollStart = System.nanoTime();
    Long now = null;
    boolean unanswered = false; // the connection holds, but nothing comes back on it
    if (probe.connected()) {
      try {
        now = probe.uptime();
      } catch (SQLException e) {
        unanswered = noAnswer(e);
      }
    }
    if (now != null) {
      answered(now, pollStart);
      return;
    }
    try {
      probe.reopen();
      now = probe.uptime();
    } catch (SQLException e) {
      // A broken connection and a new one not answered is a host gone silent (a crash); a
      // connection that held but went unanswered, and a new one taken but not answered, is a
      // process that is alive but stopped.
      if (unanswered && noAnswer(e)) {
        stalls.stalled(e);
      } else {
        crashes.crash("the connection was lost and a new one was refused: " + firstLine(e), null);
      }
      return;
    }
    answered(now, pollStart);
  }

  private void answered(long now, long pollStart) throws SQLException {
    if (readings.wentBack(now)) {
      crashes.uptimeWentBack(now);
      return;
    }
    readings.answered(now, context.clock().instant());
    context.inFlight().clearLost(pollStart);
  }

  /** Stops watching; the replay has ended. */
  void stop() {
    queue.close();
    if (thread != null) {
      try {
        thread.join(ProbeConnection.NETWORK_TIMEOUT.toMillis() * 2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The last readings, after {@link #stop()}: the side's summary for this replay. */
  HealthSegment finish() {
    Long uptimeEnd = null;
    StatusSnapshot after = null;
    SideGuard guard = context.guard();
    if (guard.state() == SideGuard.State.UP) {
      try {
        if (!probe.valid()) {
          probe.reopen();
        }
        uptimeEnd = probe.uptime();
        after = probe.snapshot();
        readings.countRiseTo(after);
      } catch (SQLException e) {
        notes.add("the last readings failed: " + firstLine(e));
      }
    }
    errorLog.read(LogClass.Phase.RUN, probe.connection());
    probe.drop();
    List<String> all = new ArrayList<>(notes);
    if (crashes.crashes() > 0 && crashes.restarts() > 0) {
      all.add(
          "counters are summed over the server's restarts; up to "
              + SNAPSHOT_EVERY.toSeconds()
              + " s of their rise before each crash is not counted");
    }
    Target target = context.target();
    return new HealthSegment(
        target.label(),
        target.spec().display(),
        target.info().version(),
        started,
        context.clock().instant(),
        readings.uptimeStart(),
        uptimeEnd,
        context.inFlight().statements(),
        crashes.crashes(),
        crashes.restarts(),
        guard.state() == SideGuard.State.DOWN ? guard.downReason() : null,
        readings.before(),
        after,
        readings.risen(),
        errorLog.source(),
        errorLog.classes(),
        all);
  }
}
