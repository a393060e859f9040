package io.querytester.cli;

import io.querytester.server.ConnectionSettings;
import io.querytester.server.Secret;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The account, password source, TLS, option files and timeouts of one kind of server, for commands
 * that are not about an OLD/NEW pair (drift's source and replicas share one account). Pair commands
 * use {@link PairCredentialOptions} with the same rules per side.
 *
 * <p>It brings {@code --user}, {@code --password-env VAR}, {@code --password-prompt}, {@code
 * --ssl-mode}, {@code --ssl-ca}, the option file options ({@code --defaults-file}, {@code
 * --defaults-extra-file}, {@code --defaults-group-suffix}, {@code --no-defaults}) and {@code
 * --connect-timeout} / {@code --socket-timeout}. The rules are {@link AccountResolver}'s: command
 * line, then option files, then a prompt; passwords never on a command line and never printed.
 */
final class CredentialOptions {
  @Option(
      names = "--user",
      paramLabel = "USER",
      description = "Account (default: the option file's user, else root).")
  String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the password (never on the command line).")
  String passwordEnv;

  @Option(names = "--password-prompt", description = "Ask for the password, without echo.")
  boolean passwordPrompt;

  @Option(
      names = "--ssl-mode",
      paramLabel = "MODE",
      description =
          "TLS: DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY (default: PREFERRED).")
  String sslMode;

  @Option(
      names = "--ssl-ca",
      paramLabel = "FILE",
      description = "PEM file of the CA that signed the server's certificate (implies VERIFY_CA).")
  Path sslCa;

  @Mixin OptionFileOptions optionFiles;
  @Mixin TimeoutOptions timeouts;

  /** The account as written, for a side named {@code label}. */
  Account account(String label) {
    return new Account(
        label, "--", user, passwordEnv, passwordPrompt, sslMode, sslCa, optionFiles.choice());
  }

  /**
   * Settings for one server: for {@code jdbc:} specs the account, password and TLS are resolved now
   * (option files read, a prompt shown if asked for); option file warnings go to {@code warnings}.
   */
  ConnectionSettings connection(String label, TargetSpec spec, Consumer<String> warnings) {
    return connection(label, spec, AccountResolver.system(warnings));
  }

  ConnectionSettings connection(String label, TargetSpec spec, AccountResolver resolver) {
    return settings(label, spec, resolver).connection();
  }

  /** One server, ready to open: where it is (option files fill in the rest) and the account. */
  TargetSettings settings(String label, TargetSpec spec, AccountResolver resolver) {
    ConnectionSettings base = timeouts.apply(ConnectionSettings.defaults("root", Secret.NONE));
    return resolver.settings(label, account(label), spec, java.util.List.of(), base);
  }

  /** Another server with the same account: only where it is is worked out. */
  TargetSettings sameAccount(
      String label, TargetSpec spec, AccountResolver resolver, ConnectionSettings account) {
    return new TargetSettings(
        label, resolver.endpoint(account(label), spec), java.util.List.of(), account);
  }
}
