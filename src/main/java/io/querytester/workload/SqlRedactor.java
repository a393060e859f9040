package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;
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

  /**
   * Functions whose arguments after the first are keys ({@code AES_ENCRYPT(x, 'key')}, {@code
   * ENCODE(x, 'key')}, {@code ENCRYPT(x, 'salt')}): every string literal among them is a secret.
   */
  private static final Set<String> KEY_FUNCTIONS =
      Set.of(
          "AES_ENCRYPT",
          "AES_DECRYPT",
          "DES_ENCRYPT",
          "DES_DECRYPT",
          "ENCODE",
          "DECODE",
          "ENCRYPT");

  /**
   * Table options whose string holds a connection string (FEDERATED's and CONNECT's CONNECTION,
   * CONNECT's OPTION_LIST): only its password part is a secret.
   */
  private static final Set<String> CONNECTION_WORDS = Set.of("CONNECTION", "OPTION_LIST");

  /** The password of {@code scheme://user:password@host}, and of {@code password=...}. */
  private static final java.util.regex.Pattern CONNECTION_PASSWORD =
      java.util.regex.Pattern.compile(
          "(?i)(?<=://[^:/@'\"\\s]{0,256}:)[^@/'\"\\s]+(?=@)"
              + "|(?<=(?:password|passwd|pwd)\\s{0,8}=\\s{0,8})[^;,&'\"\\s)]+");

  /** Words whose presence makes a statement worth scanning for secrets. */
  private static final List<String> SECRET_HINTS =
      List.of(
          "PASSWORD",
          "IDENTIFIED",
          "ENCRYPT",
          "DECRYPT",
          "ENCODE",
          "DECODE",
          "CONNECTION",
          "OPTION_LIST");

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
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      String token = sql.substring(sc.start(), sc.end());
      Secret secret = passwords.next(t, sc.start(), sc.end());
      if (secret == Secret.WHOLE && token.length() > 1) {
        String raw = token.substring(1, token.length() - 1);
        String value = PreparedText.unescape(token);
        for (String v : List.of(raw, value)) {
          if (!v.isEmpty() && !out.contains(v)) {
            out.add(v);
          }
        }
      } else if (secret == Secret.PART) {
        java.util.regex.Matcher m = CONNECTION_PASSWORD.matcher(token);
        while (m.find()) {
          if (!out.contains(m.group())) {
            out.add(m.group());
          }
        }
      }
    }
    // Longest first, so that a secret that contains another is masked whole.
    out.sort((a, b) -> b.length() - a.length());
    return out;
  }

  /** Words without which a statement reads no password hash (SHOW CREATE USER aside). */
  private static final List<String> SECRET_READ_HINTS =
      List.of("MYSQL", "PASSWORD", "AUTHENTICATION", "PRIV", "GRANTS");

  /** Names that, read, show password hashes or what authenticates an account. */
  private static final Set<String> AUTHENTICATION_NAMES =
      Set.of("AUTHENTICATION_STRING", "GLOBAL_PRIV", "USER_PRIVILEGES", "PASSWORD");

  /**
   * Whether a statement reads what holds password hashes: mysql.user (its authentication_string and
   * Password columns), mysql.global_priv, information_schema.USER_PRIVILEGES, SHOW GRANTS, SHOW
   * CREATE USER, or PASSWORD() itself. Its result values are secrets in every record and report,
   * however it computes them ({@code HEX(authentication_string)}). Runs after every replayed
   * statement: most are rejected by their text alone.
   */
  public static boolean readsSecrets(String sql) {
    if (sql == null
        || !(AsciiText.containsAny(sql, SECRET_READ_HINTS)
            || (AsciiText.contains(sql, "SHOW") && AsciiText.contains(sql, "USER")))) {
      return false;
    }
    List<SqlToken> tokens = SqlToken.of(sql);
    for (int i = 0; i < tokens.size(); i++) {
      SqlToken t = tokens.get(i);
      String name = unquoted(t);
      if (AUTHENTICATION_NAMES.contains(name)) {
        return true;
      }
      if (name.equals("MYSQL")
          && i + 2 < tokens.size()
          && tokens.get(i + 1).kind() == SqlToken.Kind.DOT
          && unquoted(tokens.get(i + 2)).equals("USER")) {
        return true;
      }
      if (i == 0 && name.equals("SHOW")) {
        String next = i + 1 < tokens.size() ? unquoted(tokens.get(1)) : "";
        String then = i + 2 < tokens.size() ? unquoted(tokens.get(2)) : "";
        if (next.equals("GRANTS") || (next.equals("CREATE") && then.equals("USER"))) {
          return true;
        }
      }
    }
    return false;
  }

  private static String unquoted(SqlToken t) {
    String text = t.text();
    if (t.kind() == SqlToken.Kind.QUOTED_NAME && text.length() >= 2) {
      text = text.substring(1, text.length() - 1);
    } else if (t.kind() != SqlToken.Kind.WORD) {
      return "";
    }
    return text.toUpperCase(Locale.ROOT);
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
    return AsciiText.containsAny(sql, SECRET_HINTS);
  }

  private static String rewrite(String sql, boolean allLiterals) {
    if (sql == null) {
      return null;
    }
    SqlScanner sc = new SqlScanner(sql);
    StringBuilder out = new StringBuilder(sql.length());
    int copied = 0;
    Passwords passwords = new Passwords(sql);
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      gap(sql, copied, sc.start(), allLiterals, out);
      String token = sql.substring(sc.start(), sc.end());
      boolean literal = t == Kind.STRING || t == Kind.NUMBER;
      Secret secret = passwords.next(t, sc.start(), sc.end());
      if (allLiterals && literal) {
        out.append('?');
      } else if (secret == Secret.WHOLE) {
        out.append(allLiterals ? "?" : PASSWORD_MASK);
      } else if (secret == Secret.PART) {
        out.append(CONNECTION_PASSWORD.matcher(token).replaceAll("****"));
      } else {
        out.append(token);
      }
      copied = sc.end();
    }
    gap(sql, copied, sql.length(), allLiterals, out);
    return out.toString();
  }

  /** What of a string literal is a secret. */
  private enum Secret {
    NONE,
    /** The whole literal: a password, a key. */
    WHOLE,
    /** The password part of a connection string inside it. */
    PART
  }

  /**
   * Follows a statement's tokens and tells which string literals are secrets: those shortly after a
   * password word, but for account names ({@code SET PASSWORD FOR 'bob'@'%'}, {@code 'bob'@'%'
   * IDENTIFIED BY ...}), which are not secret: masked, the statement would be about another account
   * and every report would mask the name wherever it appears; the keys of the encryption functions
   * (every literal after their first argument); and the password part of a FEDERATED or CONNECT
   * connection string.
   */
  private static final class Passwords {
    private final String sql;
    private int sincePasswordWord = Integer.MAX_VALUE;
    private int sinceConnectionWord = Integer.MAX_VALUE;
    private String previous = "";
    private Kind previousType;
    private int depth;
    private int keyDepth = -1; // the depth of an encryption function's arguments, or -1
    private boolean pastFirstArgument;

    Passwords(String sql) {
      this.sql = sql;
    }

    /** What of the token just scanned, at [start, end), is a secret. */
    Secret next(Kind t, int start, int end) {
      String token = sql.substring(start, end);
      String upper = t == Kind.WORD ? token.toUpperCase(Locale.ROOT) : "";
      Secret secret = Secret.NONE;
      if (t == Kind.STRING) {
        if (sincePasswordWord <= PASSWORD_REACH && !accountName(end)) {
          secret = Secret.WHOLE;
        } else if (keyDepth >= 0 && pastFirstArgument) {
          secret = Secret.WHOLE;
        } else if (sinceConnectionWord <= 2) {
          secret = Secret.PART;
        }
      }
      keyArguments(t);
      if (PASSWORD_WORDS.contains(upper)) {
        sincePasswordWord = 0;
      } else if (sincePasswordWord != Integer.MAX_VALUE) {
        sincePasswordWord++;
      }
      if (CONNECTION_WORDS.contains(upper)) {
        sinceConnectionWord = 0;
      } else if (sinceConnectionWord != Integer.MAX_VALUE) {
        sinceConnectionWord++;
      }
      previous = token;
      previousType = t;
      return secret;
    }

    /** Follows the arguments of an encryption function: the key comes after the first. */
    private void keyArguments(Kind t) {
      switch (t) {
        case OPEN -> {
          depth++;
          if (keyDepth < 0
              && previousType == Kind.WORD
              && KEY_FUNCTIONS.contains(previous.toUpperCase(Locale.ROOT))) {
            keyDepth = depth;
            pastFirstArgument = false;
          }
        }
        case CLOSE -> {
          if (depth == keyDepth) {
            keyDepth = -1;
          }
          depth = Math.max(0, depth - 1);
        }
        case COMMA -> pastFirstArgument |= depth == keyDepth;
        default -> {}
      }
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
