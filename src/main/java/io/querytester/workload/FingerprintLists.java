package io.querytester.workload;

import static io.querytester.workload.PerlText.isPerlSpace;
import static io.querytester.workload.PerlText.isWord;
import static io.querytester.workload.PerlText.startsWith;

/**
 * The last steps of pt's fingerprint, on the folded lower-case text: IN and VALUES lists, repeated
 * UNIONs, LIMIT, and ASC after ORDER BY.
 */
final class FingerprintLists {
  /**
   * The UNION collapse stops after this much work on statements with thousands of UNIONs that do
   * not repeat, where pt itself would take minutes.
   */
  private static final long UNION_BUDGET = 4_000_000;

  private FingerprintLists() {}

  /** pt's {@code s/\b(in|values?)(?:[\s,]*\([\s?,]*\))+/$1(?+)/g}. */
  static String collapseLists(char[] b, int n) {
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
  static String collapseLimit(String s) {
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
  static String dropAscAfterOrderBy(String s) {
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
}
