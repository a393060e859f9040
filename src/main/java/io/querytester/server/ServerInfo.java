package io.querytester.server;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a target says about itself.
 *
 * @param version the full {@code VERSION()} string, e.g. {@code 11.4.5-MariaDB}
 * @param flavour MySQL or MariaDB
 */
public record ServerInfo(String version, Flavour flavour) {
  private static final Pattern NUMBERS = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

  public static ServerInfo of(String version) {
    return new ServerInfo(version, Flavour.fromVersion(version));
  }

  /** Major * 10000 + minor * 100 + patch, as MySQL's version comments count; 0 if unknown. */
  public int versionNumber() {
    Matcher m = NUMBERS.matcher(version == null ? "" : version);
    if (!m.find()) {
      return 0;
    }
    return Integer.parseInt(m.group(1)) * 10000
        + Integer.parseInt(m.group(2)) * 100
        + Integer.parseInt(m.group(3));
  }

  public boolean atLeast(int major, int minor) {
    return versionNumber() >= major * 10000 + minor * 100;
  }
}
