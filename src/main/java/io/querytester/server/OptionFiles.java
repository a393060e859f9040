package io.querytester.server;

import io.querytester.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * MySQL option files ({@code my.cnf}), found and read the way the mysql client does, for the
 * account, password and TLS settings of {@code jdbc:} targets.
 *
 * <p>Files, later ones winning: {@code /etc/my.cnf}, {@code /etc/mysql/my.cnf}, {@code
 * $MYSQL_HOME/my.cnf}, the {@code --defaults-extra-file}, {@code ~/.my.cnf}; or only the {@code
 * --defaults-file}; or none with {@code --no-defaults}. Groups: {@code [client]} and {@code
 * [querytester]}, and with a group suffix (e.g. {@code _old}) also {@code [client_old]} and {@code
 * [querytester_old]}. Within the files read, the last line for an option wins, whatever its group.
 *
 * <p>Then MySQL's login path file ({@code ~/.mylogin.cnf}, or {@code $MYSQL_TEST_LOGIN_FILE}),
 * written by {@code mysql_config_editor}: read last, and read even with {@code --no-defaults} and
 * {@code --defaults-file}, as the mysql client does. {@code --login-path NAME} adds the group
 * {@code [NAME]} in every file read.
 */
public final class OptionFiles {
  static final List<String> PROGRAM_GROUPS = List.of("client", "querytester");

  /**
   * Which option files to read, as the user chose on the command line.
   *
   * @param defaultsFile read only this file (--defaults-file)
   * @param extraFile read this file after the global ones (--defaults-extra-file)
   * @param groupSuffix also read the groups with this suffix (--defaults-group-suffix)
   * @param noDefaults read no option file at all (--no-defaults)
   * @param loginPath also read the group of this name (--login-path), or null
   */
  public record Choice(
      Path defaultsFile, Path extraFile, String groupSuffix, boolean noDefaults, String loginPath) {
    public static final Choice STANDARD = new Choice(null, null, null, false, null);

    public Choice(Path defaultsFile, Path extraFile, String groupSuffix, boolean noDefaults) {
      this(defaultsFile, extraFile, groupSuffix, noDefaults, null);
    }

    public Choice withGroupSuffix(String suffix) {
      return new Choice(defaultsFile, extraFile, suffix, noDefaults, loginPath);
    }

    public Choice withLoginPath(String name) {
      return new Choice(defaultsFile, extraFile, groupSuffix, noDefaults, name);
    }

    /** Only this file (a DSN's F=), keeping the groups chosen. */
    public Choice withDefaultsFile(Path file) {
      return new Choice(file, null, groupSuffix, false, loginPath);
    }
  }

  private final List<Path> globalFiles;
  private final Path userFile;
  private final String envGroupSuffix;
  private final Path loginFile;
  private final Consumer<String> warnings;

  /**
   * @param globalFiles the system-wide files, read first when they exist
   * @param userFile the user's file ({@code ~/.my.cnf}), read last when it exists
   * @param envGroupSuffix the group suffix from {@code MYSQL_GROUP_SUFFIX}, or null
   * @param warnings where notes about skipped files go
   */
  public OptionFiles(
      List<Path> globalFiles, Path userFile, String envGroupSuffix, Consumer<String> warnings) {
    this(globalFiles, userFile, envGroupSuffix, null, warnings);
  }

  /**
   * @param loginFile the login path file ({@code ~/.mylogin.cnf}), read after all others when it
   *     exists; null for none
   */
  public OptionFiles(
      List<Path> globalFiles,
      Path userFile,
      String envGroupSuffix,
      Path loginFile,
      Consumer<String> warnings) {
    this.globalFiles = List.copyOf(globalFiles);
    this.userFile = userFile;
    this.envGroupSuffix = envGroupSuffix;
    this.loginFile = loginFile;
    this.warnings = warnings;
  }

  /** The mysql client's search path on Unix, from the given environment. */
  public static OptionFiles standard(Function<String, String> env, Consumer<String> warnings) {
    List<Path> global =
        new ArrayList<>(List.of(Path.of("/etc/my.cnf"), Path.of("/etc/mysql/my.cnf")));
    String mysqlHome = env.apply("MYSQL_HOME");
    if (mysqlHome != null && !mysqlHome.isBlank()) {
      global.add(Path.of(mysqlHome, "my.cnf"));
    }
    String home = env.apply("HOME");
    Path homeDir = Path.of(home != null ? home : System.getProperty("user.home"));
    String testLoginFile = env.apply("MYSQL_TEST_LOGIN_FILE");
    Path login =
        testLoginFile != null && !testLoginFile.isBlank()
            ? Path.of(testLoginFile)
            : homeDir.resolve(".mylogin.cnf");
    return new OptionFiles(
        global, homeDir.resolve(".my.cnf"), env.apply("MYSQL_GROUP_SUFFIX"), login, warnings);
  }

  /** Reads the chosen files; options outside the client groups are left out. */
  public OptionValues read(Choice choice) {
    List<String> groups = groups(choice);
    List<OptionFileParser.Entry> all = new ArrayList<>();
    for (Path f : files(choice)) {
      keep(OptionFileParser.read(f, warnings), groups, all);
    }
    if (loginFile != null) {
      keep(LoginPathFile.read(loginFile, warnings), groups, all);
    }
    if (choice.loginPath() != null
        && all.stream().noneMatch(e -> e.group().equalsIgnoreCase(choice.loginPath()))) {
      throw new BadInputException(
          "--login-path "
              + choice.loginPath()
              + ": no group ["
              + choice.loginPath()
              + "] in "
              + (loginFile == null ? "the option files" : loginFile + " or the option files")
              + "; create it with mysql_config_editor set --login-path="
              + choice.loginPath()
              + " --host=... --user=... --password");
    }
    return new OptionValues(all);
  }

  private static void keep(
      List<OptionFileParser.Entry> entries, List<String> groups, List<OptionFileParser.Entry> to) {
    for (OptionFileParser.Entry e : entries) {
      if (groups.contains(e.group().toLowerCase(Locale.ROOT))) {
        to.add(e);
      }
    }
  }

  List<Path> files(Choice choice) {
    if (choice.noDefaults()) {
      return List.of();
    }
    if (choice.defaultsFile() != null) {
      return List.of(required(choice.defaultsFile(), "--defaults-file"));
    }
    List<Path> files = new ArrayList<>();
    globalFiles.stream().filter(Files::isRegularFile).forEach(files::add);
    if (choice.extraFile() != null) {
      files.add(required(choice.extraFile(), "--defaults-extra-file"));
    }
    if (userFile != null && Files.isRegularFile(userFile)) {
      files.add(userFile);
    }
    return files;
  }

  private List<String> groups(Choice choice) {
    String suffix = choice.groupSuffix() != null ? choice.groupSuffix() : envGroupSuffix;
    List<String> groups = new ArrayList<>(PROGRAM_GROUPS);
    if (suffix != null && !suffix.isEmpty()) {
      PROGRAM_GROUPS.forEach(g -> groups.add((g + suffix).toLowerCase(Locale.ROOT)));
    }
    if (choice.loginPath() != null && !choice.loginPath().isBlank()) {
      groups.add(choice.loginPath().toLowerCase(Locale.ROOT));
    }
    return groups;
  }

  private static Path required(Path file, String option) {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(option + " " + file + ": no such file");
    }
    return file;
  }
}
