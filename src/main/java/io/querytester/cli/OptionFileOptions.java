package io.querytester.cli;

import io.querytester.server.OptionFiles;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which MySQL option files to read for {@code jdbc:} targets; the mysql client's own options. */
final class OptionFileOptions {
  @Option(
      names = "--defaults-file",
      paramLabel = "FILE",
      description =
          "Read only this option file (default: /etc/my.cnf, /etc/mysql/my.cnf, ~/.my.cnf).")
  Path defaultsFile;

  @Option(
      names = "--defaults-extra-file",
      paramLabel = "FILE",
      description = "Read this option file after the global ones, before ~/.my.cnf.")
  Path extraFile;

  @Option(
      names = "--defaults-group-suffix",
      paramLabel = "SUFFIX",
      description =
          "Also read the groups [client<SUFFIX>] and [querytester<SUFFIX>], not only [client] and"
              + " [querytester].")
  String groupSuffix;

  @Option(
      names = "--no-defaults",
      description = "Read no option file (the login path file is still read, as by mysql).")
  boolean noDefaults;

  @Option(
      names = "--login-path",
      paramLabel = "NAME",
      description =
          "Also read the group [NAME] of the option files and of ~/.mylogin.cnf"
              + " (mysql_config_editor's login paths).")
  String loginPath;

  OptionFiles.Choice choice() {
    return new OptionFiles.Choice(defaultsFile, extraFile, groupSuffix, noDefaults, loginPath);
  }
}
