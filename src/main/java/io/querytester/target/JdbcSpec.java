package io.querytester.target;

import io.querytester.BadInputException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real host reached over JDBC, e.g. {@code jdbc:mysql://db1.example.com:3306/shop}.
 *
 * @param url the URL for Connector/J ({@code jdbc:mariadb:} is accepted and rewritten)
 * @param host the host part, for messages
 * @param port the port, 3306 when the URL has none
 */
public record JdbcSpec(String url, String host, int port) implements TargetSpec {
  private static final Pattern SHAPE =
      Pattern.compile(
          "jdbc:mysql://(?:[^@/]*@)?(\\[[^\\]]+\\]|[^:/?]+)(?::(\\d+))?(/[^?]*)?(\\?.*)?");

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
    int port;
    try {
      port = m.group(2) == null ? 3306 : Integer.parseInt(m.group(2));
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (port < 1 || port > 65535) {
      throw new BadInputException("'" + JdbcUrls.mask(text) + "': port must be 1-65535");
    }
    return new JdbcSpec(url, m.group(1), port);
  }

  @Override
  public String display() {
    return JdbcUrls.mask(url);
  }

  @Override
  public String toString() {
    return "JdbcSpec[" + display() + "]";
  }
}
