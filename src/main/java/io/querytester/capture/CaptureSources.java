package io.querytester.capture;

import io.querytester.target.Target;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Supplier;

/** Creates capture sources; the only way in, so every source goes through {@link Capture}. */
public final class CaptureSources {
  /** The summary counter with the bytes a file source read. */
  public static final String INPUT_BYTES = LogFileSource.INPUT_BYTES;

  private CaptureSources() {}

  /**
   * Slow query logs (plain or gzip, {@code -} for stdin).
   *
   * @param serverZone the zone of old-style log times (only used when a log has no SET timestamp)
   */
  public static CaptureSource slowLog(
      List<String> files, Supplier<InputStream> stdin, ZoneId serverZone) {
    return new LogFileSource(
        "slowlog",
        files,
        () -> new SlowLogParser(serverZone, LogFileSource.MAX_STATEMENT),
        stdin,
        LogFileSource.MAX_STATEMENT);
  }

  /**
   * Polls the processlist of {@code target} every {@code interval}.
   *
   * @param clock the wall clock that start times are estimated from
   */
  public static CaptureSource processlist(Target target, Duration interval, Clock clock) {
    return new ProcesslistSource(target, interval, clock);
  }

  /** Polls performance_schema's statement history of {@code target} every {@code interval}. */
  public static CaptureSource perfSchema(Target target, Duration interval, Clock clock) {
    return new PerfSchemaSource(target, interval, clock);
  }

  /** General query logs (plain or gzip, {@code -} for stdin). */
  public static CaptureSource generalLog(
      List<String> files, Supplier<InputStream> stdin, ZoneId serverZone) {
    return new LogFileSource(
        "genlog",
        files,
        () -> new GeneralLogParser(serverZone, LogFileSource.MAX_STATEMENT),
        stdin,
        LogFileSource.MAX_STATEMENT);
  }
}
