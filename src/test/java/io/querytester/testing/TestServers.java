package io.querytester.testing;

import io.querytester.target.ConnectionSettings;
import io.querytester.target.EmbeddedTarget;
import io.querytester.target.Secret;
import io.querytester.target.Target;
import io.querytester.target.TargetSettings;
import io.querytester.target.TargetSpec;
import io.querytester.target.Targets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

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
