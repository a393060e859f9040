package io.querytester.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The assignments of a {@code SET var = value, ...} statement, split as the server does: what each
 * sets, in which scope, and whether its value reads a variable. Replay follows a session's state
 * with it, so a reopened or shared connection is brought to the same state.
 *
 * @param assignments in statement order, at least one
 */
public record SetAssignments(List<Assignment> assignments) {

  /** Where an assignment applies. */
  public enum Scope {
    /** {@code @name}: a user variable. */
    USER,
    /** {@code name}, {@code SESSION name}, {@code @@session.name}, {@code @@local.name}. */
    SESSION,
    /**
     * {@code @@name} with no scope: the session, but for the transaction characteristics, which it
     * sets for the next transaction only.
     */
    UNSCOPED,
    /** {@code GLOBAL}, {@code PERSIST}, {@code PERSIST_ONLY} or their {@code @@} forms. */
    GLOBAL
  }

  /**
   * @param scope where it applies
   * @param name the variable's name in lower case, without {@code @@} or scope (a user variable's
   *     with its {@code @})
   * @param value the value's tokens
   */
  public record Assignment(Scope scope, String name, List<SqlToken> value) {

    /** Whether the value reads a variable (its result depends on state). */
    public boolean readsVariable() {
      return value.stream()
          .anyMatch(
              t -> t.kind() == SqlToken.Kind.USER_VAR || t.kind() == SqlToken.Kind.SYSTEM_VAR);
    }

    /** Whether the value reads a user variable. */
    public boolean readsUserVariable() {
      return value.stream().anyMatch(t -> t.kind() == SqlToken.Kind.USER_VAR);
    }

    /**
     * The value in upper case when it is one word, number or string (quotes removed), else null.
     */
    public String simpleValue() {
      if (value.size() != 1) {
        return null;
      }
      SqlToken t = value.getFirst();
      String text = t.text();
      return switch (t.kind()) {
        case WORD, NUMBER -> text.toUpperCase(Locale.ROOT);
        case STRING ->
            text.length() >= 2
                ? text.substring(1, text.length() - 1).toUpperCase(Locale.ROOT)
                : null;
        default -> null;
      };
    }
  }

  private static final Set<String> SESSION_WORDS = Set.of("SESSION", "LOCAL");
  private static final Set<String> GLOBAL_WORDS = Set.of("GLOBAL", "PERSIST", "PERSIST_ONLY");

  /**
   * The assignments of {@code sql}, or null when it is not a list of {@code name = value}: SET
   * NAMES, SET CHARACTER SET, SET TRANSACTION, SET PASSWORD, MariaDB's SET STATEMENT ... FOR, and
   * anything else.
   */
  public static SetAssignments of(String sql) {
    return of(sql, SqlModes.NONE);
  }

  /** As {@link #of(String)}, the text read under a session's sql_mode. */
  public static SetAssignments of(String sql, SqlModes modes) {
    return of(SqlToken.of(sql, modes));
  }

  /** As {@link #of(String)}, from a statement's tokens. */
  static SetAssignments of(List<SqlToken> tokens) {
    if (tokens.isEmpty() || !tokens.getFirst().upper().equals("SET")) {
      return null;
    }
    List<Assignment> out = new ArrayList<>();
    Scope scope = Scope.SESSION; // a SESSION or GLOBAL word holds for the assignments after it
    int i = 1;
    int n = tokens.size();
    while (n > i && tokens.get(n - 1).kind() == SqlToken.Kind.SEMICOLON) {
      n--;
    }
    while (i < n) {
      SqlToken t = tokens.get(i);
      String word = t.kind() == SqlToken.Kind.WORD ? t.upper() : "";
      if (SESSION_WORDS.contains(word) || GLOBAL_WORDS.contains(word)) {
        scope = SESSION_WORDS.contains(word) ? Scope.SESSION : Scope.GLOBAL;
        if (++i >= n) {
          return null;
        }
        t = tokens.get(i);
      }
      Scope own;
      String name;
      switch (t.kind()) {
        case USER_VAR -> {
          own = Scope.USER;
          name = t.text().toLowerCase(Locale.ROOT);
          i++;
        }
        case SYSTEM_VAR, WORD, QUOTED_NAME -> {
          // the name as the server joins it: @@session.`autocommit`, @@session . autocommit
          StringBuilder raw = new StringBuilder(nameText(t));
          boolean system = t.kind() == SqlToken.Kind.SYSTEM_VAR;
          for (i++; i < n; i++) {
            SqlToken next = tokens.get(i);
            boolean open = raw.isEmpty() || raw.charAt(raw.length() - 1) == '.';
            if (next.kind() == SqlToken.Kind.DOT && !open) {
              raw.append('.');
            } else if (open
                && (next.kind() == SqlToken.Kind.WORD
                    || next.kind() == SqlToken.Kind.QUOTED_NAME)) {
              raw.append(nameText(next));
            } else {
              break;
            }
          }
          String v = raw.toString().toLowerCase(Locale.ROOT);
          Scope prefixed = system ? scopePrefix(v) : null;
          if (prefixed != null) {
            own = prefixed;
            v = v.substring(v.indexOf('.') + 1);
          } else {
            own = system ? Scope.UNSCOPED : scope;
          }
          if (v.isEmpty() || v.endsWith(".")) {
            return null;
          }
          name = v;
        }
        default -> {
          return null;
        }
      }
      if (i >= n || !tokens.get(i).isAssignment()) {
        return null;
      }
      int from = ++i;
      int depth = 0;
      for (; i < n; i++) {
        SqlToken v = tokens.get(i);
        switch (v.kind()) {
          case OPEN -> depth++;
          case CLOSE -> depth--;
          default -> {}
        }
        if (depth == 0 && v.kind() == SqlToken.Kind.COMMA) {
          break;
        }
      }
      if (i == from) {
        return null; // no value
      }
      out.add(new Assignment(own, name, List.copyOf(tokens.subList(from, i))));
      i++; // past the comma
    }
    return out.isEmpty() ? null : new SetAssignments(List.copyOf(out));
  }

