package io.querytester.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** A target backed by an {@link EmbeddedServer} that lives as long as the target. */
public final class EmbeddedTarget implements Target {
  private final String label;
  private final EmbeddedSpec spec;
  private final EmbeddedServer server;
  private final ConnectionSettings settings;
  private volatile JdbcConnector connector;
  private final ServerInfo info;

  EmbeddedTarget(
      String label, EmbeddedSpec spec, EmbeddedServer server, ConnectionSettings settings)
      throws SQLException {
    this.label = label;
    this.spec = spec;
    this.server = server;
    // The embedded server has no TLS set up and only listens on loopback.
    this.settings = settings.withSslMode("DISABLED");
    this.connector = new JdbcConnector(server.jdbcUrl(), this.settings);
    this.info = connector.probe();
  }

  static EmbeddedTarget start(
      TargetSettings settings, java.util.function.Consumer<String> progress) {
    EmbeddedSpec spec = (EmbeddedSpec) settings.spec();
    Path base = ServerBinaries.standard(progress).ensure(spec.version());
    Path work;
    try {
      work =
          Files.createTempDirectory("querytester-" + TargetSettings.slug(settings.label()) + "-");
    } catch (java.io.IOException e) {
      throw new io.querytester.CannotRunException(
          "cannot create a temporary folder: " + e.getMessage(), e);
    }
    progress.accept("starting " + settings.named() + " ...");
    EmbeddedServer server =
        EmbeddedServer.start(
            new EmbeddedServer.Config(
                spec.version(),
                base,
                work,
                "utf8mb4",
                settings.connection().collation(),
                settings.serverOptions(),
                FreePorts::next),
            progress);
    try {
      return new EmbeddedTarget(
          settings.label(),
          spec,
          server,
          settings.connection().withUser("root", server.rootPassword()));
    } catch (SQLException e) {
      server.close();
      throw new io.querytester.CannotRunException(
          settings.label()
              + " "
              + spec.display()
              + " started but refused a connection: "
              + e.getMessage(),
          e);
    }
  }

  /** The account and driver settings this target connects with. */
  ConnectionSettings settings() {
    return settings;
  }

  public EmbeddedServer server() {
    return server;
  }

  /**
   * Restarts the server on its data dir after a crash (see {@link EmbeddedServer#restart()});
   * connections opened from now on go to the restarted server, on whatever port it got.
   */
  public void restart() {
    server.restart();
    connector = new JdbcConnector(server.jdbcUrl(), settings);
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

  @Override
  public Optional<Path> errorLog() {
    return Optional.of(server.errorLog());
  }

  @Override
  public void close() {
    server.close();
  }
}
