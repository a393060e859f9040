package io.querytester.target;

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

  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    String s = USERINFO.matcher(text).replaceAll("$1:****@");
    s = PARAM.matcher(s).replaceAll("$1****");
    return DSN.matcher(s).replaceAll("$1****");
  }
}
