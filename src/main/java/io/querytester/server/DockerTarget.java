package io.querytester.server;

import io.querytester.CannotRunException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A MySQL, Percona Server or MariaDB server in a container that this tool starts (Testcontainers)
 * and stops: {@code docker:mysql:8.0}, {@code docker:mariadb:10.6}, {@code
 * docker:percona/percona-server:8.0}.
 *
 * <p>The image runs with its own configuration plus the same character set and collation as every
 * other target and the user's server options as mysqld flags ({@code --old-option slow_query_log=1}
 * becomes {@code --slow_query_log=1}). A plain container rather than Testcontainers' MySQL module,
 * whose default my.cnf shrinks max_allowed_packet to 1M and sort_buffer_size to 64K: a replay must
 * see the server as its image ships it.
 *
 * <p>The error log is the container's output, copied to a local file as it arrives ({@link
 * #errorLog()}). Close stops mysqld with SIGTERM (a clean shutdown, up to 60 s) and removes the
 * container; if the JVM dies first, Testcontainers' reaper removes it.
 */
public final class DockerTarget implements Target {
  static final int MYSQL_PORT = 3306;
  static final Duration START_TIMEOUT = Duration.ofMinutes(5);
  static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
  private static final int STOP_SECONDS = 60;

  private final String label;
  private final DockerSpec spec;
  private final GenericContainer<?> container;
  private final ContainerLog log;
  private final Path workDir;
  private final Consumer<String> progress;
  private JdbcConnector connector;
  private ServerInfo info;

  private DockerTarget(
      String label,
      DockerSpec spec,
      GenericContainer<?> container,
      ContainerLog log,
      Path workDir,
      Consumer<String> progress) {
    this.label = label;
    this.spec = spec;
    this.container = container;
    this.log = log;
    this.workDir = workDir;
    this.progress = progress;
  }

  static DockerTarget start(TargetSettings settings, Consumer<String> progress) {
    DockerEngine.require(settings);
    DockerSpec spec = (DockerSpec) settings.spec();
    Path work = workDir(settings.label());
    ContainerLog log;
    try {
      log = new ContainerLog(work.resolve("error.log"));
    } catch (IOException e) {
      throw new CannotRunException("cannot create " + work.resolve("error.log") + ": " + e, e);
    }
    Secret rootPassword = randomPassword();
    GenericContainer<?> container =
        new GenericContainer<>(DockerImageName.parse(spec.imageName()))
            .withExposedPorts(MYSQL_PORT)
            // Both names: mysql and percona images read MYSQL_*, newer mariadb images MARIADB_*.
            .withEnv("MYSQL_ROOT_PASSWORD", rootPassword.reveal())
            .withEnv("MARIADB_ROOT_PASSWORD", rootPassword.reveal())
            .withCommand(
                command(settings.connection().collation(), settings.serverOptions())
                    .toArray(String[]::new))
            .withLabel("io.querytester.server", settings.label())
            .withLogConsumer(log)
            .waitingFor(Wait.forListeningPort().withStartupTimeout(START_TIMEOUT));
    DockerTarget target = new DockerTarget(settings.label(), spec, container, log, work, progress);
    progress.accept(
        "starting " + settings.named() + " (the first time, Docker downloads the image) ...");
    try {
      container.start();
      target.connect(settings.connection().withUser("root", rootPassword));
    } catch (RuntimeException e) {
      String tail = EmbeddedServer.tail(log.file(), 20);
      target.close();
      throw new CannotRunException(
          settings.label()
              + " "
              + spec.display()
              + " did not start: "
              + firstLine(e)
              + (tail.isBlank() ? "" : ". Last lines of its log:\n" + tail),
          e);
    }
    progress.accept(
        settings.label()
            + " "
            + spec.display()
            + " is up on "
            + container.getHost()
            + ":"
            + container.getMappedPort(MYSQL_PORT)
            + " (container "
            + container.getContainerId().substring(0, 12)
            + ", "
            + target.info.version()
            + ")");
    return target;
  }

