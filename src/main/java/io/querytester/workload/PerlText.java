package io.querytester.workload;

/**
 * Character classes and matching as pt-query-digest's Perl regexes see them: on the bytes of the
 * log, so only ASCII letters are letters and only ASCII whitespace is {@code \\s}.
 */
final class PerlText {
  private PerlText() {}

  static boolean isWord(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isPerlSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
  }

  /** Whether b[i..] starts with {@code upper}, ASCII letters in either case. */
  static boolean startsWithIgnoreCase(char[] b, int i, int n, String upper) {
    int len = upper.length();
    if (i + len > n) {
      return false;
    }
    for (int k = 0; k < len; k++) {
      char c = b[i + k];
      char u = upper.charAt(k);
      if (c != u && (u < 'A' || u > 'Z' || c != (char) (u + 32))) {
        return false;
      }
    }
    return true;
  }

  static boolean startsWith(char[] b, int i, int n, String s) {
    int len = s.length();
    if (i + len > n) {
      return false;
    }
    for (int k = 0; k < len; k++) {
      if (b[i + k] != s.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  static int indexOf(char[] b, int n, char c, int from) {
    for (int i = from; i < n; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  static int indexOf(char[] b, int n, char c1, char c2, int from) {
    for (int i = from; i + 1 < n; i++) {
      if (b[i] == c1 && b[i + 1] == c2) {
        return i;
      }
    }
    return -1;
  }

  static String lowerAscii(String s) {
    char[] c = s.toCharArray();
    for (int i = 0; i < c.length; i++) {
      if (c[i] >= 'A' && c[i] <= 'Z') {
        c[i] = (char) (c[i] + 32);
      }
    }
    return new String(c);
  }
}
