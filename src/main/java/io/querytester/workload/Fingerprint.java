package io.querytester.workload;

import static io.querytester.workload.PerlText.indexOf;
import static io.querytester.workload.PerlText.isDigit;
import static io.querytester.workload.PerlText.isPerlSpace;
import static io.querytester.workload.PerlText.isWord;
import static io.querytester.workload.PerlText.lowerAscii;
import static io.querytester.workload.PerlText.startsWithIgnoreCase;

/**
 * The query fingerprint of pt-query-digest 3.x ({@code QueryRewriter::fingerprint}), so that our
 * class ids are the ids users already know from its reports.
 *
 * <p>pt defines the fingerprint as a chain of regular expressions, each applied to the whole text,
 * and its quirks are part of the contract: digits inside names become {@code ?} ({@code t1} gives
 * {@code t?}), a {@code b} or {@code x} just before a number goes with it ({@code tab1} gives
 * {@code ta?}), every {@code +} and {@code -} starts a "number", comments are removed without
 * knowing about strings, and a multi-row INSERT is cut after its first row. This class reproduces
 * that chain with one hand-written loop per step over a char array: each loop is linear, even for
 * unterminated quotes and comments, so a 16 MB statement costs a few tens of milliseconds. The
 * steps are applied in pt's order because a later step sees the output of the earlier ones.
 *
 * <p>Known, deliberate difference: the UNION collapse (pt's backreference regex) stops after a work
 * budget on statements with thousands of UNIONs that do not repeat, where pt itself would take
 * minutes.
 */
final class Fingerprint {
  /** pt groups all of mysqldump's table scans into one class. */
  private static final String MYSQLDUMP = "SELECT /*!40001 SQL_NO_CACHE */ * FROM `";

  private Fingerprint() {}

  static String of(String sql) {
    if (sql.startsWith(MYSQLDUMP)) {
      return "mysqldump";
    }
    if (hasToolkitChecksumComment(sql)) {
      return "percona-toolkit";
    }
    if (sql.startsWith("administrator command: ")) {
      return sql;
    }
    String call = callName(sql);
    if (call != null) {
      return call;
    }
    char[] b = sql.toCharArray();
    int n = endOfFirstInsertRow(b);
    n = stripBlockComments(b, n);
    n = stripLineComments(b, n);
    if (isUseDb(b, n)) {
      return b[n - 1] == '\n' ? "use ?\n" : "use ?";
    }
    n = FingerprintLiterals.dropEscapedQuotes(b, n);
    n = FingerprintLiterals.replaceQuoted(b, n);
    n = FingerprintLiterals.replaceNumbers(b, n);
    n = FingerprintLiterals.foldSpaceLowerCaseNulls(b, n);
    String fp = FingerprintLists.collapseLists(b, n);
    if (fp.contains("union")) {
      fp = FingerprintLists.collapseUnions(fp);
    }
    fp = FingerprintLists.collapseLimit(fp);
    return FingerprintLists.dropAscAfterOrderBy(fp);
  }

  // --- special cases, checked on the raw text -------------------------------------------------

  /** pt's {@code /\*\w+\.\w+:[0-9]/[0-9]\*\/} anywhere: pt-table-checksum's chunk queries. */
  private static boolean hasToolkitChecksumComment(String s) {
    for (int i = s.indexOf("/*"); i >= 0; i = s.indexOf("/*", i + 2)) {
      int j = words(s, i + 2);
      if (j == i + 2 || j >= s.length() || s.charAt(j) != '.') {
        continue;
      }
      int k = words(s, j + 1);
      if (k > j + 1
          && k + 6 <= s.length()
          && s.charAt(k) == ':'
          && isDigit(s.charAt(k + 1))
          && s.charAt(k + 2) == '/'
          && isDigit(s.charAt(k + 3))
          && s.charAt(k + 4) == '*'
          && s.charAt(k + 5) == '/') {
        return true;
      }
    }
    return false;
  }

