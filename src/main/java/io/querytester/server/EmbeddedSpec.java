package io.querytester.server;

import io.querytester.BadInputException;

/** A MariaDB server this tool starts from the binaries on Maven Central. */
public record EmbeddedSpec(String version) implements TargetSpec {

  static EmbeddedSpec parse(String rest, String whole) {
    String v = rest.strip();
    if (v.regionMatches(true, 0, "mariadb-", 0, "mariadb-".length())) {
      v = v.substring("mariadb-".length());
    } else if (v.regionMatches(true, 0, "mysql-", 0, "mysql-".length())) {
      throw new BadInputException(
          "'"
              + whole
              + "': embedded servers are MariaDB only (Maven Central ships no MySQL"
              + " server jars); for MySQL use docker:mysql:8.0 or jdbc:mysql://host:port/");
    }
    if (!MariaDbVersions.AVAILABLE.contains(v)) {
      throw new BadInputException(
          "'"
              + whole
              + "': no embedded MariaDB "
              + (v.isEmpty() ? "version given" : v)
              + "; available: embedded:mariadb-"
              + String.join(", embedded:mariadb-", MariaDbVersions.AVAILABLE));
    }
    return new EmbeddedSpec(v);
  }

  @Override
  public String display() {
    return "embedded:mariadb-" + version;
  }
}
