package io.querytester.server;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Masks passwords inside JDBC URLs and other text before it is shown, logged or written. */
public final class JdbcUrls {
  // user:password@host in the authority part.
  private static final Pattern USERINFO = Pattern.compile("(//[^/:@?]*):[^@/?]*@");
  // password=..., password1=..., in URL parameters or key=value lists.
  private static final Pattern PARAM = Pattern.compile("(?i)((?:password\\d?|pwd)=)[^&;,)\\s]*");

  // p=... in a Percona DSN (h=db1,u=qt,p=...); P= is the port.
  private static final Pattern DSN = Pattern.compile("((?:^|,)\\s*p=)[^,]*");

  private JdbcUrls() {}

  /**
   * The names of the parameters a JDBC URL sets ({@code ?a=1&b=2}), lower-cased. The account
   * ({@code user}, {@code password}) is not among them: it is resolved with the options.
   */
  static Set<String> parameterNames(String url) {
    Set<String> names = new LinkedHashSet<>();
    int q = url.indexOf('?');
    if (q < 0) {
      return names;
    }
    for (String pair : url.substring(q + 1).split("&")) {
      int eq = pair.indexOf('=');
      String name = (eq < 0 ? pair : pair.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
      if (!name.isEmpty() && !name.equals("user") && !name.startsWith("password")) {
        names.add(name);
      }
    }
    return names;
  }

  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    String s = USERINFO.matcher(text).replaceAll("$1:****@");
    s = PARAM.matcher(s).replaceAll("$1****");
    return DSN.matcher(s).replaceAll("$1****");
  }
}
