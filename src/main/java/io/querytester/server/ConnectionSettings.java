package io.querytester.server;

import java.time.Duration;
import java.util.Properties;

/**
 * How to connect to a target. The same collation on both sides matters: Connector/J would otherwise
 * negotiate utf8mb4_0900_ai_ci with one server and utf8mb4_general_ci with another, and {@code 'a'
 * = 'a '} would differ for no reason of the upgrade.
 *
 * @param user the account
 * @param password masked everywhere but in the driver
 * @param collation {@code connectionCollation} for Connector/J
 * @param sslMode {@code sslMode} for Connector/J: DISABLED, PREFERRED, REQUIRED, VERIFY_CA,
 *     VERIFY_IDENTITY
 * @param sslCa the CA certificates to verify the server with (VERIFY_CA, VERIFY_IDENTITY); null:
 *     the JVM's trusted CAs
 * @param connectTimeout how long to wait for a TCP connection and handshake
 * @param socketTimeout how long a read may block before the connection is given up; longer than any
 *     statement timeout, which ends statements first and cleanly (KILL QUERY)
 */
public record ConnectionSettings(
    String user,
    Secret password,
    String collation,
    String sslMode,
    CaFile sslCa,
    Duration connectTimeout,
    Duration socketTimeout) {

  public static final String PROGRAM_NAME = "querytester";
  public static final String DEFAULT_COLLATION = "utf8mb4_general_ci";
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
  public static final Duration DEFAULT_SOCKET_TIMEOUT = Duration.ofMinutes(10);

  public static ConnectionSettings defaults(String user, Secret password) {
    return new ConnectionSettings(
        user,
        password,
        DEFAULT_COLLATION,
        SslMode.PREFERRED.name(),
        null,
        DEFAULT_CONNECT_TIMEOUT,
        DEFAULT_SOCKET_TIMEOUT);
  }

  public ConnectionSettings withSslMode(String mode) {
    return new ConnectionSettings(
        user, password, collation, mode, sslCa, connectTimeout, socketTimeout);
  }

  /** TLS as given; a CA is used only by the verifying modes. */
  public ConnectionSettings withTls(SslMode mode, CaFile ca) {
    return new ConnectionSettings(
        user, password, collation, mode.name(), ca, connectTimeout, socketTimeout);
  }

  public ConnectionSettings withUser(String newUser, Secret newPassword) {
    return new ConnectionSettings(
        newUser, newPassword, collation, sslMode, sslCa, connectTimeout, socketTimeout);
  }

  public ConnectionSettings withCollation(String newCollation) {
    return new ConnectionSettings(
        user, password, newCollation, sslMode, sslCa, connectTimeout, socketTimeout);
  }

  public ConnectionSettings withTimeouts(Duration connect, Duration socket) {
    return new ConnectionSettings(user, password, collation, sslMode, sslCa, connect, socket);
  }

  /** Driver properties; {@link JdbcConnector} drops those a target's URL sets, so the URL wins. */
  public Properties driverProperties() {
    Properties p = new Properties();
    if (user != null) {
      p.setProperty("user", user);
    }
    if (password != null && !password.isEmpty()) {
      p.setProperty("password", password.reveal());
    }
    // Operators see the tool in the processlist; capture skips its own sessions by this name.
    p.setProperty("connectionAttributes", "program_name:" + PROGRAM_NAME);
    p.setProperty("connectionCollation", collation);
    p.setProperty("characterEncoding", "UTF-8");
    p.setProperty("sslMode", sslMode);
    if (sslCa != null && SslMode.parse(sslMode, "sslMode").verifies()) {
      sslCa.addTo(p);
    }
    p.setProperty("allowPublicKeyRetrieval", "true");
    p.setProperty("connectTimeout", Long.toString(connectTimeout.toMillis()));
    p.setProperty("socketTimeout", Long.toString(socketTimeout.toMillis()));
    // Replay compares what the server sent: no client-side rewriting or caching.
    DriverSettings.applyTo(p);
    // Replay streams results; by default Connector/J sends SET net_write_timeout before every
    // streamed statement, an extra round trip each time. Set it once per connection instead.
    p.setProperty("netTimeoutForStreamingResults", "0");
    p.setProperty("sessionVariables", "net_write_timeout=600");
    return p;
  }

  @Override
  public String toString() {
    return "ConnectionSettings[user="
        + user
        + ", password="
        + password
        + ", collation="
        + collation
        + ", sslMode="
        + sslMode
        + (sslCa == null ? "" : ", sslCa=" + sslCa.source())
        + ", connectTimeout="
        + connectTimeout
        + ", socketTimeout="
        + socketTimeout
        + "]";
  }
}
