package io.querytester.target;

import io.querytester.CannotRunException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** A server that runs elsewhere; this tool only connects to it and never stops it. */
public final class HostTarget implements Target {
  private final String label;
  private final JdbcSpec spec;
  private final JdbcConnector connector;
  private final ServerInfo info;
  private final Path errorLog;

  private HostTarget(
      String label, JdbcSpec spec, JdbcConnector connector, ServerInfo info, Path errorLog) {
    this.label = label;
    this.spec = spec;
    this.connector = connector;
    this.info = info;
    this.errorLog = errorLog;
  }

  static HostTarget connect(TargetSettings settings, Path errorLog) {
    JdbcSpec spec = (JdbcSpec) settings.spec();
    JdbcConnector connector = new JdbcConnector(spec.url(), settings.connection());
    try {
      return new HostTarget(settings.label(), spec, connector, connector.probe(), errorLog);
    } catch (SQLException e) {
      throw new CannotRunException(
          settings.label()
              + " "
              + spec.display()
              + " refused the connection: "
              + e.getMessage()
              + " [SQLSTATE "
              + e.getSQLState()
              + ", error "
              + e.getErrorCode()
              + "]."
              + " Check host, port, user and password (--"
              + settings.label().toLowerCase(java.util.Locale.ROOT)
              + "-user, --"
              + settings.label().toLowerCase(java.util.Locale.ROOT)
              + "-password-env).",
          e);
    }
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
  public Optional<Path> errorLog() {
    return Optional.ofNullable(errorLog);
  }

  @Override
  public void close() {
    // Not ours to stop.
  }
}
