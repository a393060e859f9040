package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.Secret;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The server a capture reads from and the account it reads with, resolved like every other account
 * of this tool ({@link AccountResolver}): the command line, then option files, then a prompt; the
 * password never on the command line and never printed.
 */
final class SourceOptions {
  @Option(
      names = "--source-url",
      hidden = true,
      paramLabel = "SPEC",
      description = "The server to capture from: the older name of --source SPEC.")
  String url;

  /** The server as given by another option (capture's --source SPEC). */
  void server(String option, String spec) {
    if (url != null && !url.equals(spec)) {
      throw new BadInputException(
          option + " " + spec + " and --source-url " + url + " name two servers; give one");
    }
    url = spec;
  }

  @Option(
      names = "--source-user",
      paramLabel = "USER",
      description =
          "Account for the source (default: the option file's user, else root). processlist"
              + " needs PROCESS, perfschema SELECT on performance_schema, binlog REPLICATION"
              + " SLAVE and REPLICATION CLIENT.")
  String user;

  @Option(
      names = "--source-password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the source password (never on the command line).")
  String passwordEnv;

  @Option(
      names = "--source-password-prompt",
      description = "Ask for the source password on the terminal, without echo.")
  boolean passwordPrompt;

  @Option(
      names = "--source-ssl-mode",
      paramLabel = "MODE",
      description =
          "TLS to the source: DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY (default: PREFERRED).")
  String sslMode;

  @Option(
      names = "--source-ssl-ca",
      paramLabel = "FILE",
      description = "PEM file of the CA that signed the source's certificate (implies VERIFY_CA).")
  Path sslCa;

  @Mixin OptionFileOptions optionFiles;
  @Mixin TimeoutOptions timeouts;

  /** Settings for opening the source, validated and resolved; option file notes go to warnings. */
  TargetSettings settings(String kind, Consumer<String> warnings) {
    if (url == null || url.isBlank()) {
      throw new BadInputException(
          "--type " + kind + " needs the server, e.g. --source jdbc:mysql://db1:3306/");
    }
    TargetSpec spec = TargetSpec.parse(url);
    Account account =
        new Account(
            "SOURCE",
            "--source-",
            user,
            passwordEnv,
            passwordPrompt,
            sslMode,
            sslCa,
            optionFiles.choice());
    return AccountResolver.system(warnings)
        .settings(
            "SOURCE",
            account,
            spec,
            List.of(),
            timeouts.apply(ConnectionSettings.defaults("root", Secret.NONE)));
  }
}
