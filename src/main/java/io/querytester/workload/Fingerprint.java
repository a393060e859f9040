package io.querytester.workload;

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

  private static final long UNION_BUDGET = 4_000_000;

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
    n = dropEscapedQuotes(b, n);
    n = replaceQuoted(b, n);
    n = replaceNumbers(b, n);
    n = foldSpaceLowerCaseNulls(b, n);
    String fp = collapseLists(b, n);
    if (fp.contains("union")) {
      fp = collapseUnions(fp);
    }
    fp = collapseLimit(fp);
    return dropAscAfterOrderBy(fp);
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

  // --- literals ------------------------------------------------------------------------------

  /** pt's {@code s/\\["']//g}. */
  private static int dropEscapedQuotes(char[] b, int n) {
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
  private static int replaceQuoted(char[] b, int n) {
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
  private static int replaceNumbers(char[] b, int n) {
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
  private static int foldSpaceLowerCaseNulls(char[] b, int n) {
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

  // --- lists, unions, limit, order by --------------------------------------------------------

  /** pt's {@code s/\b(in|values?)(?:[\s,]*\([\s?,]*\))+/$1(?+)/g}. */
  private static String collapseLists(char[] b, int n) {
    StringBuilder out = null;
    int copied = 0;
    for (int i = 0; i < n; i++) {
      char c = b[i];
      if ((c != 'i' && c != 'v') || (i > 0 && isWord(b[i - 1]))) {
        continue;
      }
      int kw;
      if (startsWith(b, i, n, "in")) {
        kw = 2;
      } else if (startsWith(b, i, n, "values")) {
        kw = 6;
      } else if (startsWith(b, i, n, "value")) {
        kw = 5;
      } else {
        continue;
      }
      int end = endOfParenGroups(b, i + kw, n);
      if (end < 0) {
        continue;
      }
      if (out == null) {
        out = new StringBuilder(n);
      }
      out.append(b, copied, i + kw - copied).append("(?+)");
      copied = end;
      i = end - 1;
    }
    if (out == null) {
      return new String(b, 0, n);
    }
    return out.append(b, copied, n - copied).toString();
  }

  /** The end of one or more {@code [\s,]*\([\s?,]*\)} groups from {@code i}, or -1. */
  private static int endOfParenGroups(char[] b, int i, int n) {
    int end = -1;
    while (true) {
      int j = i;
      while (j < n && (isPerlSpace(b[j]) || b[j] == ',')) {
        j++;
      }
      if (j >= n || b[j] != '(') {
        return end;
      }
      j++;
      while (j < n && (isPerlSpace(b[j]) || b[j] == '?' || b[j] == ',')) {
        j++;
      }
      if (j >= n || b[j] != ')') {
        return end;
      }
      end = j + 1;
      i = end;
    }
  }

  /**
   * pt's {@code s/\b(select\s.*?)(?:(\sunion(?:\sall)?)\s\1)+/$1 \/*repeat$2*\//g}: a SELECT
   * repeated after UNIONs is written once.
   */
  static String collapseUnions(String s) {
    int n = s.length();
    StringBuilder out = null;
    int copied = 0;
    long budget = UNION_BUDGET;
    int p = 0;
    while ((p = s.indexOf("select", p)) >= 0 && budget > 0) {
      if ((p > 0 && isWord(s.charAt(p - 1))) || p + 6 >= n || !isPerlSpace(s.charAt(p + 6))) {
        p++;
        continue;
      }
      int[] match = null;
      for (int e = unionAt(s, p + 7); e >= 0 && match == null; e = unionAt(s, e + 1)) {
        budget -= e - p;
        match = repeats(s, p, e);
        if (budget <= 0) {
          break;
        }
      }
      if (match == null) {
        p++;
        continue;
      }
      if (out == null) {
        out = new StringBuilder(n);
      }
      int e = match[0];
      out.append(s, copied, e).append(" /*repeat").append(s, match[1], match[2]).append("*/");
      copied = match[3];
      p = copied;
    }
    return out == null ? s : out.append(s, copied, n).toString();
  }

  /** The next index of a whitespace char followed by "union", from {@code from}, or -1. */
  private static int unionAt(String s, int from) {
    for (int u = s.indexOf("union", from + 1); u >= 0; u = s.indexOf("union", u + 1)) {
      if (isPerlSpace(s.charAt(u - 1))) {
        return u - 1;
      }
    }
    return -1;
  }

  /**
   * Whether {@code s[p, e)} is repeated after one or more UNIONs from {@code e}: {e, start and end
   * of the last union keyword, end of the match}, or null.
   */
  private static int[] repeats(String s, int p, int e) {
    int len = e - p;
    int at = e;
    int[] last = null;
    while (at + 6 <= s.length() && isPerlSpace(s.charAt(at)) && s.startsWith("union", at + 1)) {
      int kw = at + 6;
      int next = -1;
      int kwEnd = kw;
      if (kw + 4 < s.length()
          && isPerlSpace(s.charAt(kw))
          && s.startsWith("all", kw + 1)
          && isPerlSpace(s.charAt(kw + 4))
          && s.regionMatches(kw + 5, s, p, len)) {
        kwEnd = kw + 4;
        next = kw + 5 + len;
      } else if (kw < s.length()
          && isPerlSpace(s.charAt(kw))
          && s.regionMatches(kw + 1, s, p, len)) {
        next = kw + 1 + len;
      }
      if (next < 0) {
        break;
      }
      last = new int[] {e, at, kwEnd, next};
      at = next;
    }
    return last;
  }

  /** pt's {@code s/\blimit \?(?:, ?\?| offset \?)?/limit ?/}, first occurrence only. */
  private static String collapseLimit(String s) {
    for (int i = s.indexOf("limit ?"); i >= 0; i = s.indexOf("limit ?", i + 1)) {
      if (i > 0 && isWord(s.charAt(i - 1))) {
        continue;
      }
      int end = i + 7;
      if (s.startsWith(", ?", end)) {
        end += 3;
      } else if (s.startsWith(",?", end)) {
        end += 2;
      } else if (s.startsWith(" offset ?", end)) {
        end += 9;
      }
      if (end == i + 7) {
        return s;
      }
      return s.substring(0, i + 7) + s.substring(end);
    }
    return s;
  }

  /**
   * pt's {@code m/\bORDER BY /gi} followed by {@code s/\G(.+?)\s+ASC/$1/gi}: every whitespace+"asc"
   * after the first ORDER BY goes (even the start of "ascii"), as long as each removal follows the
   * previous one with at least one character between them.
   */
  private static String dropAscAfterOrderBy(String s) {
    int n = s.length();
    int g = -1;
    for (int i = s.indexOf("order by "); i >= 0; i = s.indexOf("order by ", i + 1)) {
      if (i == 0 || !isWord(s.charAt(i - 1))) {
        g = i + 9;
        break;
      }
    }
    if (g < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(n).append(s, 0, g);
    int k = g + 1;
    while (k < n) {
      if (!isPerlSpace(s.charAt(k))) {
        k++;
        continue;
      }
      int m = k;
      while (m < n && isPerlSpace(s.charAt(m))) {
        m++;
      }
      if (s.regionMatches(true, m, "asc", 0, 3)) {
        out.append(s, g, k);
        g = m + 3;
        k = g + 1;
      } else {
        k = m;
      }
    }
    return out.append(s, Math.min(g, n), n).toString();
  }

  // --- character classes (Perl's, on bytes: ASCII only) -------------------------------------

  static boolean isWord(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isPerlSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
  }

  /** Whether b[i..] starts with {@code upper}, ASCII letters in either case. */
  private static boolean startsWithIgnoreCase(char[] b, int i, int n, String upper) {
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

  private static boolean startsWith(char[] b, int i, int n, String s) {
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

  private static int indexOf(char[] b, int n, char c, int from) {
    for (int i = from; i < n; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  private static int indexOf(char[] b, int n, char c1, char c2, int from) {
    for (int i = from; i + 1 < n; i++) {
      if (b[i] == c1 && b[i + 1] == c2) {
        return i;
      }
    }
    return -1;
  }

  private static String lowerAscii(String s) {
    char[] c = s.toCharArray();
    for (int i = 0; i < c.length; i++) {
      if (c[i] >= 'A' && c[i] <= 'Z') {
        c[i] = (char) (c[i] + 32);
      }
    }
    return new String(c);
  }
}
