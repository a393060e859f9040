package io.querytester.health;

import io.querytester.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How the targets are watched during a replay, validated before any server is touched.
 *
 * @param restartOnCrash restart a crashed server that this tool started and go on
 * @param interval how often each server is asked for its uptime
 * @param recent completed statements shown with a crash
 * @param errorLogs error-log files by side label (OLD, NEW), for servers this tool did not start
 * @param stallTimeout how long a server that accepts connections but does not answer is waited for
 *     before it counts as crashed
 */
public record HealthSettings(
    boolean restartOnCrash,
    Duration interval,
    int recent,
    Map<String, Path> errorLogs,
    Duration stallTimeout) {

  public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofMinutes(5);

  public static final HealthSettings DEFAULT =
      new HealthSettings(false, Duration.ofSeconds(1), 20, Map.of(), DEFAULT_STALL_TIMEOUT);

  public HealthSettings {
    errorLogs = Map.copyOf(errorLogs);
    if (interval.isNegative() || interval.isZero()) {
      throw new BadInputException("the health check interval must be positive");
    }
    if (stallTimeout.compareTo(Duration.ofSeconds(1)) < 0
        || stallTimeout.compareTo(Duration.ofHours(24)) > 0) {
      throw new BadInputException(
          "--stall-timeout must be between 1s and 24h, not " + stallTimeout.toSeconds() + "s");
    }
    for (Map.Entry<String, Path> e : errorLogs.entrySet()) {
      if (!Files.isReadable(e.getValue()) || Files.isDirectory(e.getValue())) {
        throw new BadInputException(
            "--"
                + e.getKey().toLowerCase(java.util.Locale.ROOT)
                + "-error-log "
                + e.getValue()
                + " is not a readable file; give the server's error log (SELECT @@log_error)"
                + " as this machine sees it, or leave the option out");
      }
    }
  }
}
