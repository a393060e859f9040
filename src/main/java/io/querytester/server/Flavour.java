package io.querytester.server;

/** Which server family a target runs; some queries and features differ between them. */
public enum Flavour {
  MYSQL,
  MARIADB;

  /** Tells the flavour from a {@code SELECT VERSION()} string such as {@code 10.2.11-MariaDB}. */
  public static Flavour fromVersion(String version) {
    return version != null && version.toLowerCase(java.util.Locale.ROOT).contains("mariadb")
        ? MARIADB
        : MYSQL;
  }
}
