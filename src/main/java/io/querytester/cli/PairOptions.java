package io.querytester.cli;

import io.querytester.server.ConnectionSettings;
import io.querytester.server.MariaDbVersions;
import io.querytester.server.Secret;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The OLD and NEW targets, shared by every command that replays on a pair. */
final class PairOptions {
  @Option(
      names = "--old",
      paramLabel = "SPEC",
      defaultValue = MariaDbVersions.DEFAULT_OLD,
      description =
          "The server before the change: embedded:mariadb-<version>, docker:<image>[:<tag>] or"
              + " jdbc:mysql://host:port/ (default: ${DEFAULT-VALUE}).")
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
      description =
          "A server option for OLD when this tool starts it (embedded, docker; repeatable),"
              + " e.g. slow_query_log=1, log_bin=mysql-bin, performance_schema=ON.")
  List<String> oldOptions = new ArrayList<>();

  @Option(
      names = "--new-option",
      paramLabel = "NAME=VALUE",
      description =
          "A server option for NEW when this tool starts it (repeatable),"
              + " e.g. --new-option sql_mode=STRICT_ALL_TABLES to validate a config change.")
  List<String> newOptions = new ArrayList<>();

  @Option(
      names = "--collation",
      paramLabel = "NAME",
      defaultValue = ConnectionSettings.DEFAULT_COLLATION,
      description =
          "Connection and server collation, the same on both sides (default: ${DEFAULT-VALUE}).")
  String collation;

  @Mixin PairCredentialOptions credentials;
  @Mixin OptionFileOptions optionFiles;
  @Mixin TimeoutOptions timeouts;

  /**
   * Both sides, validated: specs parsed, option files read and passwords obtained (a prompt, if
   * asked for) before any server is touched. Option file warnings go to {@code warnings}.
   */
  List<TargetSettings> settings(Consumer<String> warnings) {
    return settings(AccountResolver.system(warnings));
  }

  List<TargetSettings> settings(AccountResolver resolver) {
    return List.of(
        side("OLD", old, oldOptions, credentials.old(optionFiles.choice()), resolver),
        side("NEW", neu, newOptions, credentials.neu(optionFiles.choice()), resolver));
  }

  /** One target (replay --target) with OLD's server options, account and TLS settings. */
  TargetSettings single(String label, String text, Consumer<String> warnings) {
    return side(
        label,
        text,
        oldOptions,
        credentials.old(optionFiles.choice()),
        AccountResolver.system(warnings));
  }

  private TargetSettings side(
      String label, String text, List<String> options, Account account, AccountResolver resolver) {
    TargetSpec spec = TargetSpec.parse(text);
    ConnectionSettings base =
        timeouts.apply(ConnectionSettings.defaults("root", Secret.NONE).withCollation(collation));
    return resolver.settings(label, account, spec, options, base);
  }
}
