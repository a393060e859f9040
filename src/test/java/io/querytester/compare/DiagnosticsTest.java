package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.workload.StatementKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticsTest {
  private static Execution run(long event, long session, String sql, Difference... diffs) {
    return new Execution(
        event,
        session,
        "C" + event,
        StatementKind.READ,
        null,
        sql,
        null,
        null,
        List.of(diffs),
        null,
        null,
        null);
  }

  private static List<DiffKind> kinds(Execution e) {
    return e.differences().stream().map(Difference::kind).toList();
  }

  @Test
  void recognisesStatementsThatDescribeTheOneBefore() {
    assertThat(Diagnostics.isDiagnostics("SHOW WARNINGS")).isTrue();
    assertThat(Diagnostics.isDiagnostics("show  errors limit 5")).isTrue();
    assertThat(Diagnostics.isDiagnostics("SHOW COUNT(*) WARNINGS")).isTrue();
    assertThat(Diagnostics.isDiagnostics("GET DIAGNOSTICS @n = NUMBER")).isTrue();
    assertThat(Diagnostics.isDiagnostics("SELECT @@warning_count")).isTrue();
    assertThat(Diagnostics.isDiagnostics("select ROW_COUNT() as n")).isTrue();
    assertThat(Diagnostics.isDiagnostics("SELECT FOUND_ROWS()")).isTrue();
    assertThat(Diagnostics.isDiagnostics("SELECT LAST_INSERT_ID()")).isTrue();
    // Not about the statement before: a read of a table.
    assertThat(Diagnostics.isDiagnostics("SELECT LAST_INSERT_ID() FROM t")).isFalse();
    assertThat(Diagnostics.isDiagnostics("SELECT 1")).isFalse();
    assertThat(Diagnostics.isDiagnostics("SHOW TABLES")).isFalse();
  }

  @Test
  void valueDifferencesAfterAChangedStatementAreTiedToItAndNameIt() {
    Diagnostics d = new Diagnostics();
    d.tie(run(1, 7, "INSERT INTO t VALUES ('abc')", Difference.of(DiffKind.WARNINGS, "x")));
    d.tie(run(2, 8, "SELECT 1", Difference.of(DiffKind.RESULT, "other session")));
    Execution tied =
        d.tie(
            run(
                3,
                7,
                "SHOW WARNINGS",
                Difference.of(DiffKind.RESULT, "same row count (1), different values"),
                Difference.of(DiffKind.METADATA_WIDTH, "`Message`: length 2048 -> 512")));
    assertThat(kinds(tied)).containsExactly(DiffKind.DIAGNOSTICS, DiffKind.METADATA_WIDTH);
    assertThat(tied.differences().getFirst().detail())
        .isEqualTo(
            "result values (same row count (1), different values) because the statement before"
                + " it, event 1, warnings differed: INSERT INTO t VALUES ('abc')");
    assertThat(tied.differences().getFirst().detail())
        .contains(Diagnostics.STATEMENT_FOLLOWS + "INSERT");
  }

  @Test
  void withoutAChangedStatementBeforeTheDifferenceStaysItsOwn() {
    Diagnostics d = new Diagnostics();
    d.tie(run(1, 7, null));
    Execution e = d.tie(run(2, 7, "SHOW WARNINGS", Difference.of(DiffKind.RESULT, "x")));
    assertThat(kinds(e)).containsExactly(DiffKind.RESULT);
    // The first statement of a session has nothing before it.
    assertThat(kinds(new Diagnostics().tie(e))).containsExactly(DiffKind.RESULT);
  }

  @Test
  void skippedStatementsAreNotTheStatementBefore() {
    Diagnostics d = new Diagnostics();
    d.tie(run(1, 7, "UPDATE t SET a = 1", Difference.of(DiffKind.ROW_COUNT, "x")));
    d.tie(Execution.skipped(2, 7, "C2", StatementKind.WRITE, "write"));
    Execution e = d.tie(run(3, 7, "SELECT ROW_COUNT()", Difference.of(DiffKind.RESULT, "x")));
    assertThat(kinds(e)).containsExactly(DiffKind.DIAGNOSTICS);
  }
}
