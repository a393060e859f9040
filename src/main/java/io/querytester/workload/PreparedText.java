package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;

/**
 * The text a {@code PREPARE name FROM '...'} or an {@code EXECUTE IMMEDIATE '...'} hands the
 * server, so that it is classified like any statement: a PREPARE of a DELETE prepares a write.
 *
 * @param immediate EXECUTE IMMEDIATE (runs the text now) rather than PREPARE
 * @param text the statement inside the string literal, unescaped; null when the text is not one
 *     plain string literal (a variable, an expression), so nothing can be proved about it
 */
record PreparedText(boolean immediate, String text) {

  /** The prepared text of a PREPARE or EXECUTE IMMEDIATE, or null for any other statement. */
  static PreparedText of(String sql, ServerDialect dialect) {
    return of(sql, dialect, SqlModes.NONE);
  }

  /**
   * As {@link #of(String, ServerDialect)} under a session's sql_mode, also after MariaDB's {@code
   * SET STATEMENT ... FOR}: a text it prepares under an sql_mode of its own is not one this
   * analysis reads (null text).
   */
  static PreparedText of(String sql, ServerDialect dialect, SqlModes modes) {
    SqlScanner sc = new SqlScanner(sql, dialect, modes);
    sc.next();
    Keyword verb = sc.keyword();
    boolean ownMode = false;
    if (verb == Keyword.SET && sc.next() == Kind.WORD && sc.keyword() == Keyword.STATEMENT) {
      for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
        ownMode |= ReadingChange.namesReading(sc.text(), sc.start(), sc.end(), t);
        if (sc.depth() == 0 && sc.keyword() == Keyword.FOR) {
          break;
        }
      }
      sc.next();
      verb = sc.keyword();
      if (ownMode && (verb == Keyword.PREPARE || verb == Keyword.EXECUTE)) {
        return new PreparedText(verb == Keyword.EXECUTE, null);
      }
    }
    if (verb == Keyword.PREPARE) {
      Kind name = sc.next();
      if (name != Kind.WORD && name != Kind.QUOTED_NAME) {
        return null;
      }
      sc.next();
      return sc.keyword() == Keyword.FROM ? literal(sc, false, modes) : null;
    }
    if (verb == Keyword.EXECUTE) {
      sc.next();
      return sc.keyword() == Keyword.IMMEDIATE ? literal(sc, true, modes) : null;
    }
    return null;
  }

  private static PreparedText literal(SqlScanner sc, boolean immediate, SqlModes modes) {
    if (sc.next() != Kind.STRING) {
      return new PreparedText(immediate, null);
    }
    String token = sc.text().substring(sc.start(), sc.end());
    Kind after = sc.next();
    if (after == Kind.SEMICOLON) {
      after = sc.next();
    }
    boolean using = immediate && after == Kind.WORD && "USING".equalsIgnoreCase(word(sc));
    if (after != Kind.END && !using) {
      return new PreparedText(immediate, null); // 'a' 'b' concatenates, and more tricks
    }
    return new PreparedText(immediate, unescape(token, modes));
  }

  private static String word(SqlScanner sc) {
    return sc.text().substring(sc.start(), sc.end());
  }

  /** A quoted literal's content: backslash escapes and doubled quotes resolved. */
  static String unescape(String token) {
    return unescape(token, SqlModes.NONE);
  }

  /** As {@link #unescape(String)}, with no backslash escapes under NO_BACKSLASH_ESCAPES. */
  static String unescape(String token, SqlModes modes) {
    char quote = token.charAt(0);
    boolean closed = token.length() >= 2 && token.charAt(token.length() - 1) == quote;
    String body = token.substring(1, closed ? token.length() - 1 : token.length());
    StringBuilder out = new StringBuilder(body.length());
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '\\' && i + 1 < body.length() && !modes.noBackslashEscapes()) {
        char e = body.charAt(++i);
        out.append(
            switch (e) {
              case 'n' -> '\n';
              case 't' -> '\t';
              case 'r' -> '\r';
              case '0' -> '\0';
              case 'b' -> '\b';
              case 'Z' -> (char) 26;
              default -> e;
            });
        if (e == '%' || e == '_') {
          out.insert(out.length() - 1, '\\'); // kept for LIKE
        }
      } else if (c == quote && i + 1 < body.length() && body.charAt(i + 1) == quote) {
        out.append(quote);
        i++;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
