package io.querytester.workload;

import io.querytester.TextCut;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a session statement does to how its server reads the session's later statements: a SET of
 * sql_mode (names, a number, a hex string, DEFAULT, {@code @@session.}, among other assignments) or
 * of the client character set ({@code SET NAMES}, {@code SET CHARACTER SET}, {@code
 * character_set_client}). MariaDB's {@code SET STATEMENT sql_mode = ... FOR ...} changes it for its
 * own statement only ({@code during}). A value this analysis cannot know for certain (a variable,
 * an expression, a mode or character set it does not know) gives {@code unknown}: the statement is
 * not replayed, and neither is the rest of its session.
 *
 * @param after the reading of the session's next statement
 * @param during the reading during a SET STATEMENT's own statement, else null
 * @param unknown why the reading after it cannot be told, else null
 */
public record ReadingChange(SqlReading after, SqlReading during, String unknown) {

  /** Names whose mention in a session statement may change the reading. */
  private static final Set<String> READING_WORDS =
      Set.of("sql_mode", "character_set_client", "names", "charset", "character");

  /** The same upper-cased, for the search without a copy ("character" finds character_set_*). */
  private static final List<String> READING_HINTS =
      List.of("SQL_MODE", "NAMES", "CHARSET", "CHARACTER");

  /** What a session statement that mentions none of them changes: nothing. */
  private static ReadingChange same(SqlReading r) {
    return new ReadingChange(r, null, null);
  }

  private static ReadingChange unknown(SqlReading r, String why) {
    return new ReadingChange(r, null, why);
  }

  /**
   * Whether the text may change a session's reading, by its words alone, under any reading: for
   * decisions made before the session's reading is known (which sessions may share connections).
   */
  public static boolean mayChange(String sql) {
    return AsciiText.containsAny(sql, READING_HINTS);
  }

  /**
   * Whether a session that runs {@code sql} still reads statements as a new connection does (one
   * that opens reading as the analysis does by default): true for a statement that changes nothing
   * of it, or sets it back to that ({@code SET NAMES utf8mb4}).
   */
  public static boolean keepsDefault(String sql) {
    if (!mayChange(sql)) {
      return true;
    }
    ReadingChange c = of(sql, SqlReading.DEFAULT, null);
    return c.unknown() == null && c.after().isDefault();
  }

