package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;
import java.util.Locale;
import java.util.Map;

/**
 * A key under which a statement and the server's digest text of its class are equal, so a captured
 * statement can be matched to a row of {@code events_statements_summary_by_digest}.
 *
 * <p>The server's text ({@code SELECT `k` FROM `t` WHERE ID = ?}) differs from the statement and
 * from our fingerprint in quoting, case, spacing and lists ({@code IN (...)}, {@code VALUES (...)
 * /* , ... *\/}). The key is the token stream with names unquoted and lower-cased, every literal
 * (NULL too) a {@code ?}, comments gone, and a parenthesised list of literals, however long and
 * however often repeated, one {@code (?+)}. A digest text that the server cut at its length limit
 * matches nothing.
 */
public final class DigestKey {
  private static final String LIST = "(?+)";

  /**
   * Words the server's digest spells otherwise than the statement did (MariaDB prints the lexer's
   * token: DISTINCT as DISTINCTROW, USER() as SYSTEM_USER, DATABASE as SCHEMA, INT as INTEGER),
   * each mapped to one spelling.
   */
  private static final Map<String, String> SYNONYMS =
      Map.of(
          "distinctrow", "distinct",
          "system_user", "user",
          "schema", "database",
          "schemas", "databases",
          "integer", "int",
          "substring", "substr");

  private DigestKey() {}

  public static String of(String sql) {
    SqlScanner sc = new SqlScanner(sql == null ? "" : sql);
    StringBuilder key = new StringBuilder(Math.min(sql == null ? 0 : sql.length(), 1024));
    int listStart = -1; // where an OPEN whose content is only literals so far was written
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      String token = token(sc, t);
      if (t == Kind.SEMICOLON && sc.depth() == 0) {
        continue;
      }
      if (t == Kind.OPEN) {
        listStart = key.length();
      } else if (t == Kind.CLOSE && listStart >= 0) {
        key.setLength(listStart);
        appendList(key);
        listStart = -1;
        continue;
      } else if (!(t == Kind.COMMA || t == Kind.DOT || token.equals("?"))) {
        listStart = -1;
      }
      append(key, t, token);
    }
    return key.toString();
  }

  private static String token(SqlScanner sc, Kind t) {
    String text = sc.text().substring(sc.start(), sc.end());
    return switch (t) {
      case STRING, NUMBER, PARAMETER -> "?";
      case QUOTED_NAME ->
          text.length() >= 2 ? text.substring(1, text.length() - 1).toLowerCase(Locale.ROOT) : text;
      case WORD -> word(text.toLowerCase(Locale.ROOT));
      case SYSTEM_VAR, USER_VAR -> text.replace("`", "").toLowerCase(Locale.ROOT);
      default -> text;
    };
  }

  private static String word(String lower) {
    return lower.equals("null") ? "?" : SYNONYMS.getOrDefault(lower, lower);
  }

  /** A list right after another list (multi-row VALUES) adds nothing: {@code (?+) , (?+)}. */
  private static void appendList(StringBuilder key) {
    String previous = LIST + " ,";
    int at = key.length() - previous.length();
    if (at >= 0 && key.indexOf(previous, at) == at) {
      key.setLength(key.length() - 2);
      return;
    }
    append(key, Kind.OPEN, LIST);
  }

  /** Tokens joined by one space, except around dots: {@code @@session.x}, {@code db.t}. */
  private static void append(StringBuilder key, Kind t, String token) {
    if (token.equals("=") && key.length() > 1 && key.charAt(key.length() - 1) == '!') {
      // The digest writes <> as !=: one spelling for both.
      key.setLength(key.length() - 1);
      key.append("< >");
      return;
    }
    boolean glue = t == Kind.DOT || (key.length() > 0 && key.charAt(key.length() - 1) == '.');
    if (key.length() > 0 && !glue) {
      key.append(' ');
    }
    key.append(token);
  }
}
