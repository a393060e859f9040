package io.querytester.workload;

import java.util.Locale;

/**
 * Which nondeterminism markers of a {@link SqlProfile} a replay can make agree between OLD and NEW:
 * the time functions, by giving both sessions the capture's timestamp, and RAND, by giving both the
 * same seed. The replay sends those settings; the analysis counts what is left as nondeterministic.
 */
public final class PinnableMarkers {
  private PinnableMarkers() {}

  /** Whether a pinned timestamp or seed makes the marker's value the same on both sides. */
  public static boolean pinnable(String marker) {
    return time(marker) || marker.toUpperCase(Locale.ROOT).startsWith("RAND");
  }

  /** Whether the marker is a function of the current time, which {@code SET timestamp} fixes. */
  public static boolean time(String marker) {
    String m = marker.toUpperCase(Locale.ROOT);
    return m.contains("NOW")
        || m.startsWith("CURRENT_")
        || m.startsWith("CURDATE")
        || m.startsWith("CURTIME")
        || m.startsWith("UNIX_TIMESTAMP")
        || m.startsWith("UTC_")
        || m.startsWith("LOCALTIME");
  }

  /** Whether the marker calls RAND, which a session's seed fixes. */
  public static boolean random(String marker) {
    return marker.toUpperCase(Locale.ROOT).contains("RAND");
  }
}
