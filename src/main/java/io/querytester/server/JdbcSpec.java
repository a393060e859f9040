package io.querytester.server;

import io.querytester.BadInputException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real host reached over JDBC: a URL such as {@code jdbc:mysql://db1.example.com:3306/shop}, or a
 * Percona Toolkit DSN such as {@code h=db1,P=3306,u=qt,S=/run/mysqld/mysqld.sock} ({@link
 * PerconaDsn}). What the spec leaves open (port, socket, account) the option files may fill in
 * ({@link #withDefaults}); what it says wins over them, as on the mysql client's command line.
 *
 * @param text the spec as written, shown (masked) in messages and reports
 * @param url the URL for Connector/J ({@code jdbc:mariadb:} is accepted and rewritten)
 * @param host the host, for messages and the binlog client (localhost when a DSN names none)
 * @param port the port, 3306 when the spec has none
 * @param socket the Unix socket to connect through instead of TCP, or null
 * @param database the default database, or null
 * @param user the account the spec names (URL user info or {@code ?user=}, DSN {@code u=}), or null
 * @param password the password inside a URL ({@code user:pw@} or {@code ?password=}), or NONE
 * @param defaultsFile the option file the spec names (DSN {@code F=}), or null
 * @param portGiven whether the spec names the port (else an option file's {@code port} applies)
 */
public record JdbcSpec(
    String text,
    String url,
    String host,
    int port,
    Path socket,
    String database,
    String user,
    Secret password,
    Path defaultsFile,
    boolean portGiven)
    implements TargetSpec {
  private static final Pattern SHAPE =
      Pattern.compile(
          "jdbc:mysql://(?:([^@/]*)@)?(\\[[^\\]]+\\]|[^:/?]+)(?::(\\d+))?(/[^?]*)?(\\?.*)?");
  static final String SOCKET_FACTORY = "io.querytester.server.UnixSocketFactory";

  static JdbcSpec parse(String text) {
    String url = text;
    if (url.toLowerCase(Locale.ROOT).startsWith("jdbc:mariadb:")) {
      url = "jdbc:mysql:" + url.substring("jdbc:mariadb:".length());
    }
    Matcher m = SHAPE.matcher(url);
    if (!m.matches()) {
      throw new BadInputException(
          "cannot read JDBC URL '"
              + JdbcUrls.mask(text)
              + "'; write jdbc:mysql://<host>[:<port>]/[<database>][?<option>=<value>...]");
    }
    int port = port(m.group(3), text);
    String user = null;
    Secret password = Secret.NONE;
    if (m.group(1) != null) {
      String[] info = m.group(1).split(":", 2);
      user = info[0].isEmpty() ? null : decode(info[0]);
      password = info.length > 1 ? Secret.of(decode(info[1])) : Secret.NONE;
    }
    if (m.group(5) != null) {
      for (String pair : m.group(5).substring(1).split("&")) {
        String[] kv = pair.split("=", 2);
        if (kv.length == 2 && kv[0].equalsIgnoreCase("user")) {
          user = decode(kv[1]);
        } else if (kv.length == 2 && kv[0].equalsIgnoreCase("password")) {
          password = Secret.of(decode(kv[1]));
        }
      }
    }
    String db = m.group(4) == null || m.group(4).length() < 2 ? null : m.group(4).substring(1);
    return new JdbcSpec(
        text, url, m.group(2), port, null, db, user, password, null, m.group(3) != null);
  }

  static int port(String digits, String text) {
    int port;
    try {
      port = digits == null ? 3306 : Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (port < 1 || port > 65535) {
      throw new BadInputException("'" + JdbcUrls.mask(text) + "': port must be 1-65535");
    }
    return port;
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }

  /**
   * A spec from parts (a DSN, or a spec with option file defaults filled in): TCP to host:port, or
   * the Unix socket when there is one.
   */
  static JdbcSpec of(
      String text,
      String host,
      int port,
      Path socket,
      String database,
      String user,
      Path defaultsFile,
      boolean portGiven) {
    String h = host == null ? "localhost" : host;
    StringBuilder url = new StringBuilder("jdbc:mysql://").append(h).append(':').append(port);
    url.append('/').append(database == null ? "" : database);
    if (socket != null) {
      // Connector/J has no Unix socket transport of its own; namedPipePath is its documented
      // property for a local path, read here by our factory.
      url.append("?socketFactory=")
          .append(SOCKET_FACTORY)
          .append("&namedPipePath=")
          .append(URLEncoder.encode(socket.toString(), StandardCharsets.UTF_8));
    }
    return new JdbcSpec(
        text,
        url.toString(),
        host,
        port,
        socket,
        database,
        user,
        Secret.NONE,
        defaultsFile,
        portGiven);
  }

  @Override
  public String host() {
    return host == null ? "localhost" : host;
  }

  /**
   * This spec with what it leaves open taken from option files: {@code port}, and for a DSN without
   * a host other than localhost, {@code host} and {@code socket} (a JDBC URL always names its host
   * and always means TCP).
   */
  public JdbcSpec withDefaults(OptionValues file) {
    boolean isUrl = text.regionMatches(true, 0, "jdbc:", 0, 5);
    int p =
        portGiven
            ? port
            : file.value("port")
                .map(v -> port(v.strip(), "port at " + file.where("port")))
                .orElse(port);
    if (isUrl) {
      if (p == port) {
        return this;
      }
      String moved =
          url.replaceFirst("^(jdbc:mysql://(?:[^@/]*@)?(?:\\[[^\\]]+\\]|[^:/?]+))", "$1:" + p);
      return new JdbcSpec(text, moved, host, p, null, database, user, password, null, true);
    }
    String h = host;
    if (h == null) {
      h = file.value("host").filter(v -> !v.isBlank()).orElse(null);
    }
    Path s = socket;
    boolean local = h == null || h.equalsIgnoreCase("localhost");
    if (s == null && local && !portGiven) {
      s = file.value("socket").filter(v -> !v.isBlank()).map(Path::of).orElse(null);
    }
    return of(text, h, p, s, database, user, defaultsFile, portGiven);
  }

  @Override
  public String display() {
    return JdbcUrls.mask(text);
  }

  @Override
  public String toString() {
    return "JdbcSpec[" + display() + "]";
  }
}
