package io.querytester.advisor;

import io.querytester.BadInputException;
import io.querytester.server.Flavour;
import io.querytester.server.MariaDbVersions;
import io.querytester.server.ServerInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The servers a bisect runs on by default: every embedded MariaDB from the run's OLD to its NEW,
 * both included (they are controls), and with Docker every release series in between that no
 * embedded server covers (MariaDB minor versions, MySQL 5.7, 8.0, 8.4).
 */
public final class BisectVersions {
  /** MariaDB release series with an image on Docker Hub, oldest first. */
  static final List<String> MARIADB_SERIES =
      List.of(
          "10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "10.8", "10.9", "10.10", "10.11",
          "11.0", "11.1", "11.2", "11.3", "11.4", "11.5", "11.6", "11.7", "11.8");

  static final List<String> MYSQL_SERIES = List.of("5.6", "5.7", "8.0", "8.4");

  private BisectVersions() {}

  /** Specs to replay on for a run from {@code oldVersion} to {@code newVersion}. */
  public static List<String> between(String oldVersion, String newVersion, boolean docker) {
    ServerInfo old = ServerInfo.of(oldVersion);
    ServerInfo neu = ServerInfo.of(newVersion);
    Version from = Version.parse(oldVersion);
    Version to = Version.parse(newVersion);
    List<String> specs = new ArrayList<>();
    List<String> covered = new ArrayList<>();
    if (old.flavour() == Flavour.MARIADB && neu.flavour() == Flavour.MARIADB) {
      for (String v : MariaDbVersions.AVAILABLE) {
        Version e = Version.parse(v);
        if (e.atLeast(from) && to.atLeast(e)) {
          specs.add("embedded:mariadb-" + v);
          covered.add(e.major() + "." + e.minor());
        }
      }
    }
    if (docker && old.flavour() == neu.flavour()) {
      boolean maria = old.flavour() == Flavour.MARIADB;
      for (String series : maria ? MARIADB_SERIES : MYSQL_SERIES) {
        Version s = Version.parse(series);
        boolean inside =
            new Version(s.major(), s.minor(), 999).compareTo(from) > 0 && !s.atLeast(to);
        if (inside && !covered.contains(series) && !sameSeries(s, from) && !sameSeries(s, to)) {
          specs.add((maria ? "docker:mariadb:" : "docker:mysql:") + series);
        }
      }
    }
    if (specs.isEmpty()) {
      throw new BadInputException(
          "no server to bisect on between "
              + oldVersion
              + " and "
              + newVersion
              + (docker ? "" : " among the embedded MariaDB builds (--docker adds Docker images)")
              + ": give --versions (docker:mysql:8.0, jdbc:mysql://host:3306/ ...)");
    }
    return specs;
  }

  private static boolean sameSeries(Version a, Version b) {
    return a.major() == b.major() && a.minor() == b.minor();
  }
}
