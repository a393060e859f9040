package io.querytester.server;

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
              + describe(e)
              + " [SQLSTATE "
              + e.getSQLState()
              + ", error "
              + e.getErrorCode()
              + "]. "
              + hint(settings.label()),
          e);
    }
  }

  /** The driver's first line and the root cause's, e.g. a TLS handshake's reason. */
  static String describe(SQLException e) {
    String first = firstLine(e);
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String cause = root == e ? "" : firstLine(root);
    return cause.isEmpty() || first.contains(cause) ? first : first + " (" + cause + ")";
  }

  private static String firstLine(Throwable t) {
    String m = t.getMessage();
    return m == null ? "" : m.lines().findFirst().orElse("").strip();
  }

  private static String hint(String label) {
    if (!label.equals("OLD") && !label.equals("NEW")) {
      return "Check host, port, account, password and TLS settings.";
    }
    String p = "--" + label.toLowerCase(java.util.Locale.ROOT);
    return "Check host, port, account ("
        + p
        + "-user, "
        + p
        + "-password-env, "
        + p
        + "-password-prompt or an option file) and TLS ("
        + p
        + "-ssl-mode, "
        + p
        + "-ssl-ca).";
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
    return Optional.ofNullable(errorLog);
  }

  @Override
  public void close() {
    // Not ours to stop.
  }
}
