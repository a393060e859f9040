package io.querytester.workload;

import io.querytester.workload.SqlScanner.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Removes what a report must not show from a statement, keeping its shape so that a reader still
 * recognises it. Works on the scanner's tokens, so text inside strings and comments is never
 * mistaken for SQL, and never throws on odd input.
 */
public final class SqlRedactor {
  /** What replaces a password literal, whatever the options. */
  public static final String PASSWORD_MASK = "'****'";

  /** Words after which string literals are passwords (IDENTIFIED BY, PASSWORD('...') ...). */
  private static final Set<String> PASSWORD_WORDS =
      Set.of(
          "IDENTIFIED",
          "PASSWORD",
          "MASTER_PASSWORD",
          "SOURCE_PASSWORD",
          "OLD_PASSWORD",
          "ENCRYPTED_PASSWORD");

  /** How many tokens after such a word a string literal still counts as the password. */
  private static final int PASSWORD_REACH = 6;

  private SqlRedactor() {}

  /**
   * Replaces every string and number literal with {@code ?} and drops comments (they may carry data
   * too); names, keywords, operators and spacing stay. {@code WHERE email = 'a@b.c' AND id = 42}
   * becomes {@code WHERE email = ? AND id = ?}.
   */
  public static String literals(String sql) {
    return rewrite(sql, true);
  }

  /**
   * Replaces only the string literals that are passwords ({@code IDENTIFIED BY '...'}, {@code
   * PASSWORD('...')}, {@code MASTER_PASSWORD='...'}) with {@value #PASSWORD_MASK}. Applied to every
   * statement in every report, redacting or not.
   */
  public static String passwords(String sql) {
    if (sql == null || !mayHavePassword(sql)) {
      return sql;
    }
    return rewrite(sql, false);
  }

  /**
   * The passwords in a statement, as they appear in its text and as the server reads them, so that
   * a server message or a column name that quotes one can be masked too. Empty for most statements.
   */
  public static List<String> secrets(String sql) {
    if (sql == null || !mayHavePassword(sql)) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    SqlScanner sc = new SqlScanner(sql);
    Passwords passwords = new Passwords(sql);
    for (Type t = sc.next(); t != Type.END; t = sc.next()) {
      String token = sql.substring(sc.start(), sc.end());
      if (passwords.next(t, sc.start(), sc.end()) && token.length() > 1) {
        String raw = token.substring(1, token.length() - 1);
        String value = PreparedText.unescape(token);
        for (String v : List.of(raw, value)) {
          if (!v.isEmpty() && !out.contains(v)) {
            out.add(v);
          }
        }
      }
    }
    // Longest first, so that a secret that contains another is masked whole.
    out.sort((a, b) -> b.length() - a.length());
    return out;
  }

  /** {@code text} with every occurrence of each secret replaced by ****. */
  public static String mask(String text, List<String> secrets) {
    if (text == null || secrets.isEmpty()) {
      return text;
    }
    String out = text;
    for (String s : secrets) {
      out = out.replace(s, "****");
    }
    return out;
  }

  /**
   * Runs after every replayed statement. An ASCII text is searched as it is (upper-casing a copy of
   * each statement was most of this check's time); any other falls back to upper-casing, which also
   * turns e.g. U+017F into S, as the scanner's keyword test does.
   */
  static boolean mayHavePassword(String sql) {
    for (int i = 0; i < sql.length(); i++) {
      if (sql.charAt(i) >= 0x80) {
        String upper = sql.toUpperCase(Locale.ROOT);
        return upper.contains("PASSWORD") || upper.contains("IDENTIFIED");
      }
    }
    return containsAsciiIgnoreCase(sql, "PASSWORD") || containsAsciiIgnoreCase(sql, "IDENTIFIED");
  }

  private static boolean containsAsciiIgnoreCase(String text, String upperWord) {
    char first = upperWord.charAt(0);
    for (int i = 0, last = text.length() - upperWord.length(); i <= last; i++) {
      if ((text.charAt(i) & ~0x20) == first
          && text.regionMatches(true, i, upperWord, 0, upperWord.length())) {
        return true;
      }
    }
    return false;
  }

  private static String rewrite(String sql, boolean allLiterals) {
    if (sql == null) {
      return null;
    }
    SqlScanner sc = new SqlScanner(sql);
    StringBuilder out = new StringBuilder(sql.length());
    int copied = 0;
    Passwords passwords = new Passwords(sql);
    for (Type t = sc.next(); t != Type.END; t = sc.next()) {
      gap(sql, copied, sc.start(), allLiterals, out);
      String token = sql.substring(sc.start(), sc.end());
      boolean literal = t == Type.STRING || t == Type.NUMBER;
      boolean password = passwords.next(t, sc.start(), sc.end());
      if (allLiterals && literal) {
        out.append('?');
      } else if (password) {
        out.append(allLiterals ? "?" : PASSWORD_MASK);
      } else {
        out.append(token);
      }
      copied = sc.end();
    }
    gap(sql, copied, sql.length(), allLiterals, out);
    return out.toString();
  }

  /**
   * Follows a statement's tokens and tells which string literals are passwords: those shortly after
   * a password word, but for account names ({@code SET PASSWORD FOR 'bob'@'%'}, {@code 'bob'@'%'
   * IDENTIFIED BY ...}), which are not secret: masked, the statement would be about another account
   * and every report would mask the name wherever it appears.
   */
  private static final class Passwords {
    private final String sql;
    private int sincePasswordWord = Integer.MAX_VALUE;
    private String previous = "";

    Passwords(String sql) {
      this.sql = sql;
    }

    /** Whether the token just scanned, at [start, end), is a password. */
    boolean next(Type t, int start, int end) {
      String token = sql.substring(start, end);
      boolean password =
          t == Type.STRING && sincePasswordWord <= PASSWORD_REACH && !accountName(end);
      if (t == Type.WORD && PASSWORD_WORDS.contains(token.toUpperCase(Locale.ROOT))) {
        sincePasswordWord = 0;
      } else if (sincePasswordWord != Integer.MAX_VALUE) {
        sincePasswordWord++;
      }
      previous = token;
      return password;
    }

    private boolean accountName(int end) {
      // 'app' @ 'localhost': a host after a spaced @ is no password either
      if (previous.equalsIgnoreCase("FOR") || previous.equals("@")) {
        return true;
      }
      int next = end;
      while (next < sql.length() && Character.isWhitespace(sql.charAt(next))) {
        next++;
      }
      return sql.startsWith("@", next) || sql.regionMatches(true, next, "IDENTIFIED", 0, 10);
    }
  }

  /**
   * Copies the text between two tokens: whitespace as it is; a comment (which may hold data) as a
   * space when redacting literals, as it is otherwise.
   */
  private static void gap(String sql, int from, int to, boolean dropComments, StringBuilder out) {
    if (from >= to) {
      return;
    }
    String gap = sql.substring(from, to);
    if (dropComments && !gap.isBlank()) {
      out.append(' ');
    } else {
      out.append(gap);
    }
  }
}
