package io.querytester.report;

/** Escaping for XML and HTML text and attribute values. */
final class Xml {
  private Xml() {}

  /**
   * Escapes {@code & < > " '} and replaces characters XML 1.0 cannot hold (most control characters,
   * lone surrogates) with U+FFFD, so any value from a database makes a valid document.
   */
  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String r =
          switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            case '"' -> "&quot;";
            case '\'' -> "&#39;";
            default -> allowed(s, i) ? null : "\uFFFD";
          };
      if (r != null && b == null) {
        b = new StringBuilder(s.length() + 16).append(s, 0, i);
      }
      if (b != null) {
        if (r != null) {
          b.append(r);
        } else {
          b.append(c);
        }
      }
    }
    return b == null ? s : b.toString();
  }

  private static boolean allowed(String s, int i) {
    char c = s.charAt(i);
    if (c == '\t' || c == '\n' || c == '\r') {
      return true;
    }
    if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
      return false;
    }
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
    return true;
  }
}
