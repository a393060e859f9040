package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.target.ConnectionSettings;
import io.querytester.target.Secret;
import io.querytester.target.TargetSettings;
import io.querytester.target.TargetSpec;
import java.util.List;
import picocli.CommandLine.Option;

/** The server a capture reads from, and the account it reads with. */
final class SourceOptions {
  @Option(
      names = "--source-url",
      paramLabel = "SPEC",
      description =
          "The server to capture from: jdbc:mysql://host:port/ (or any target spec, e.g."
              + " embedded:mariadb-11.4.5).")
  String url;

  @Option(
      names = "--source-user",
      paramLabel = "USER",
      defaultValue = "root",
      description =
          "Account for the source (default: ${DEFAULT-VALUE}). processlist needs PROCESS,"
              + " perfschema SELECT on performance_schema, binlog REPLICATION SLAVE and"
              + " REPLICATION CLIENT.")
  String user;

  @Option(
      names = "--source-password-env",
      paramLabel = "VAR",
      description = "Name of an environment variable that holds the source password.")
  String passwordEnv;

  @Option(
      names = "--source-password",
      arity = "0..1",
      interactive = true,
      paramLabel = "PASSWORD",
      description = "Prompt for the source password (typed without echo).")
  char[] password;

  /** Settings for opening the source, validated; the password is never echoed. */
  TargetSettings settings(String kind) {
    if (url == null || url.isBlank()) {
      throw new BadInputException(
          "--source " + kind + " needs --source-url, e.g. --source-url jdbc:mysql://db1:3306/");
    }
    return new TargetSettings(
        "SOURCE", TargetSpec.parse(url), List.of(), ConnectionSettings.defaults(user, password()));
  }

  /** The source password from the prompt or the environment; never printed. */
  Secret password() {
    if (password != null) {
      return Secret.of(password);
    }
    if (passwordEnv != null) {
      String value = System.getenv(passwordEnv);
      if (value == null) {
        throw new BadInputException(
            "--source-password-env " + passwordEnv + ": that environment variable is not set");
      }
      return Secret.of(value);
    }
    return Secret.NONE;
  }
}
