package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;

/**
 * Splits SQL into tokens the way the server does, skipping whitespace and comments, so that the
 * analysers never mistake text inside a string or a comment for SQL.
 *
 * <p>The content of a version comment ({@code /*!40001 SQL_NO_CACHE *\/}, MariaDB's {@code
 * /*M!...}) is SQL the server runs, so it is scanned like any other text; optimizer hints ({@code
 * /*+ ... *\/}) are skipped like comments. Strings honour backslash escapes and doubled quotes.
 * Anything unterminated ends at the end of the text. Every character is looked at a bounded number
 * of times, and nothing throws on odd input.
 */
final class SqlScanner {
  private final String s;
  private final int n;
  private final ServerDialect dialect;
  private final SqlModes modes;
  private String unprovable;
  private int pos;
  private boolean inVersionComment;
  private int depth;
  private Kind type;
  private int start;
  private int end;
  private int tokenDepth;
  private boolean tokenInVersionComment;

  /** Reads every executable comment's content as SQL: for fingerprints and masking. */
  SqlScanner(String sql) {
    this(sql, null);
  }

  /**
   * Reads executable comments as {@code dialect}'s lexer does: the content of one this server skips
   * is a comment. Null reads every such content as SQL.
   */
  SqlScanner(String sql, ServerDialect dialect) {
    this(sql, dialect, SqlModes.NONE);
  }

  /**
   * As {@link #SqlScanner(String, ServerDialect)}, under a session's sql_mode: with ANSI_QUOTES a
   * double-quoted token is a name, with NO_BACKSLASH_ESCAPES a backslash in a string is a plain
   * character, with MSSQL a square bracket outside quotes is unprovable (MariaDB reads {@code
   * [...]} as a name since 10.x, older servers as a syntax error).
   */
  SqlScanner(String sql, ServerDialect dialect, SqlModes modes) {
    this.s = sql;
    this.n = sql.length();
    this.dialect = dialect;
    this.modes = modes;
  }

  /**
   * Why the tokens may not be what the dialect's server sees (an unterminated comment, a nested
   * executable comment, a bracket under MSSQL), or null. Only with a dialect, or with modes; final
   * once {@link #next} returned END.
   */
  String unprovable() {
    return unprovable;
  }

  String text() {
    return s;
  }

  Kind type() {
    return type;
  }

  int start() {
    return start;
  }

  int end() {
    return end;
  }

  /** Parenthesis depth of the token; an OPEN or CLOSE has the depth outside it. */
  int depth() {
    return tokenDepth;
  }

  /** Whether the token is inside a version comment. */
  boolean inVersionComment() {
    return tokenInVersionComment;
  }

  /** The keyword this WORD token spells, or null (also for every other token type). */
  Keyword keyword() {
    return type == Kind.WORD ? Keyword.of(s, start, end) : null;
  }

  boolean isOperator(String op) {
    return type == Kind.OPERATOR && end - start == op.length() && s.startsWith(op, start);
  }

  /** Advances to the next token and returns its type; END at the end of the text. */
  Kind next() {
    skipSpaceAndComments();
    start = pos;
    tokenDepth = depth;
    tokenInVersionComment = inVersionComment;
    if (pos >= n) {
      end = n;
      if (inVersionComment) {
        unprovable("an unterminated executable comment");
      }
      return type = Kind.END;
    }
    char c = s.charAt(pos);
    type =
        switch (c) {
          case '\'' -> quoted(c, Kind.STRING);
          case '"' -> quoted(c, modes.ansiQuotes() ? Kind.QUOTED_NAME : Kind.STRING);
          case '`' -> quoted(c, Kind.QUOTED_NAME);
          case '@' -> variable();
          case '(' -> {
            pos++;
            depth++;
            yield Kind.OPEN;
          }
          case ')' -> {
            pos++;
            if (depth > 0) {
              depth--;
            }
            tokenDepth = depth;
            yield Kind.CLOSE;
          }
          case ',' -> single(Kind.COMMA);
          case ';' -> single(Kind.SEMICOLON);
          case '?' -> single(Kind.PARAMETER);
          case '.' -> pos + 1 < n && isDigit(s.charAt(pos + 1)) ? number() : single(Kind.DOT);
          case ':' -> {
            pos += pos + 1 < n && s.charAt(pos + 1) == '=' ? 2 : 1;
            yield Kind.OPERATOR;
          }
          default -> {
            if (c == '[' && modes.mssql()) {
              unprovable(
                  "a [ under sql_mode MSSQL, which some servers read as the start of a name");
            }
            if (isDigit(c)) {
              yield number();
            }
            if (isWordChar(c)) {
              pos = wordEnd(pos + 1);
              yield Kind.WORD;
            }
            yield single(Kind.OPERATOR);
          }
        };
    end = pos;
    return type;
  }

  private Kind single(Kind t) {
    pos++;
    return t;
  }

  private void skipSpaceAndComments() {
    while (pos < n) {
      char c = s.charAt(pos);
      if (c <= ' ') {
        pos++;
      } else if (c == '#') {
        skipLine();
      } else if (c == '-'
          && pos + 1 < n
          && s.charAt(pos + 1) == '-'
          && (pos + 2 == n || s.charAt(pos + 2) <= ' ' || s.charAt(pos + 2) == 0x7F)) {
        // the server's my_isspace or my_iscntrl: DEL starts a comment too
        skipLine();
      } else if (c == '/' && pos + 1 < n && s.charAt(pos + 1) == '*') {
        blockComment();
      } else if (c == '*' && inVersionComment && pos + 1 < n && s.charAt(pos + 1) == '/') {
        inVersionComment = false;
        pos += 2;
      } else {
        return;
      }
    }
  }

