package io.querytester.server;

import io.querytester.BadInputException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Percona Toolkit's DSN, what pt-upgrade and pt-table-checksum users type: {@code
 * h=db1,P=3306,u=qt,S=/run/mysqld/mysqld.sock,F=/etc/qt.cnf,D=shop}. Keys are case-sensitive
 * ({@code p} is the password, {@code P} the port). A password ({@code p=}) is refused: on a command
 * line every user of the machine can read it in the process list.
 */
final class PerconaDsn {
  /** A DSN starts with one of its keys and an equals sign. */
  static final Pattern SHAPE = Pattern.compile("^[ADFPSchptu]=.*", Pattern.DOTALL);

  private static final String KEYS =
      "h=host, P=port, S=socket, u=user, D=database, F=option file (A, t ignored)";

  private PerconaDsn() {}

  static boolean looksLikeOne(String text) {
    return SHAPE.matcher(text).matches();
  }

  static JdbcSpec parse(String text) {
    Map<String, String> kv = new LinkedHashMap<>();
    for (String part : text.split(",")) {
      int eq = part.indexOf('=');
      if (eq < 1) {
        throw new BadInputException(
            "cannot read DSN '" + JdbcUrls.mask(text) + "' at '" + part + "'; write " + KEYS);
      }
      String key = part.substring(0, eq).strip();
      String value = part.substring(eq + 1).strip();
      switch (key) {
        case "h", "P", "S", "u", "D", "F", "A", "t" -> kv.put(key, value);
        case "p" ->
            throw new BadInputException(
                "DSN '"
                    + JdbcUrls.mask(text)
                    + "': p= would put the password in the process list; give it with"
                    + " --old-password-env VAR (or --new-, --source-, --password-env), an option"
                    + " file (F=FILE with password=...) or a login path");
        default ->
            throw new BadInputException(
                "DSN '" + JdbcUrls.mask(text) + "': unknown key '" + key + "'; keys are " + KEYS);
      }
    }
    String portText = kv.get("P");
    int port = JdbcSpec.port(portText, text);
    return JdbcSpec.of(
        text,
        blankToNull(kv.get("h")),
        port,
        blankToNull(kv.get("S")) == null ? null : Path.of(kv.get("S")),
        blankToNull(kv.get("D")),
        blankToNull(kv.get("u")),
        blankToNull(kv.get("F")) == null ? null : Path.of(kv.get("F")),
        portText != null);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
