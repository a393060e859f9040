package io.querytester.workload;

import java.util.List;
import java.util.Locale;

/**
 * Statements that only report on the statement before them on their connection: SHOW WARNINGS, SHOW
 * ERRORS, their counts, GET DIAGNOSTICS, and a SELECT of {@code @@warning_count}, ROW_COUNT(),
 * FOUND_ROWS() or LAST_INSERT_ID() that reads no table. The replay must run them where that
 * statement ran, and the analysis ties their differences to it.
 */
public final class DiagnosticsStatements {
  private static final List<String> STATEMENTS =
      List.of(
          "show warnings",
          "show errors",
          "show count(*) warnings",
          "show count(*) errors",
          "get diagnostics",
          "get current diagnostics",
          "get stacked diagnostics");
  private static final List<String> FUNCTIONS =
      List.of(
          "@@warning_count",
          "@@error_count",
          "@@session.warning_count",
          "@@session.error_count",
          "row_count()",
          "found_rows()",
          "last_insert_id()");

  private DiagnosticsStatements() {}

  /** Whether the statement only reports on the statement before it on its connection. */
  public static boolean describeTheOneBefore(SqlProfile profile) {
    String f = profile.fingerprint().toLowerCase(Locale.ROOT);
    for (String s : STATEMENTS) {
      if (f.startsWith(s)) {
        return true;
      }
    }
    if (!f.startsWith("select ") || f.contains(" from ")) {
      return false;
    }
    return FUNCTIONS.stream().anyMatch(f::contains);
  }
}
