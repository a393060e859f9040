package io.querytester.capture;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a capture runs, validated before any source is opened.
 *
 * @param out the workload file to write ({@code .gz} for gzip)
 * @param filter which events to keep
 * @param maxEvents stop after writing this many events (0 for no limit)
 * @param duration stop after this long (null for no limit; live sources need one of the limits)
 * @param progressEvery how often to print a progress line on stderr (null for never)
 * @param clock the wall clock for the workload header
 * @param keepSecrets write passwords ({@code IDENTIFIED BY '...'}) as captured instead of masked
 */
public record CaptureSettings(
    Path out,
    CaptureFilter filter,
    long maxEvents,
    Duration duration,
    Duration progressEvery,
    Clock clock,
    boolean keepSecrets) {

  /** Passwords masked, as by default. */
  public CaptureSettings(
      Path out,
      CaptureFilter filter,
      long maxEvents,
      Duration duration,
      Duration progressEvery,
      Clock clock) {
    this(out, filter, maxEvents, duration, progressEvery, clock, false);
  }

  public CaptureSettings {
    if (maxEvents < 0) {
      throw new IllegalArgumentException("maxEvents must not be negative");
    }
  }

  /** Filters and limits for the workload header. */
  Map<String, String> describe() {
    Map<String, String> m = new LinkedHashMap<>(filter.describe());
    if (maxEvents > 0) {
      m.put("max-events", Long.toString(maxEvents));
    }
    if (duration != null) {
      m.put("duration", duration.toString());
    }
    if (keepSecrets) {
      m.put("keep-secrets", "true");
    }
    return m;
  }
}
