package io.querytester.advisor;

import io.querytester.server.Flavour;
import io.querytester.workload.StatementKind;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One documented change of a server version, as a rule file states it.
 *
 * @param id unique, e.g. {@code mariadb-10.6-reserved-offset}
 * @param flavour the server family, from the rule file
 * @param kind how the rule recognises its subject
 * @param since the first version with the change ({@code 10.6} or {@code 10.3.37})
 * @param names the words, functions, variables or character sets concerned (any case)
 * @param keywordAfter token kinds after which a reserved word is the keyword, not a name (OFFSET
 *     after a number: {@code LIMIT 10 OFFSET 20})
 * @param pattern a regular expression over the statement text (kind pattern, or to narrow a default
 *     change to the statements it concerns)
 * @param statements the statement kinds the rule concerns; empty for all
 * @param variable the system variable of a default change
 * @param newDefault its default from {@code since} on
 * @param flags for a list-valued variable (sql_mode), the flags of the new default that matter
 * @param severity what a finding means
 * @param source where the vendor documents the change
 * @param why one line: what changed
 * @param fix one line: what to do
 * @param probe statements that show the change on a server before and after {@code since}
 * @param untestable why the rule has no probe (no such server here), instead of a probe
 */
public record Rule(
    String id,
    Flavour flavour,
    RuleKind kind,
    String since,
    List<String> names,
    List<String> keywordAfter,
    String pattern,
    List<StatementKind> statements,
    String variable,
    String newDefault,
    List<String> flags,
    Severity severity,
    String source,
    String why,
    String fix,
    Probe probe,
    String untestable) {

  public Rule {
    names =
        names == null ? List.of() : names.stream().map(n -> n.toUpperCase(Locale.ROOT)).toList();
    keywordAfter = keywordAfter == null ? List.of() : List.copyOf(keywordAfter);
    statements = statements == null ? List.of() : List.copyOf(statements);
    flags = flags == null ? List.of() : List.copyOf(flags);
  }

  /**
   * Statements that prove the rule on real servers: run on the last version before {@code since}
   * and the first from it on, each must meet its expectation.
   *
   * @param setup statements run first (in a fresh database)
   * @param sql the statement that shows the change
   * @param before on a server before the change: {@code ok} (no error, no warning), {@code error
   *     N}, {@code warning N}, {@code value V} (first column of the first row), {@code not V},
   *     {@code contains TEXT} (in a column of the first row), {@code lacks TEXT}
   * @param after the same, on a server with the change
   */
  public record Probe(List<String> setup, String sql, String before, String after) {
    public Probe {
      setup = setup == null ? List.of() : List.copyOf(setup);
    }
  }

  public Version sinceVersion() {
    return Version.parse(since);
  }

  Pattern compiledPattern() {
    return pattern == null
        ? null
        : Pattern.compile(pattern, Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  }

  /** Whether the rule concerns statements of this kind. */
  boolean concerns(StatementKind kind) {
    return statements.isEmpty() || statements.contains(kind);
  }

  /** Whether upgrading from {@code old} to {@code target} crosses this rule's version. */
  public boolean crossedBy(Version old, Version target) {
    Version s = sinceVersion();
    return !old.atLeast(s) && target.atLeast(s);
  }
}
