package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;

/**
 * Recognises the text of a server-side prepared statement: a {@code ?} placeholder outside strings
 * and comments. The processlist and MySQL's performance_schema show a prepared execution with its
 * template, not with the values it ran with, so such a text is a syntax error when replayed: it is
 * a class the workload saw, never a statement replay can run.
 */
public final class PreparedTemplate {
  private PreparedTemplate() {}

  /** {@link StatementKind#TEMPLATE} when the text has a placeholder, else {@code kind}. */
  static StatementKind kindOf(String sql, StatementKind kind) {
    return hasPlaceholder(sql) ? StatementKind.TEMPLATE : kind;
  }

  /** Whether the text has a {@code ?} outside strings and comments. */
  public static boolean hasPlaceholder(String sql) {
    if (sql.indexOf('?') < 0) {
      return false; // most statements: no scan at all
    }
    SqlScanner sc = new SqlScanner(sql);
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      if (t == Kind.PARAMETER) {
        return true;
      }
    }
    return false;
  }
}
