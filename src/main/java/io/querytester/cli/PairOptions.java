package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.target.ConnectionSettings;
import io.querytester.target.MariaDbVersions;
import io.querytester.target.Secret;
import io.querytester.target.TargetSettings;
import io.querytester.target.TargetSpec;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The OLD and NEW targets, shared by every command that replays on a pair. */
final class PairOptions {
  @Option(
      names = "--old",
      paramLabel = "SPEC",
      defaultValue = MariaDbVersions.DEFAULT_OLD,
      description = "The server before the change (default: ${DEFAULT-VALUE}).")
  String old;

  @Option(
      names = "--new",
      paramLabel = "SPEC",
      defaultValue = MariaDbVersions.DEFAULT_NEW,
      description = "The server after the change (default: ${DEFAULT-VALUE}).")
  String neu;

  @Option(
      names = "--old-option",
      paramLabel = "NAME=VALUE",
      description = "A server option for OLD when this tool starts it (repeatable).")
  List<String> oldOptions = new ArrayList<>();

  @Option(
      names = "--new-option",
      paramLabel = "NAME=VALUE",
      description =
          "A server option for NEW when this tool starts it (repeatable),"
              + " e.g. --new-option sql_mode=STRICT_ALL_TABLES to validate a config change.")
  List<String> newOptions = new ArrayList<>();

  @Option(
      names = "--old-user",
      paramLabel = "USER",
      description = "Account on OLD (jdbc: targets).")
  String oldUser;

  @Option(
      names = "--new-user",
      paramLabel = "USER",
      description = "Account on NEW (jdbc: targets).")
  String newUser;

  @Option(
      names = "--old-password-env",
      paramLabel = "VAR",
      description = "Environment variable holding OLD's password (never on the command line).")
  String oldPasswordEnv;

  @Option(
      names = "--new-password-env",
      paramLabel = "VAR",
      description = "Environment variable holding NEW's password.")
  String newPasswordEnv;

  @Option(
      names = "--collation",
      paramLabel = "NAME",
      defaultValue = ConnectionSettings.DEFAULT_COLLATION,
      description = "Connection collation, the same on both sides (default: ${DEFAULT-VALUE}).")
  String collation;

  List<TargetSettings> settings() {
    return List.of(
        side("OLD", old, oldOptions, oldUser, oldPasswordEnv),
        side("NEW", neu, newOptions, newUser, newPasswordEnv));
  }

  private TargetSettings side(
      String label, String spec, List<String> options, String user, String passwordEnv) {
    ConnectionSettings base =
        ConnectionSettings.defaults(user == null ? "root" : user, password(passwordEnv));
    ConnectionSettings connection =
        new ConnectionSettings(
            base.user(),
            base.password(),
            collation,
            base.sslMode(),
            base.connectTimeout(),
            base.socketTimeout());
    return new TargetSettings(label, TargetSpec.parse(spec), options, connection);
  }

  static Secret password(String env) {
    if (env == null) {
      return Secret.NONE;
    }
    String value = System.getenv(env);
    if (value == null) {
      throw new BadInputException(
          "environment variable " + env + " is not set; export it with the password first");
    }
    return Secret.of(value);
  }
}
