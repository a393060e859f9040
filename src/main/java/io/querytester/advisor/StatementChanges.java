package io.querytester.advisor;

import io.querytester.server.Flavour;
import io.querytester.workload.QueryClass;
import io.querytester.workload.SqlToken;
import java.util.ArrayList;
import java.util.List;

/**
 * The precheck rules a single statement meets on an upgrade between two versions: what the cause
 * step names beside a difference that no setting explains, so the code change reads with its rule,
 * its version and its fix. Default changes are left out: they are settings, which the cause step
 * tries itself.
 */
public final class StatementChanges {
  private final RuleBook book;

  public StatementChanges(RuleBook book) {
    this.book = book;
  }

  /**
   * One line per rule ({@code mariadb-11.3-date-format-time-zone (since 11.3.1): why}), for the
   * flavour of {@code newVersion}; empty when none matches or a version cannot be read.
   */
  public List<String> of(String oldVersion, String newVersion, String sql) {
    Version old;
    Version neu;
    try {
      old = Version.parse(oldVersion);
      neu = Version.parse(newVersion);
    } catch (RuntimeException e) {
      return List.of(); // a version string this tool cannot read: nothing to say
    }
    List<SqlToken> tokens = SqlToken.of(sql);
    List<String> out = new ArrayList<>();
    for (Rule r : book.crossed(Flavour.fromVersion(newVersion), old, neu)) {
      if (r.kind() == RuleKind.DEFAULT_CHANGE || !r.concerns(QueryClass.of(sql).kind())) {
        continue;
      }
      StatementMatcher.match(r, sql, tokens)
          .ifPresent(m -> out.add(r.id() + " (since " + r.since() + "): " + r.why()));
    }
    return out;
  }
}
