package io.querytester.testing;

import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Secret;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** Starts real embedded MariaDB servers for tests (*IT). Close them in @AfterAll. */
public final class TestServers {
  public static final String OLD = "10.2.11";
  public static final String NEW = "11.4.5";

  private TestServers() {}

  /** Starts {@code embedded:mariadb-<version>} with extra server options (name=value). */
  public static EmbeddedTarget start(String label, String version, String... options) {
    return (EmbeddedTarget)
        Targets.open(
            new TargetSettings(
                label,
                TargetSpec.parse("embedded:mariadb-" + version),
                List.of(options),
                ConnectionSettings.defaults("root", Secret.NONE)),
            m -> System.err.println("[" + label + "] " + m));
  }

  /** Connection properties for root on an embedded server (its random password). */
  public static Properties root(EmbeddedTarget t) {
    Properties p = new Properties();
    p.setProperty("user", "root");
    p.setProperty("password", t.server().rootPassword().reveal());
    p.setProperty("sslMode", "DISABLED");
    return p;
  }

  /**
   * An option file that gives {@code jdbc:} targets pointing at two embedded servers their root
   * passwords (never on the command line): pass it with {@code --defaults-file FILE
   * --old-defaults-group-suffix _old --new-defaults-group-suffix _new}.
   */
  public static Path rootCnf(Path dir, EmbeddedTarget old, EmbeddedTarget neu) throws IOException {
    return Files.writeString(
        Files.createTempFile(dir, "root", ".cnf"),
        "[client_old]\nuser=root\npassword="
            + old.server().rootPassword().reveal()
            + "\n[client_new]\nuser=root\npassword="
            + neu.server().rootPassword().reveal()
            + "\n");
  }

  /**
   * {@code args}, then those that point the command at two embedded servers as {@code jdbc:}
   * targets, with their passwords in {@code rootCnf} (made by {@link #rootCnf}).
   */
  public static String[] withTargets(
      EmbeddedTarget old, EmbeddedTarget neu, Path rootCnf, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of(
            "--old",
            old.server().jdbcUrl(),
            "--new",
            neu.server().jdbcUrl(),
            "--defaults-file",
            rootCnf.toString(),
            "--old-defaults-group-suffix",
            "_old",
            "--new-defaults-group-suffix",
            "_new"));
    return all.toArray(String[]::new);
  }

  /** An option file for a client program of an embedded server: [client] as root. */
  public static Path clientOptions(Path dir, EmbeddedTarget t) throws IOException {
    return Files.writeString(
        dir.resolve(t.label().toLowerCase(java.util.Locale.ROOT) + "-client.cnf"),
        "[client]\nuser=root\npassword=" + t.server().rootPassword().reveal() + "\n");
  }

  /** Runs statements one by one (no multi-statement URL flag needed). */
  public static void exec(Target target, String... sql) throws SQLException {
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }
}