  /** Whether the token at [start, end) names a variable or a SET form that sets the reading. */
  static boolean namesReading(String text, int start, int end, SqlToken.Kind t) {
    if (t != SqlToken.Kind.WORD
        && t != SqlToken.Kind.SYSTEM_VAR
        && t != SqlToken.Kind.QUOTED_NAME) {
      return false;
    }
    String name = text.substring(start, end).toLowerCase(Locale.ROOT).replace("`", "");
    for (String w : READING_WORDS) {
      if (name.equals(w) || name.endsWith("@" + w) || name.endsWith("." + w)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the token at [start, end) names one of the session_track_* variables. */
  static boolean tracking(String text, int start, int end) {
    String name = text.substring(start, end).toLowerCase(Locale.ROOT).replace("`", "");
    return name.startsWith("session_track")
        || name.contains("@session_track")
        || name.contains(".session_track");
  }

  /**
   * What {@code sql} does to the reading {@code before}, when it runs without error.
   *
   * @param global the server's global values, which DEFAULT sets; null when not known
   */
  public static ReadingChange of(String sql, SqlReading before, SqlReading global) {
    return of(sql, before, global, null);
  }

  /**
   * As {@link #of(String, SqlReading, SqlReading)}, as the server of {@code dialect} reads the
   * statement's executable comments (null: every comment's content is SQL).
   */
  public static ReadingChange of(
      String sql, SqlReading before, SqlReading global, ServerDialect dialect) {
    if (sql == null || !mayChange(sql)) {
      return same(before);
    }
    ClientBytes.Seen seen = before.see(sql);
    if (seen.unprovable() != null) {
      return unknown(before, seen.unprovable());
    }
    SqlModes modes = before.modes();
    if (!mentionsReading(seen.text(), modes)) {
      return same(before);
    }
    SqlScanner sc = new SqlScanner(seen.text(), dialect, modes);
    List<SqlToken> tokens = SqlToken.read(sc);
    if (sc.unprovable() != null) {
      return unknown(before, "cannot be read as the server reads it: " + sc.unprovable());
    }
    if (dialect == null && SqlAnalyzer.hasExecutableComment(sql)) {
      // which server runs what the comment holds decides what the SET sets
      return unknown(
          before, "an executable comment in a statement that names sql_mode or the character set");
    }
    if (tokens.isEmpty() || !tokens.getFirst().upper().equals("SET")) {
      return same(before); // only a SET changes it; a PREPARE or EXECUTE IMMEDIATE of one is unsafe
    }
    if (tokens.size() > 1 && tokens.get(1).upper().equals("STATEMENT")) {
      return setStatement(tokens, before, global);
    }
    SetAssignments set = SetAssignments.of(tokens);
    if (set != null) {
      return assignments(set.assignments(), before, global);
    }
    if (SetAssignments.plainForm(tokens) == SetAssignments.PlainForm.CHARSET) {
      return names(tokens, before, global);
    }
    return unknown(
        before, "a SET of sql_mode or the character set in a form this tool cannot read");
  }

  private static boolean mentionsReading(String text, SqlModes modes) {
    SqlScanner sc = new SqlScanner(text, null, modes);
    for (SqlToken.Kind t = sc.next(); t != SqlToken.Kind.END; t = sc.next()) {
      if (namesReading(text, sc.start(), sc.end(), t)) {
        return true;
      }
    }
    return false;
  }

  /** {@code SET STATEMENT a = 1, ... FOR stmt}: the assignments hold during stmt only. */
  private static ReadingChange setStatement(
      List<SqlToken> tokens, SqlReading before, SqlReading global) {
    int depth = 0;
    int forAt = -1;
    for (int i = 2; i < tokens.size() && forAt < 0; i++) {
      SqlToken t = tokens.get(i);
      depth += t.kind() == SqlToken.Kind.OPEN ? 1 : t.kind() == SqlToken.Kind.CLOSE ? -1 : 0;
      if (depth == 0 && t.kind() == SqlToken.Kind.WORD && t.upper().equals("FOR")) {
        forAt = i;
      }
    }
    if (forAt < 0) {
      return unknown(before, "a SET STATEMENT without FOR");
    }
    StringBuilder head = new StringBuilder("SET");
    for (SqlToken t : tokens.subList(2, forAt)) {
      head.append(' ').append(t.text());
    }
    SetAssignments set = SetAssignments.of(head.toString(), before.modes());
    if (set == null) {
      return unknown(before, "a SET STATEMENT whose assignments this tool cannot read");
    }
    ReadingChange during = assignments(set.assignments(), before, global);
    if (during.unknown() != null) {
      return during;
    }
    StringBuilder rest = new StringBuilder();
    for (SqlToken t : tokens.subList(forAt + 1, tokens.size())) {
      rest.append(t.text()).append(' ');
    }
    if (mentionsReading(rest.toString(), before.modes())
        && !rest.toString().strip().toUpperCase(Locale.ROOT).startsWith("SELECT")) {
      return unknown(before, "a SET STATEMENT whose statement sets sql_mode or the character set");
    }
    return new ReadingChange(before, during.after(), null);
  }

  private static ReadingChange assignments(
      List<SetAssignments.Assignment> list, SqlReading before, SqlReading global) {
    SqlReading r = before;
    for (SetAssignments.Assignment a : list) {
      if (a.scope() == SetAssignments.Scope.USER || a.scope() == SetAssignments.Scope.GLOBAL) {
        continue; // a GLOBAL one makes the statement administration, which is never replayed
      }
      String name = a.name();
      if (name.equals("sql_mode")) {
        if (a.readsVariable()) {
          return unknown(before, "sets sql_mode from a variable");
        }
        SqlModes m = modes(a.value(), r.modes(), global);
        if (m == null) {
          return unknown(
              before, "sets sql_mode to " + shown(a.value()) + ", which this tool cannot read");
        }
        r = r.withModes(m);
      } else if (name.equals("character_set_client")) {
        ClientCharset c = charset(a.value(), r.modes(), global);
        if (c == null) {
          return unknown(
              before,
              "sets character_set_client to " + shown(a.value()) + ", which this tool cannot read");
        }
        r = r.withClient(c);
      }
    }
    return same(r);
  }

  /** {@code SET NAMES x [COLLATE y]}, {@code SET CHARACTER SET x}, {@code SET CHARSET x}. */
  private static ReadingChange names(List<SqlToken> tokens, SqlReading before, SqlReading global) {
    int at = tokens.get(1).upper().equals("CHARACTER") ? 3 : 2;
    List<SqlToken> value = tokens.subList(Math.min(at, tokens.size()), tokens.size());
    int end = 0;
    while (end < value.size()
        && !value.get(end).upper().equals("COLLATE")
        && value.get(end).kind() != SqlToken.Kind.SEMICOLON) {
      end++;
    }
    ClientCharset c = charset(value.subList(0, end), before.modes(), global);
    if (c == null) {
      return unknown(
          before,
          "sets the character set to "
              + shown(value.subList(0, end))
              + ", which this tool cannot read");
    }
    return same(before.withClient(c));
  }

  private static String shown(List<SqlToken> value) {
    StringBuilder b = new StringBuilder();
    for (SqlToken t : value) {
      b.append(b.isEmpty() ? "" : " ").append(t.text());
    }
    String s = b.toString();
    return TextCut.abbreviate(s, 60);
  }

  /** The modes a value of sql_mode gives, or null when not known for certain. */
  private static SqlModes modes(List<SqlToken> value, SqlModes modes, SqlReading global) {
    if (value.size() == 1 && value.getFirst().kind() == SqlToken.Kind.NUMBER) {
      return number(value.getFirst().text());
    }
    if (value.size() == 1 && value.getFirst().kind() == SqlToken.Kind.WORD) {
      switch (value.getFirst().upper()) {
        case "DEFAULT" -> {
          return global == null ? null : global.modes();
        }
        case "TRUE" -> {
          return SqlModes.ofBits(1);
        }
        case "FALSE" -> {
          return SqlModes.ofBits(0);
        }
        default -> {}
      }
    }
    String names = named(value, modes);
    return names == null ? null : SqlModes.ofNames(names);
  }

  /** The character set a value names, or null when not known for certain. */
  private static ClientCharset charset(List<SqlToken> value, SqlModes modes, SqlReading global) {
    if (value.size() == 1 && value.getFirst().upper().equals("DEFAULT")) {
      return global == null ? null : global.client();
    }
    return ClientCharset.named(named(value, modes));
  }

  /**
   * What a value spells when it is one literal name or list of names: a string ({@code _cs'...'},
   * {@code N'...'}, {@code X'...'} too), a quoted name, a word; null for anything else (an
   * expression: (4), 2*2, CONCAT(...)).
   */
  private static String named(List<SqlToken> value, SqlModes modes) {
    if (value.size() == 2 && introducer(value.getFirst()) && isString(value.get(1))) {
      return literal(value.getFirst(), value.get(1), modes);
    }
    if (value.size() != 1) {
      return null;
    }
    SqlToken t = value.getFirst();
    String text = t.text();
    return switch (t.kind()) {
      case STRING -> PreparedText.unescape(text, modes);
      case QUOTED_NAME -> text.substring(1, text.length() - 1);
      case WORD -> text;
      default -> null;
    };
  }

  /** A decimal number is a bit mask; a 0x number is a string of names, as the server reads it. */
  private static SqlModes number(String text) {
    if (text.length() > 2 && (text.startsWith("0x") || text.startsWith("0X"))) {
      String names = hex(text.substring(2));
      return names == null ? null : SqlModes.ofNames(names);
    }
    if (!text.chars().allMatch(Character::isDigit) || text.length() > 18) {
      return null;
    }
    return SqlModes.ofBits(Long.parseLong(text));
  }

  private static String hex(String digits) {
    try {
      String even = digits.length() % 2 == 0 ? digits : "0" + digits;
      return new String(HexFormat.of().parseHex(even), StandardCharsets.ISO_8859_1);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static boolean introducer(SqlToken t) {
    if (t.kind() != SqlToken.Kind.WORD) {
      return false;
    }
    String u = t.upper();
    return u.startsWith("_") || u.equals("N") || u.equals("X") || u.equals("B");
  }

  private static boolean isString(SqlToken t) {
    return t.kind() == SqlToken.Kind.STRING;
  }

  /** The text of {@code _cs'...'}, {@code N'...'}, {@code X'...'}; null for B'...' and odd hex. */
  private static String literal(SqlToken prefix, SqlToken string, SqlModes modes) {
    String body = PreparedText.unescape(string.text(), modes);
    return switch (prefix.upper()) {
      case "X" -> hex(body);
      case "B" -> null;
      default -> body;
    };
  }
}
