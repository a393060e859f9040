package io.querytester.workload;

import static io.querytester.workload.PerlText.indexOf;
import static io.querytester.workload.PerlText.isDigit;
import static io.querytester.workload.PerlText.isPerlSpace;
import static io.querytester.workload.PerlText.isWord;
import static io.querytester.workload.PerlText.startsWithIgnoreCase;

/**
 * The literal steps of pt's fingerprint, in place on a char array, each returning the new length:
 * escaped quotes, quoted strings, booleans and numbers, then whitespace, case and NULL.
 */
final class FingerprintLiterals {
  private FingerprintLiterals() {}

  /** pt's {@code s/\\["']//g}. */
  static int dropEscapedQuotes(char[] b, int n) {
    int w = 0;
    for (int i = 0; i < n; i++) {
      if (b[i] == '\\' && i + 1 < n && (b[i + 1] == '\'' || b[i + 1] == '"')) {
        i++;
        continue;
      }
      b[w++] = b[i];
    }
    return w;
  }

  /**
   * pt's {@code s/".*?"/?/sg} followed by {@code s/'.*?'/?/sg}, in one pass: double-quoted runs
   * pair up first, so a single-quoted string skips over them while it looks for its end.
   */
  static int replaceQuoted(char[] b, int n) {
    int w = 0;
    int i = 0;
    int unpairedDouble = n; // from here on a double quote has no partner
    boolean unpairedSingle = false;
    while (i < n) {
      char c = b[i];
      if (c == '"' && i < unpairedDouble) {
        int close = indexOf(b, n, '"', i + 1);
        if (close < 0) {
          unpairedDouble = i;
          b[w++] = c;
          i++;
        } else {
          b[w++] = '?';
          i = close + 1;
        }
      } else if (c == '\'' && !unpairedSingle) {
        int close = -1;
        for (int j = i + 1; j < n; j++) {
          if (b[j] == '\'') {
            close = j;
            break;
          }
          if (b[j] == '"' && j < unpairedDouble) {
            int dq = indexOf(b, n, '"', j + 1);
            if (dq < 0) {
              unpairedDouble = j;
            } else {
              j = dq;
            }
          }
        }
        if (close < 0) {
          unpairedSingle = true;
          b[w++] = c;
          i++;
        } else {
          b[w++] = '?';
          i = close + 1;
        }
      } else {
        b[w++] = c;
        i++;
      }
    }
    return w;
  }

  /**
   * pt's {@code s/\bfalse\b|\btrue\b/?/ig}, then {@code s/[0-9+-][0-9a-f.xb+-]*\/?/g}, then {@code
   * s/[xb.+-]\?/?/g}, in one pass. The number pattern is case-sensitive: pt applies it before
   * lower-casing.
   */
  static int replaceNumbers(char[] b, int n) {
    int w = 0;
    int i = 0;
    char prev = ' ';
    while (i < n) {
      char c = b[i];
      int bool;
      if ((c | 0x20) == 't' || (c | 0x20) == 'f') {
        bool = !isWord(prev) ? booleanLength(b, i, n) : 0;
        if (bool > 0) {
          prev = b[i + bool - 1];
          w = question(b, w);
          i += bool;
          continue;
        }
      }
      if (isDigit(c) || c == '+' || c == '-') {
        int j = i + 1;
        while (j < n && inNumber(b[j]) && !(b[j] == 'f' && !isWord(b[j - 1]) && isFalse(b, j, n))) {
          j++;
        }
        prev = b[j - 1];
        w = question(b, w);
        i = j;
        continue;
      }
      if (c == '?') {
        w = question(b, w);
      } else {
        b[w++] = c;
      }
      prev = c;
      i++;
    }
    return w;
  }

  /** Appends a "?", or turns a preceding x, b, ., + or - into it. */
  private static int question(char[] b, int w) {
    if (w > 0) {
      char p = b[w - 1];
      if (p == 'x' || p == 'b' || p == '.' || p == '+' || p == '-') {
        b[w - 1] = '?';
        return w;
      }
    }
    b[w] = '?';
    return w + 1;
  }

  private static int booleanLength(char[] b, int i, int n) {
    if (startsWithIgnoreCase(b, i, n, "TRUE") && (i + 4 == n || !isWord(b[i + 4]))) {
      return 4;
    }
    return isFalse(b, i, n) ? 5 : 0;
  }

  private static boolean isFalse(char[] b, int i, int n) {
    return startsWithIgnoreCase(b, i, n, "FALSE") && (i + 5 == n || !isWord(b[i + 5]));
  }

  private static boolean inNumber(char c) {
    return isDigit(c)
        || (c >= 'a' && c <= 'f')
        || c == '.'
        || c == 'x'
        || c == 'b'
        || c == '+'
        || c == '-';
  }

  /**
   * pt's {@code s/\A\s+//}, {@code chomp}, {@code tr[ \n\t\r\f][ ]s}, {@code lc} and {@code
   * s/\bnull\b/?/g}, in one pass.
   */
  static int foldSpaceLowerCaseNulls(char[] b, int n) {
    int i = 0;
    while (i < n && isPerlSpace(b[i])) {
      i++;
    }
    if (n > i && b[n - 1] == '\n') {
      n--;
    }
    int w = 0;
    boolean space = false;
    while (i < n) {
      char c = b[i];
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f') {
        if (!space) {
          b[w++] = ' ';
          space = true;
        }
        i++;
        continue;
      }
      space = false;
      if ((c | 0x20) == 'n'
          && (w == 0 || !isWord(b[w - 1]))
          && startsWithIgnoreCase(b, i, n, "NULL")
          && (i + 4 == n || !isWord(b[i + 4]))) {
        b[w++] = '?';
        i += 4;
        continue;
      }
      b[w++] = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
      i++;
    }
    return w;
  }
}