  /** A name token's text: a system variable's without its @@, a quoted name's unquoted. */
  private static String nameText(SqlToken t) {
    String text = t.text();
    return switch (t.kind()) {
      case SYSTEM_VAR -> text.substring(2);
      case QUOTED_NAME ->
          text.length() >= 2 ? text.substring(1, text.length() - 1).replace("``", "`") : text;
      default -> text;
    };
  }

  /** The scope a system variable's lower-case name starts with ({@code session.}), or null. */
  private static Scope scopePrefix(String name) {
    int dot = name.indexOf('.');
    String prefix = dot > 0 ? name.substring(0, dot).toUpperCase(Locale.ROOT) : "";
    if (SESSION_WORDS.contains(prefix)) {
      return Scope.SESSION;
    }
    return GLOBAL_WORDS.contains(prefix) ? Scope.GLOBAL : null;
  }

  /**
   * The variables the assignments set, as {@link #variableName} names them: a user variable with
   * its {@code @}, a system variable without scope.
   */
  public List<String> targets() {
    List<String> out = new ArrayList<>(assignments.size());
    for (Assignment a : assignments) {
      out.add(a.name());
    }
    return out;
  }

  /** The variables the values read, named as {@link #targets} names them. */
  public List<String> readVariables() {
    List<String> out = new ArrayList<>();
    for (Assignment a : assignments) {
      for (SqlToken t : a.value()) {
        if (t.kind() == SqlToken.Kind.USER_VAR || t.kind() == SqlToken.Kind.SYSTEM_VAR) {
          out.add(variableName(t));
        }
      }
    }
    return out;
  }

  /**
   * A variable token's name in lower case: {@code @name} for a user variable; a system variable's
   * without {@code @@} and scope.
   */
  public static String variableName(SqlToken t) {
    String v = t.text().toLowerCase(Locale.ROOT);
    if (t.kind() != SqlToken.Kind.SYSTEM_VAR) {
      return v;
    }
    v = v.substring(2);
    if (scopePrefix(v) != null) {
      v = v.substring(v.indexOf('.') + 1);
    }
    return v.replace("`", "");
  }

  /**
   * Whether a value reads a variable the statement sets ({@code SET @n = @n + 1}): running it twice
   * is not running it once.
   */
  public boolean readsWhatItSets() {
    List<String> reads = readVariables();
    return !reads.isEmpty() && targets().stream().anyMatch(reads::contains);
  }

  /** A SET that is no list of assignments but sets the session's own variables. */
  public enum PlainForm {
    /** {@code SET NAMES}, {@code SET CHARACTER SET}, {@code SET CHARSET}. */
    CHARSET,
    /** {@code SET SESSION TRANSACTION ...}. */
    SESSION_TRANSACTION
  }

  /**
   * Which of those {@code sql} is, or null: also when a comma follows ({@code SET NAMES utf8mb4,
   * autocommit = 0} sets more than its first words say).
   */
  public static PlainForm plainForm(String sql) {
    return plainForm(SqlToken.of(sql));
  }

  /** As {@link #plainForm(String)}, on a statement's tokens. */
  static PlainForm plainForm(List<SqlToken> t) {
    if (t.size() < 3 || !t.getFirst().upper().equals("SET") || hasListComma(t)) {
      return null;
    }
    String first = t.get(1).upper();
    String second = t.get(2).upper();
    if (first.equals("NAMES") || first.equals("CHARSET")) {
      return PlainForm.CHARSET;
    }
    if (t.size() < 4) {
      return null;
    }
    if (first.equals("CHARACTER") && second.equals("SET")) {
      return PlainForm.CHARSET;
    }
    return first.equals("SESSION") && second.equals("TRANSACTION")
        ? PlainForm.SESSION_TRANSACTION
        : null;
  }

  /**
   * Whether {@code sql} has a comma outside parentheses: a SET that is no list of assignments but
   * has one ({@code SET NAMES utf8mb4, autocommit = 0}) sets more than its first words say.
   */
  public static boolean hasListComma(String sql) {
    return hasListComma(SqlToken.of(sql));
  }

  private static boolean hasListComma(List<SqlToken> tokens) {
    int depth = 0;
    for (SqlToken t : tokens) {
      switch (t.kind()) {
        case OPEN -> depth++;
        case CLOSE -> depth--;
        case COMMA -> {
          if (depth == 0) {
            return true;
          }
        }
        default -> {}
      }
    }
    return false;
  }

  /** Whether an assignment sets a user variable. */
  public boolean setsUserVariable() {
    return assignments.stream().anyMatch(a -> a.scope() == Scope.USER);
  }

  /** Whether a value reads a variable: the statement's effect depends on the state before it. */
  public boolean readsVariable() {
    return assignments.stream().anyMatch(Assignment::readsVariable);
  }
}