  private void skipLine() {
    int nl = s.indexOf('\n', pos);
    pos = nl < 0 ? n : nl + 1;
  }

  /** Skips a comment or a hint; enters a version comment, whose content is SQL. */
  private void blockComment() {
    int p = pos + 2;
    boolean mariaDb = p + 1 < n && s.charAt(p) == 'M' && s.charAt(p + 1) == '!';
    boolean executable = p < n && (s.charAt(p) == '!' || mariaDb);
    if (executable && dialect != null) {
      executableComment(p + (mariaDb ? 2 : 1), mariaDb);
      return;
    }
    if (!inVersionComment && executable) {
      p += mariaDb ? 2 : 1;
      int digits = p;
      while (p < n && p - digits < 6 && isDigit(s.charAt(p))) {
        p++;
      }
      inVersionComment = true;
      pos = p;
      return;
    }
    int close = s.indexOf("*/", pos + 2);
    if (close < 0 && dialect != null) {
      unprovable("an unterminated comment");
    }
    pos = close < 0 ? n : close + 2;
  }

  /** {@code p} is just after the marker {@code /*!} or {@code /*M!}. */
  private void executableComment(int p, boolean maria) {
    if (inVersionComment) {
      unprovable("an executable comment inside another");
    }
    int digits = 0;
    while (p + digits < n && digits < 6 && isDigit(s.charAt(p + digits))) {
      digits++;
    }
    if (digits == 5 || digits == 6) {
      // Five digits are a version; a sixth digit belongs to it (100211 is 10.2.11).
      int version = Integer.parseInt(s, p, p + digits, 10);
      switch (dialect.comment(maria, digits, version)) {
        case RUN -> enter(p + digits);
        case SKIP -> skipComment(p + digits);
        case UNKNOWN -> {
          unprovable("a six-digit executable comment version");
          enter(p + digits);
        }
      }
    } else if (dialect.comment(maria, digits, 0) == ServerDialect.Comment.RUN) {
      enter(p);
    } else {
      skipComment(p);
    }
  }

  private void enter(int p) {
    inVersionComment = true;
    pos = p;
  }

  /**
   * Skips a comment the server does not run, as its lexer does: up to the first {@code *\/}, past
   * one nested {@code /* ... *\/}, ignoring quotes.
   */
  private void skipComment(int p) {
    boolean nested = false;
    while (p < n) {
      char c = s.charAt(p);
      if (!nested && c == '/' && p + 1 < n && s.charAt(p + 1) == '*') {
        nested = true;
        p += 2;
      } else if (c == '*' && p + 1 < n && s.charAt(p + 1) == '/') {
        p += 2;
        if (!nested) {
          pos = p;
          return;
        }
        nested = false;
      } else {
        p++;
      }
    }
    unprovable("an unterminated comment");
    pos = n;
  }

  private void unprovable(String why) {
    if (unprovable == null) {
      unprovable = why;
    }
  }

  private Kind quoted(char quote, Kind t) {
    int p = pos + 1;
    // a backslash escapes in strings ('...', and "..." but under ANSI_QUOTES), never in names
    boolean escapes =
        !modes.noBackslashEscapes() && (quote == '\'' || (quote == '"' && !modes.ansiQuotes()));
    while (p < n) {
      char c = s.charAt(p);
      if (c == '\\' && escapes) {
        p += 2;
      } else if (c == quote) {
        if (p + 1 < n && s.charAt(p + 1) == quote) {
          p += 2;
        } else {
          p++;
          break;
        }
      } else {
        p++;
      }
    }
    pos = Math.min(p, n);
    return t;
  }

  private Kind variable() {
    if (pos + 1 < n && s.charAt(pos + 1) == '@') {
      pos = nameEnd(pos + 2);
      return Kind.SYSTEM_VAR;
    }
    pos++;
    if (pos < n) {
      char c = s.charAt(pos);
      if (c == '\'' || c == '"' || c == '`') {
        quoted(c, Kind.USER_VAR);
        return Kind.USER_VAR;
      }
    }
    pos = nameEnd(pos);
    return Kind.USER_VAR;
  }

  /** Variable names may contain dots ({@code @@global.sql_mode}). */
  private int nameEnd(int p) {
    while (p < n && (isWordChar(s.charAt(p)) || s.charAt(p) == '.')) {
      p++;
    }
    return p;
  }

  private Kind number() {
    int p = pos;
    if (s.charAt(p) == '0'
        && p + 1 < n
        && (s.charAt(p + 1) == 'x' || s.charAt(p + 1) == 'b')
        && p + 2 < n
        && isWordChar(s.charAt(p + 2))) {
      p = wordEnd(p + 2);
    } else {
      while (p < n && (isDigit(s.charAt(p)) || s.charAt(p) == '.')) {
        p++;
      }
      if (p < n && (s.charAt(p) == 'e' || s.charAt(p) == 'E')) {
        int q = p + 1;
        if (q < n && (s.charAt(q) == '+' || s.charAt(q) == '-')) {
          q++;
        }
        if (q < n && isDigit(s.charAt(q))) {
          p = q;
          while (p < n && isDigit(s.charAt(p))) {
            p++;
          }
        }
      }
    }
    if (p < n && isWordChar(s.charAt(p))) {
      // A name that starts with digits, like 1abc or 123_table.
      pos = wordEnd(p);
      return Kind.WORD;
    }
    pos = p;
    return Kind.NUMBER;
  }

  private int wordEnd(int p) {
    while (p < n && isWordChar(s.charAt(p))) {
      p++;
    }
    return p;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Letters, digits, _ and $ and every non-ASCII character, as in unquoted MySQL names. */
  private static boolean isWordChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '$'
        || c >= 0x80;
  }
}