  /**
   * mysqld flags: the shared character set and collation, then the user's options. The images'
   * entrypoints hand arguments that start with '-' to mysqld (or mariadbd).
   */
  static List<String> command(String collation, List<String> options) {
    List<String> cmd = new ArrayList<>();
    cmd.add("--character-set-server=utf8mb4");
    cmd.add("--collation-server=" + collation);
    boolean binlog = false;
    boolean serverId = false;
    for (String o : options) {
      String flag = o.startsWith("--") ? o : "--" + o;
      String name = flag.substring(2).split("=", 2)[0].replace('-', '_').toLowerCase(Locale.ROOT);
      binlog |= name.equals("log_bin");
      serverId |= name.equals("server_id");
      cmd.add(flag);
    }
    if (binlog && !serverId) {
      cmd.add("--server-id=1"); // MySQL 5.7 refuses to start with log_bin but no server_id
    }
    return cmd;
  }

  private void connect(ConnectionSettings root) {
    // Our own container on this machine: no TLS, as for embedded targets, so that both sides of a
    // pair pay the same per-statement cost.
    String url =
        "jdbc:mysql://" + container.getHost() + ":" + container.getMappedPort(MYSQL_PORT) + "/";
    connector = new JdbcConnector(url, root.withSslMode(SslMode.DISABLED.name()));
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      try {
        info = connector.probe();
        return;
      } catch (SQLException e) {
        // The port opens before the server takes logins (and the entrypoint restarts it once).
        if (System.nanoTime() > deadline || !container.isRunning()) {
          throw new CannotRunException(
              "it refused connections for " + READY_TIMEOUT.toSeconds() + " s: " + e.getMessage(),
              e);
        }
        sleep();
      }
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("interrupted while waiting for the container", e);
    }
  }

  private static Path workDir(String label) {
    try {
      return Files.createTempDirectory("querytester-" + TargetSettings.slug(label) + "-");
    } catch (IOException e) {
      throw new CannotRunException("cannot create a temporary folder: " + e.getMessage(), e);
    }
  }

  private static Secret randomPassword() {
    String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    SecureRandom random = new SecureRandom();
    char[] pw = new char[24];
    for (int i = 0; i < pw.length; i++) {
      pw[i] = alphabet.charAt(random.nextInt(alphabet.length()));
    }
    return Secret.of(pw);
  }

  private static String firstLine(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getMessage() == null) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return m.lines().findFirst().orElse(m).strip();
  }

  /** The last lines (the shutdown) arrive after the stop returns: wait until the copy is quiet. */
  private void awaitQuietLog() {
    long size = -1;
    for (int i = 0; i < 20; i++) {
      long now = log.file().toFile().length();
      if (now == size) {
        return;
      }
      size = now;
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The container's id, for operators and tests. */
  public String containerId() {
    return container.getContainerId();
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public TargetSpec spec() {
    return spec;
  }

  @Override
  public ServerInfo info() {
    return info;
  }

  @Override
  public Connection connect() throws SQLException {
    return connector.connect();
  }

  @Override
  public Connection connectForLoad() throws SQLException {
    return connector.connectForLoad();
  }

  /** A local copy of the container's output, which is where these images write their error log. */
  @Override
  public Optional<Path> errorLog() {
    return Optional.of(log.file());
  }

  /** Stops mysqld cleanly (SIGTERM, up to 60 s), removes the container and the log copy. */
  @Override
  public void close() {
    String id = container.getContainerId();
    if (id != null && container.isRunning()) {
      try {
        DockerClientFactory.instance()
            .client()
            .stopContainerCmd(id)
            .withTimeout(STOP_SECONDS)
            .exec();
      } catch (RuntimeException e) {
        progress.accept(
            label + ": clean stop failed (" + firstLine(e) + "); removing the container");
      }
    }
    try {
      container.stop();
    } catch (RuntimeException e) {
      progress.accept(label + ": could not remove container " + id + ": " + firstLine(e));
    }
    awaitQuietLog();
    log.close();
    try {
      ServerBinaries.deleteTree(workDir);
    } catch (IOException e) {
      progress.accept("could not remove " + workDir + ": " + e.getMessage());
    }
  }
}
