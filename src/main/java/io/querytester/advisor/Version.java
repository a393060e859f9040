package io.querytester.advisor;

import io.querytester.BadInputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server version as rules name it: {@code 10.6}, {@code 10.3.37}, or read from {@code VERSION()}
 * ({@code 11.4.5-MariaDB-log}). A missing patch counts as 0, so {@code 10.6} is the first 10.6.
 */
public record Version(int major, int minor, int patch) implements Comparable<Version> {
  private static final Pattern NUMBERS = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

  public static Version parse(String text) {
    Matcher m = NUMBERS.matcher(text == null ? "" : text);
    if (!m.find()) {
      throw new BadInputException(
          "cannot read a server version from '" + text + "'; write it as 11.4 or 11.4.5");
    }
    return new Version(
        Integer.parseInt(m.group(1)),
        Integer.parseInt(m.group(2)),
        m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
  }

  @Override
  public int compareTo(Version o) {
    int c = Integer.compare(major, o.major);
    if (c == 0) {
      c = Integer.compare(minor, o.minor);
    }
    return c != 0 ? c : Integer.compare(patch, o.patch);
  }

  /** Whether this is at or after {@code other}. */
  public boolean atLeast(Version other) {
    return compareTo(other) >= 0;
  }

  @Override
  public String toString() {
    return major + "." + minor + "." + patch;
  }
}
