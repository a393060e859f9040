package io.querytester.target;

import java.util.regex.Pattern;

/** Masks passwords inside JDBC URLs and other text before it is shown, logged or written. */
public final class JdbcUrls {
  // user:password@host in the authority part.
  private static final Pattern USERINFO = Pattern.compile("(//[^/:@?]*):[^@/?]*@");
  // password=..., password1=..., in URL parameters or key=value lists.
  private static final Pattern PARAM = Pattern.compile("(?i)((?:password\\d?|pwd)=)[^&;,)\\s]*");

  private JdbcUrls() {}

  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    String s = USERINFO.matcher(text).replaceAll("$1:****@");
    return PARAM.matcher(s).replaceAll("$1****");
  }
}
