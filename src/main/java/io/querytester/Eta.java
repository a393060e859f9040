package io.querytester;

import java.util.Locale;

/** How long is left, as progress lines print it: {@code 4m05s}, {@code 2h10m}. */
public final class Eta {
  private Eta() {}

  public static String format(long seconds) {
    return seconds >= 3600
        ? String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, (seconds % 3600) / 60)
        : String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
  }
}
