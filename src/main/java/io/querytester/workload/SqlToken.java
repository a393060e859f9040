package io.querytester.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A token of a statement as the server splits it, for analyses outside this package (the upgrade
 * advisor's rules): comments and whitespace dropped, the content of version comments kept as SQL.
 *
 * @param kind what the token is
 * @param text the token exactly as written (a quoted name or string with its quotes)
 */
public record SqlToken(Kind kind, String text) {

  /**
   * The kinds of token: the one list the scanner and every analysis share (the statement
   * classifier's, the advisor's rules).
   */
  public enum Kind {
    /** A word: keyword, name or function name (also a name starting with digits, like 1abc). */
    WORD,
    /** A back-quoted name. */
    QUOTED_NAME,
    STRING,
    NUMBER,
    /** {@code @name}, {@code @'name'}. */
    USER_VAR,
    /** {@code @@name}, {@code @@session.name}. */
    SYSTEM_VAR,
    OPEN,
    CLOSE,
    COMMA,
    SEMICOLON,
    DOT,
    /** {@code ?}. */
    PARAMETER,
    /** Any other symbol; {@code :=} is one token. */
    OPERATOR,
    /** What the scanner returns when no token is left: never the kind of a token in a list. */
    END
  }

  /** The tokens of {@code sql}; never throws on odd input. */
  public static List<SqlToken> of(String sql) {
    return of(sql, SqlModes.NONE);
  }

  /** The tokens of {@code sql} under a session's sql_mode (a double-quoted name, no escapes). */
  public static List<SqlToken> of(String sql, SqlModes modes) {
    return read(new SqlScanner(sql == null ? "" : sql, null, modes));
  }

  /** The tokens a scanner gives (as its server reads the text, with a dialect). */
  static List<SqlToken> read(SqlScanner sc) {
    List<SqlToken> tokens = new ArrayList<>();
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      tokens.add(new SqlToken(t, sc.text().substring(sc.start(), sc.end())));
    }
    return tokens;
  }

  /**
   * A token with where it stands in the statement's text, for rewriting a statement in place (a
   * hint inserted after a table name).
   *
   * @param token the token
   * @param start the offset of its first character
   * @param end the offset after its last character
   * @param depth its parenthesis depth (an opening or closing parenthesis has the depth outside it)
   */
  public record Located(SqlToken token, int start, int end, int depth) {}

  /** The tokens of {@code sql} with their offsets; never throws on odd input. */
  public static List<Located> located(String sql) {
    SqlScanner sc = new SqlScanner(sql == null ? "" : sql);
    List<Located> tokens = new ArrayList<>();
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      tokens.add(
          new Located(
              new SqlToken(t, sc.text().substring(sc.start(), sc.end())),
              sc.start(),
              sc.end(),
              sc.depth()));
    }
    return tokens;
  }

  /** Whether it is {@code =} or {@code :=}, as in an assignment. */
  public boolean isAssignment() {
    return kind == Kind.OPERATOR && (text.equals("=") || text.equals(":="));
  }

  /** The text in upper case, for comparing words and names without regard to case. */
  public String upper() {
    return text.toUpperCase(Locale.ROOT);
  }
}
