package io.querytester.advisor;

import io.querytester.TextCut;
import io.querytester.workload.SqlToken;
import io.querytester.workload.SqlToken.Kind;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a statement uses what a rule is about, from its tokens (so nothing inside a string or a
 * comment counts, except for pattern rules, which see the text). Returns what matched, as the user
 * will recognise it in the statement.
 */
final class StatementMatcher {
  private static final int SHOWN = 60;
  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

  private StatementMatcher() {}

  static Optional<String> match(Rule rule, String sql, List<SqlToken> tokens) {
    return switch (rule.kind()) {
      case RESERVED_WORD -> reservedWord(rule, tokens);
      case FUNCTION -> function(rule, tokens);
      case VARIABLE -> variable(rule, tokens);
      case CHARSET -> charset(rule, tokens);
      case PATTERN, DEFAULT_CHANGE -> pattern(rule, sql);
    };
  }

  /**
   * An unquoted word used as a name. Not a name: a call ({@code ROW_NUMBER(}), a word after a dot
   * (the server accepts reserved words as qualified names), a word after one of the rule's keyword
   * contexts ({@code LIMIT 10 OFFSET 20}).
   */
  private static Optional<String> reservedWord(Rule rule, List<SqlToken> tokens) {
    for (int i = 0; i < tokens.size(); i++) {
      SqlToken t = tokens.get(i);
      if (t.kind() != Kind.WORD || !rule.names().contains(t.upper())) {
        continue;
      }
      Kind before = i > 0 ? tokens.get(i - 1).kind() : null;
      Kind after = i + 1 < tokens.size() ? tokens.get(i + 1).kind() : null;
      if (after == Kind.OPEN
          || before == Kind.DOT
          || (before != null && rule.keywordAfter().contains(before.name()))) {
        continue;
      }
      return Optional.of(t.text());
    }
    return Optional.empty();
  }

  private static Optional<String> function(Rule rule, List<SqlToken> tokens) {
    for (int i = 0; i + 1 < tokens.size(); i++) {
      SqlToken t = tokens.get(i);
      if (t.kind() == Kind.WORD
          && tokens.get(i + 1).kind() == Kind.OPEN
          && (i == 0 || tokens.get(i - 1).kind() != Kind.DOT)
          && rule.names().contains(t.upper())) {
        return Optional.of(t.text() + "()");
      }
    }
    return Optional.empty();
  }

  /** {@code @@name}, {@code @@session.name}, or {@code name =} in a SET statement. */
  private static Optional<String> variable(Rule rule, List<SqlToken> tokens) {
    boolean set = !tokens.isEmpty() && tokens.getFirst().upper().equals("SET");
    for (int i = 0; i < tokens.size(); i++) {
      SqlToken t = tokens.get(i);
      if (t.kind() == Kind.SYSTEM_VAR && rule.names().contains(variableName(t.text()))) {
        return Optional.of(t.text());
      }
      if (set
          && t.kind() == Kind.WORD
          && i + 1 < tokens.size()
          && tokens.get(i + 1).isAssignment()
          && rule.names().contains(t.upper())) {
        return Optional.of("SET " + t.text());
      }
    }
    return Optional.empty();
  }

  static String variableName(String systemVar) {
    String name = systemVar.substring(2).toUpperCase(Locale.ROOT);
    for (String scope : List.of("GLOBAL.", "SESSION.", "LOCAL.")) {
      if (name.startsWith(scope)) {
        return name.substring(scope.length());
      }
    }
    return name;
  }

  /** The character set name, or a collation of it ({@code utf8_general_ci}), as word or string. */
  private static Optional<String> charset(Rule rule, List<SqlToken> tokens) {
    for (SqlToken t : tokens) {
      String word =
          switch (t.kind()) {
            case WORD -> t.upper();
            case STRING, QUOTED_NAME ->
                t.text().length() >= 2
                    ? t.text().substring(1, t.text().length() - 1).toUpperCase(Locale.ROOT)
                    : "";
            default -> null;
          };
      if (word != null && charsetOrCollation(rule, word)) {
        return Optional.of(t.text());
      }
    }
    return Optional.empty();
  }

  static boolean charsetOrCollation(Rule rule, String upperName) {
    for (String n : rule.names()) {
      if (upperName.equals(n) || upperName.startsWith(n + "_")) {
        return true;
      }
    }
    return false;
  }

  private static Optional<String> pattern(Rule rule, String sql) {
    if (rule.pattern() == null) {
      return Optional.of("statement kind");
    }
    Matcher m = PATTERNS.computeIfAbsent(rule.pattern(), p -> rule.compiledPattern()).matcher(sql);
    if (!m.find()) {
      return Optional.empty();
    }
    String hit = m.group().replaceAll("\\s+", " ");
    return Optional.of(TextCut.abbreviate(hit, SHOWN));
  }
}
