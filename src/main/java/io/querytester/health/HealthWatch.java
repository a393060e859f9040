package io.querytester.health;

import io.querytester.Parallel;
import io.querytester.replay.ReplayWatch;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthSegment;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Flavour;
import io.querytester.server.JdbcSpec;
import io.querytester.server.Target;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Watches every target of a replay (a {@link HealthMonitor} each) and steers the lanes around a
 * crashed server. Open it after the data is loaded and before the replay; {@link #finish()} after
 * the replay writes each side's summary to {@code health.jsonl}, while the servers still run.
 */
public final class HealthWatch implements ReplayWatch, AutoCloseable {
  /** Error-log bytes read from before the replay: enough for a server's start-up lines. */
  static final long STARTUP_BACKLOG = 256 << 10;

  private final List<Side> sides = new ArrayList<>();
  private final HealthLog log;
  private final Crashers crashers = new Crashers();
  private final Consumer<String> progress;
  private boolean finished;

  private record Side(InFlight inFlight, SideGuard guard, HealthMonitor monitor) {}

  private HealthWatch(Path runDir, Consumer<String> progress) {
    this.log = new HealthLog(runDir);
    this.progress = progress;
  }

  /**
   * Starts watching.
   *
   * @param lanes the replay's --concurrency
   */
  public static HealthWatch start(
      List<Target> targets,
      HealthSettings settings,
      Path runDir,
      int lanes,
      Clock clock,
      Consumer<String> progress) {
    HealthWatch w = new HealthWatch(runDir, progress);
    for (Target t : targets) {
      InFlight inFlight = new InFlight(lanes, settings.recent());
      SideGuard guard = new SideGuard(settings.stallTimeout());
      HealthMonitor m =
          new HealthMonitor(
              new MonitorContext(
                  t,
                  inFlight,
                  guard,
                  settings,
                  w.log,
                  w.crashers,
                  errorLog(t, settings),
                  restarter(t),
                  cannotRestart(t),
                  keepLogAs(t, settings, runDir),
                  clock,
                  progress));
      w.sides.add(new Side(inFlight, guard, m));
    }
    try {
      begin(w.sides, targets, progress);
    } catch (RuntimeException | Error e) {
      w.close(); // the sides that did start: their threads and connections
      throw e;
    }
    return w;
  }

  /**
   * Starts every side's monitor at once (each connects and reads the server's counters and error
   * log): one after the other, they were 50 ms of a replay's start to its first statement. A side
   * whose server cannot be read goes unwatched, as its line says.
   */
  private static void begin(List<Side> sides, List<Target> targets, Consumer<String> progress) {
    Parallel.Results<Side> begun =
        Parallel.each(
            sides,
            side -> {
              side.monitor().begin();
              return side;
            });
    if (begun.interrupted()) {
      throw new IllegalStateException("interrupted while starting the health watch");
    }
    for (int i = 0; i < sides.size(); i++) {
      Throwable failure = begun.each().get(i).failure();
      if (failure == null) {
        continue;
      }
      if (!(failure instanceof SQLException sql)) {
        throw failure instanceof RuntimeException r
            ? r
            : new IllegalStateException("health watch failed to start", failure);
      }
      progress.accept(
          "health watch on "
              + targets.get(i).label()
              + " not started: "
              + ProbeConnection.firstLine(sql));
      sides.set(i, new Side(sides.get(i).inFlight(), sides.get(i).guard(), null));
    }
  }

  static ErrorLogSource errorLog(Target t, HealthSettings settings) {
    Path file = settings.errorLogs().get(t.label());
    if (file == null) {
      file = t.errorLog().orElse(null);
    }
    if (file != null) {
      return ErrorLogTailer.withBacklog(file, STARTUP_BACKLOG);
    }
    if (t.info().flavour() == Flavour.MYSQL
        && t.info().versionNumber() >= 80022
        && t.info().versionNumber() < 100000) {
      return new PerfSchemaErrorLog();
    }
    return null;
  }

  /** Where the log of a server this tool started (and removes) is kept; null for a host's. */
  private static Path keepLogAs(Target t, HealthSettings settings, Path runDir) {
    if (t.spec() instanceof JdbcSpec || settings.errorLogs().containsKey(t.label())) {
      return null;
    }
    return runDir.resolve("error-" + t.label().replaceAll("[^A-Za-z0-9.-]+", "-") + ".log");
  }

  private static Restarter restarter(Target t) {
    if (t instanceof EmbeddedTarget e) {
      return () -> {
        e.restart();
        return "on port " + e.server().port() + " with its data dir";
      };
    }
    return null;
  }

  private static String cannotRestart(Target t) {
    if (t.spec() instanceof JdbcSpec) {
      return "a server given as jdbc: is not this tool's to restart";
    }
    if (t instanceof EmbeddedTarget) {
      return null;
    }
    return "restarting " + t.spec().display() + " is not supported yet";
  }

  @Override
  public void started(int side, int lane, long event, String classId, String sql) {
    sides.get(side).inFlight.start(lane, event, classId, sql);
  }

  @Override
  public void ended(int side, int lane, boolean lost) {
    Side s = sides.get(side);
    s.inFlight.end(lane, lost);
    if (lost && s.monitor != null) {
      // Rare; waiting for the verdict here means the lane's next event sees it (a crasher to
      // skip, a side that is down or restarting) instead of racing it.
      s.monitor.checkAndWait();
    }
  }

  @Override
  public String await(int side) {
    return sides.get(side).guard.await();
  }

  @Override
  public int generation(int side) {
    return sides.get(side).guard.generation();
  }

  @Override
  public boolean unreachable(int side) {
    Side s = sides.get(side);
    if (s.monitor == null) {
      return false;
    }
    s.monitor.checkAndWait();
    return s.guard.await() == null;
  }

  @Override
  public String skipReason(String classId) {
    return crashers.skipReason(classId);
  }

  /** Stops watching and writes each side's summary; call while the servers still run. */
  public void finish() {
    if (finished) {
      return;
    }
    finished = true;
    for (Side s : sides) {
      if (s.monitor != null) {
        s.monitor.stop();
      }
    }
    for (Side s : sides) {
      if (s.monitor != null) {
        HealthSegment segment = s.monitor.finish();
        log.write(segment, progress);
        if (segment.crashes() > 0) {
          progress.accept(
              segment.side()
                  + ": "
                  + segment.crashes()
                  + " crash(es), "
                  + segment.restarts()
                  + " restart(s)"
                  + (segment.uptimeEnd() == null
                      ? ", down at the end"
                      : ", uptime at the end " + segment.uptimeEnd() + " s"));
        }
      }
    }
  }

  /** Stops watching; without {@link #finish()} first (the replay failed) no summary is written. */
  @Override
  public void close() {
    for (Side s : sides) {
      if (s.monitor != null) {
        s.monitor.stop();
      }
    }
    log.close();
  }
}