  private static int words(String s, int i) {
    while (i < s.length() && isWord(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /**
   * pt's {@code \A\s*(call\s+\S+)\(}: a CALL is its procedure name, lower-cased. The greedy {@code
   * \S+} ends at the last "(" of the first word.
   */
  private static String callName(String s) {
    int i = 0;
    int n = s.length();
    while (i < n && isPerlSpace(s.charAt(i))) {
      i++;
    }
    if (!s.regionMatches(true, i, "call", 0, 4)) {
      return null;
    }
    int j = i + 4;
    int spaces = j;
    while (j < n && isPerlSpace(s.charAt(j))) {
      j++;
    }
    if (j == spaces) {
      return null;
    }
    int word = j;
    int paren = -1;
    while (j < n && !isPerlSpace(s.charAt(j))) {
      if (s.charAt(j) == '(' && j > word) {
        paren = j;
      }
      j++;
    }
    return paren < 0 ? null : lowerAscii(s.substring(i, paren));
  }

  /**
   * pt's {@code \A((?:INSERT|REPLACE)(?: IGNORE)?\s+INTO.+?VALUES\s*\(.*?\))\s*,\s*\(}: a multi-row
   * INSERT is cut after its first row (and loses anything after the rows).
   */
  private static int endOfFirstInsertRow(char[] b) {
    int n = b.length;
    int i;
    if (startsWithIgnoreCase(b, 0, n, "INSERT")) {
      i = 6;
    } else if (startsWithIgnoreCase(b, 0, n, "REPLACE")) {
      i = 7;
    } else {
      return n;
    }
    if (startsWithIgnoreCase(b, i, n, " IGNORE")) {
      i += 7;
    }
    int j = i;
    while (j < n && isPerlSpace(b[j])) {
      j++;
    }
    if (j == i || !startsWithIgnoreCase(b, j, n, "INTO")) {
      return n;
    }
    for (int v = j + 5; v + 6 <= n; v++) {
      if ((b[v] | 0x20) != 'v' || !startsWithIgnoreCase(b, v, n, "VALUES")) {
        continue;
      }
      int p = v + 6;
      while (p < n && isPerlSpace(b[p])) {
        p++;
      }
      if (p < n && b[p] == '(') {
        return endOfRowFollowedByRow(b, p + 1, n);
      }
    }
    return n;
  }

  /** The first ")" after {@code from} that is followed by {@code \s*,\s*\(}, plus one. */
  private static int endOfRowFollowedByRow(char[] b, int from, int n) {
    for (int c = from; c < n; c++) {
      if (b[c] != ')') {
        continue;
      }
      int k = c + 1;
      while (k < n && isPerlSpace(b[k])) {
        k++;
      }
      if (k < n && b[k] == ',') {
        k++;
        while (k < n && isPerlSpace(b[k])) {
          k++;
        }
        if (k < n && b[k] == '(') {
          return c + 1;
        }
      }
    }
    return n;
  }

  // --- comments ------------------------------------------------------------------------------

  /** pt's {@code /\*[^!].*?\*\/}: block comments and hints go, version comments stay. */
  private static int stripBlockComments(char[] b, int n) {
    int w = 0;
    int i = 0;
    while (i < n) {
      if (b[i] == '/' && i + 2 < n && b[i + 1] == '*' && b[i + 2] != '!') {
        int close = indexOf(b, n, '*', '/', i + 3);
        if (close < 0) {
          // No comment can close after this one either: copy the rest as it is.
          System.arraycopy(b, i, b, w, n - i);
          return w + n - i;
        }
        i = close + 2;
        continue;
      }
      b[w++] = b[i++];
    }
    return w;
  }

  /**
   * pt's {@code (?:--|#)[^'"\r\n]*(?=[\r\n]|\Z)}: a line comment goes only if no quote follows it
   * on its line.
   */
  private static int stripLineComments(char[] b, int n) {
    int w = 0;
    int i = 0;
    while (i < n) {
      char c = b[i];
      int body;
      if (c == '#') {
        body = i + 1;
      } else if (c == '-' && i + 1 < n && b[i + 1] == '-') {
        body = i + 2;
      } else {
        b[w++] = c;
        i++;
        continue;
      }
      int j = body;
      while (j < n && b[j] != '\'' && b[j] != '"' && b[j] != '\r' && b[j] != '\n') {
        j++;
      }
      if (j == n || b[j] == '\r' || b[j] == '\n') {
        i = j;
      } else {
        // A quote ends this run: no comment starting anywhere in it can match.
        while (i < j) {
          b[w++] = b[i++];
        }
      }
    }
    return w;
  }

  /** pt's {@code \Ause \S+\Z}, case-insensitive. */
  private static boolean isUseDb(char[] b, int n) {
    if (n < 5 || !startsWithIgnoreCase(b, 0, n, "USE ")) {
      return false;
    }
    int j = 4;
    while (j < n && !isPerlSpace(b[j])) {
      j++;
    }
    return j > 4 && (j == n || (j == n - 1 && b[j] == '\n'));
  }
}
