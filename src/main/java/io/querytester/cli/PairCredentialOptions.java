package io.querytester.cli;

import io.querytester.server.OptionFiles;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The accounts and TLS settings of OLD and NEW when they are {@code jdbc:} hosts. The option files
 * to read are shared ({@link OptionFileOptions}); each side may read its own groups.
 */
final class PairCredentialOptions {
  @Option(
      names = "--old-user",
      paramLabel = "USER",
      description = "Account on OLD (jdbc: targets; default: the option file's user, else root).")
  String oldUser;

  @Option(names = "--new-user", paramLabel = "USER", description = "Account on NEW.")
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
      names = "--old-password-prompt",
      description = "Ask for OLD's password on the terminal, without echo.")
  boolean oldPasswordPrompt;

  @Option(
      names = "--new-password-prompt",
      description = "Ask for NEW's password on the terminal, without echo.")
  boolean newPasswordPrompt;

  @Option(
      names = "--old-ssl-mode",
      paramLabel = "MODE",
      description =
          "TLS to OLD: DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY (default: PREFERRED).")
  String oldSslMode;

  @Option(names = "--new-ssl-mode", paramLabel = "MODE", description = "TLS to NEW.")
  String newSslMode;

  @Option(
      names = "--old-ssl-ca",
      paramLabel = "FILE",
      description = "PEM file of the CA that signed OLD's certificate (implies VERIFY_CA).")
  Path oldSslCa;

  @Option(names = "--new-ssl-ca", paramLabel = "FILE", description = "The CA for NEW.")
  Path newSslCa;

  @Option(
      names = "--old-defaults-group-suffix",
      paramLabel = "SUFFIX",
      description = "Option file groups for OLD only, e.g. _old reads [client_old].")
  String oldGroupSuffix;

  @Option(
      names = "--new-defaults-group-suffix",
      paramLabel = "SUFFIX",
      description = "Option file groups for NEW only, e.g. _new reads [client_new].")
  String newGroupSuffix;

  @Option(
      names = "--old-login-path",
      paramLabel = "NAME",
      description = "Login path for OLD only: the group [NAME] of ~/.mylogin.cnf and option files.")
  String oldLoginPath;

  @Option(names = "--new-login-path", paramLabel = "NAME", description = "Login path for NEW only.")
  String newLoginPath;

  private static OptionFiles.Choice side(OptionFiles.Choice files, String suffix, String login) {
    OptionFiles.Choice c = suffix == null ? files : files.withGroupSuffix(suffix);
    return login == null ? c : c.withLoginPath(login);
  }

  Account old(OptionFiles.Choice files) {
    return new Account(
        "OLD",
        "--old-",
        oldUser,
        oldPasswordEnv,
        oldPasswordPrompt,
        oldSslMode,
        oldSslCa,
        side(files, oldGroupSuffix, oldLoginPath));
  }

  Account neu(OptionFiles.Choice files) {
    return new Account(
        "NEW",
        "--new-",
        newUser,
        newPasswordEnv,
        newPasswordPrompt,
        newSslMode,
        newSslCa,
        side(files, newGroupSuffix, newLoginPath));
  }
}
