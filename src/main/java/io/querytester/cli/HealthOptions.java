package io.querytester.cli;

import io.querytester.health.HealthSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** How the targets are watched during a replay: shared by replay and demo. */
final class HealthOptions {
  @Option(
      names = "--restart-on-crash",
      description =
          "When a server this tool started crashes, restart it on its data dir and go on (the"
              + " statements in flight are reported, not run again; a class in flight at two"
              + " crashes is skipped after that). Without it, the crashed side stops and the other"
              + " finishes.")
  boolean restartOnCrash;

  @Option(
      names = "--old-error-log",
      paramLabel = "FILE",
      description =
          "OLD's error log as this machine sees it, for a jdbc: target (embedded servers' logs are"
              + " found; MySQL 8.0.22+ is read from performance_schema.error_log). With --target,"
              + " that server's log.")
  Path oldErrorLog;

  @Option(
      names = "--new-error-log",
      paramLabel = "FILE",
      description = "NEW's error log, for a jdbc: target.")
  Path newErrorLog;

  @Option(
      names = "--stall-timeout",
      defaultValue = "5m",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "How long a server that accepts connections but does not answer (stopped, frozen) is"
              + " waited for before it counts as crashed; the statements it held up are reported,"
              + " not compared (default: ${DEFAULT-VALUE}).")
  Duration stallTimeout;

  /**
   * @param singleLabel the label of the --target of a single-target replay, or null for OLD/NEW
   */
  HealthSettings settings(String singleLabel) {
    Map<String, Path> logs = new LinkedHashMap<>();
    if (oldErrorLog != null) {
      logs.put(singleLabel == null ? "OLD" : singleLabel, oldErrorLog);
    }
    if (newErrorLog != null && singleLabel == null) {
      logs.put("NEW", newErrorLog);
    }
    HealthSettings d = HealthSettings.DEFAULT;
    return new HealthSettings(restartOnCrash, d.interval(), d.recent(), logs, stallTimeout);
  }
}
