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
   * @param name the variable's name in lower case, without {@code @}, {@code @@} or scope
   * @param value the value's tokens
   * @param readsVariable whether the value reads a variable (its result depends on state)
   */
  public record Assignment(Scope scope, String name, List<SqlToken> value, boolean readsVariable) {

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
    List<SqlToken> tokens = SqlToken.of(sql);
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
        }
        case SYSTEM_VAR -> {
          String v = t.text().substring(2).toLowerCase(Locale.ROOT);
          int dot = v.indexOf('.');
          String prefix = dot > 0 ? v.substring(0, dot).toUpperCase(Locale.ROOT) : "";
          if (SESSION_WORDS.contains(prefix) || GLOBAL_WORDS.contains(prefix)) {
            own = SESSION_WORDS.contains(prefix) ? Scope.SESSION : Scope.GLOBAL;
            v = v.substring(dot + 1);
          } else {
            own = Scope.UNSCOPED;
          }
          name = v;
        }
        case WORD, QUOTED_NAME -> {
          own = scope;
          name = t.text().toLowerCase(Locale.ROOT);
        }
        default -> {
          return null;
        }
      }
      i++;
      while (i + 1 < n && tokens.get(i).kind() == SqlToken.Kind.DOT) { // a structured variable
        name = name + "." + tokens.get(i + 1).text().toLowerCase(Locale.ROOT);
        i += 2;
      }
      if (i >= n || !isAssign(tokens.get(i))) {
        return null;
      }
      int from = ++i;
      int depth = 0;
      boolean reads = false;
      for (; i < n; i++) {
        SqlToken v = tokens.get(i);
        switch (v.kind()) {
          case OPEN -> depth++;
          case CLOSE -> depth--;
          case USER_VAR, SYSTEM_VAR -> reads = true;
          default -> {}
        }
        if (depth == 0 && v.kind() == SqlToken.Kind.COMMA) {
          break;
        }
      }
      if (i == from) {
        return null; // no value
      }
      out.add(new Assignment(own, name, List.copyOf(tokens.subList(from, i)), reads));
      i++; // past the comma
    }
    return out.isEmpty() ? null : new SetAssignments(List.copyOf(out));
  }

  private static boolean isAssign(SqlToken t) {
    return t.kind() == SqlToken.Kind.OPERATOR && (t.text().equals("=") || t.text().equals(":="));
  }

  /** Whether every assignment sets a user variable. */
  public boolean userVariablesOnly() {
    return assignments.stream().allMatch(a -> a.scope() == Scope.USER);
  }

  /** Whether a value reads a variable: the statement's effect depends on the state before it. */
  public boolean readsVariable() {
    return assignments.stream().anyMatch(Assignment::readsVariable);
  }
}
