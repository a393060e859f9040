package io.querytester.compare;

import io.querytester.TextCut;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.workload.DiagnosticsStatements;
import io.querytester.workload.SqlProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ties session diagnostics (SHOW WARNINGS, SHOW ERRORS, SHOW COUNT(*) WARNINGS, GET DIAGNOSTICS,
 * {@code SELECT @@warning_count}, ROW_COUNT(), FOUND_ROWS(), LAST_INSERT_ID() ...) to the statement
 * before them in their session, which they describe. When that statement differed too, the values
 * the diagnostics returned differ because of it: their row differences become one {@link
 * DiffKind#DIAGNOSTICS} difference that names the statement, so one cause is not counted twice and
 * the report shows where to look. Their own column metadata and errors still count.
 *
 * <p>A session's statements on its own connection keep their order in {@code executions.jsonl} (a
 * lane writes them in the order it runs them). A diagnostics statement right after a spread read is
 * not replayed (see the replay's ReadSpreader); a spread read still running when a later statement
 * of its session and that one's diagnostics are logged can come between them in the log, which the
 * log cannot tell. One small entry is kept per session whose last statement differed.
 */
public final class Diagnostics {
  /** In a DIAGNOSTICS difference's detail, what comes after this is the statement it names. */
  public static final String STATEMENT_FOLLOWS = " differed: ";

  private static final int SHOWN_CHARS = 200;

  /** The last statement run in a session: its event, its text and whether it differed. */
  private record Before(long event, String sql, List<DiffKind> kinds) {}

  private final Map<Long, Before> lastBySession = new HashMap<>();

  /** The execution as the analysis should count it; call for every execution in log order. */
  Diagnostics() {}

  Execution tie(Execution e) {
    if (e.skipped() != null) {
      return e;
    }
    // Only a statement that differed can explain the next: a million sessions that agree keep
    // nothing here (the report's rollup runs beside a replay, in its memory).
    Before before =
        e.differences().isEmpty()
            ? lastBySession.remove(e.session())
            : lastBySession.put(
                e.session(),
                new Before(
                    e.event(), e.sql(), e.differences().stream().map(Difference::kind).toList()));
    if (before == null
        || e.sql() == null
        || !isDiagnostics(e.sql())
        || e.differences().stream().noneMatch(d -> isValueKind(d.kind()))) {
      return e;
    }
    return attributed(e, before);
  }

  private static Execution attributed(Execution e, Before before) {
    List<Difference> out = new ArrayList<>();
    List<String> what = new ArrayList<>();
    Difference.RowSamples samples = null;
    for (Difference d : e.differences()) {
      if (isValueKind(d.kind())) {
        what.add(d.kind().label() + " (" + d.detail() + ")");
        samples = samples == null ? d.samples() : samples;
      } else {
        out.add(d);
      }
    }
    out.add(
        0,
        new Difference(
            DiffKind.DIAGNOSTICS,
            String.join("; ", what)
                + " because the statement before it, event "
                + before.event()
                + ", "
                + String.join(
                    ", ", before.kinds().stream().map(DiffKind::label).distinct().toList())
                + STATEMENT_FOLLOWS
                + shown(before.sql()),
            samples));
    return e.withDifferences(out);
  }

  private static boolean isValueKind(DiffKind k) {
    return k == DiffKind.RESULT || k == DiffKind.ROW_COUNT || k == DiffKind.ROW_ORDER;
  }

  /** Whether the statement only reports on the statement before it in its session. */
  static boolean isDiagnostics(String sql) {
    return DiagnosticsStatements.describeTheOneBefore(SqlProfile.of(sql));
  }

  private static String shown(String sql) {
    if (sql == null) {
      return "(statement not kept)";
    }
    String one = sql.strip().replaceAll("\\s+", " ");
    return TextCut.cut(one, SHOWN_CHARS, "...");
  }
}
