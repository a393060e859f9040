package io.querytester.health;

import io.querytester.run.HealthLog;
import io.querytester.server.Target;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * What the {@link HealthMonitor} of one target works with, handed to it and its parts as one.
 *
 * @param target the server watched
 * @param inFlight the statements the lanes run on it
 * @param guard holds or stops its side's lanes while it stalls, restarts or is down
 * @param settings how the targets are watched
 * @param log {@code health.jsonl}, shared by all sides
 * @param crashers the classes that crash a server, shared by all sides
 * @param errorLog where its error-log lines come from; null when from nowhere
 * @param restarter restarts its server; null when this tool cannot
 * @param cannotRestart why it cannot, when {@code restarter} is null
 * @param keepLogAs where the error log of a server this tool started (and removes) is kept; null
 *     for a host's
 * @param clock the time of what is written down, in milliseconds
 * @param progress lines for the console
 */
record MonitorContext(
    Target target,
    InFlight inFlight,
    SideGuard guard,
    HealthSettings settings,
    HealthLog log,
    Crashers crashers,
    ErrorLogSource errorLog,
    Restarter restarter,
    String cannotRestart,
    Path keepLogAs,
    Clock clock,
    Consumer<String> progress) {

  MonitorContext {
    // Reports show milliseconds; nanoseconds of a wall clock only look precise.
    clock = Clock.tick(clock, Duration.ofMillis(1));
  }

  String label() {
    return target.label();
  }
}
