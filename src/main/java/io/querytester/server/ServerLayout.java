package io.querytester.server;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the programs are in an unpacked MariaDB build: names and folders moved between versions
 * (10.1 keeps mysql_install_db in bin/, 11.x renamed mysqld to mariadbd).
 *
 * @param base the unpacked build
 * @param server mysqld or mariadbd, null if none
 * @param installer mysql_install_db or mariadb-install-db, null if none
 */
record ServerLayout(Path base, Path server, Path installer) {

  static ServerLayout of(Path base) {
    return new ServerLayout(
        base,
        first(base, "bin/mariadbd", "bin/mysqld"),
        first(
            base,
            "scripts/mariadb-install-db",
            "scripts/mysql_install_db",
            "bin/mysql_install_db"));
  }

  Path libs() {
    return base.resolve("libs");
  }

  /** A client program such as mariadb-dump or mysqldump, when this build ships one. */
  Path client(String... names) {
    for (String n : names) {
      Path p = base.resolve("bin").resolve(n);
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  private static Path first(Path base, String... candidates) {
    for (String c : candidates) {
      Path p = base.resolve(c);
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }
}
