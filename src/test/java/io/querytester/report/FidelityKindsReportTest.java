package io.querytester.report;

import static io.querytester.testing.SyntheticRun.failed;
import static io.querytester.testing.SyntheticRun.ok;
import static io.querytester.testing.SyntheticRun.okWithWarning;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Warning;
import io.querytester.testing.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kinds of issue #12 (error text, column definition, diagnostics of a changed statement) in
 * every output: console, report.json (valid against its schema), HTML and JUnit; none fails.
 */
class FidelityKindsReportTest {
  static final String SECRET = "card-4111-never-shown";

  static Path run(Path dir) throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      run.run(
          "SELECT nosuch FROM t",
          failed(1054, "Unknown column 'nosuch' in 'field list'"),
          failed(1054, "Unknown column 'nosuch' in 'SELECT'"),
          Difference.of(
              DiffKind.ERROR_TEXT,
              "OLD ERROR 1054 (42000): Unknown column 'nosuch' in 'field list' / NEW ERROR 1054"
                  + " (42000): Unknown column 'nosuch' in 'SELECT'"));
      run.run(
          "SELECT v FROM w UNION SELECT v FROM w",
          ok(100, 1),
          ok(100, 1),
          Difference.of(DiffKind.COLUMN_DEFINITION, "`v`: flags +PART KEY"));
      run.run(
          "INSERT INTO t (n) VALUES ('" + SECRET + "')",
          okWithWarning(100, new Warning("Warning", 1366, "Incorrect integer value")),
          okWithWarning(100, new Warning("Warning", 1366, "Incorrect integer value for `t`")),
          Difference.of(DiffKind.WARNINGS, "NEW only: Warning 1366: Incorrect integer value"));
      run.run(
          "SHOW WARNINGS",
          ok(100, 1),
          ok(100, 1),
          Difference.of(DiffKind.RESULT, "same row count (1), different values"));
    }
    return dir;
  }

  @Test
  void theNewKindsReachEveryOutputAndDoNotFail(@TempDir Path tmp) throws Exception {
    Path dir = run(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .contains("error text 1 (ok)", "column definition 1 (ok)")
        .contains("diagnostics of a changed statement 1 (ok)");

    JsonNode json = ReportFiles.validJson(dir.resolve("report.json"));
    Map<String, String> verdicts = new HashMap<>();
    Map<String, String> details = new HashMap<>();
    for (JsonNode c : json.path("classes")) {
      for (JsonNode d : c.path("differences")) {
        verdicts.put(d.path("kind").asText(), c.path("verdict").asText());
      }
      for (JsonNode x : c.path("examples")) {
        for (JsonNode d : x.path("differences")) {
          details.put(d.path("kind").asText(), d.path("detail").asText());
        }
      }
    }
    assertThat(verdicts)
        .containsEntry("ERROR_TEXT", "CHANGED")
        .containsEntry("COLUMN_DEFINITION", "CHANGED")
        .containsEntry("DIAGNOSTICS", "CHANGED")
        .doesNotContainKey("RESULT");
    assertThat(details.get("DIAGNOSTICS"))
        .contains("because the statement before it, event 4, warnings differed: INSERT INTO t");

    ReportFiles.validJunit(dir.resolve("junit.xml"));
    assertThat(Files.readString(dir.resolve("junit.xml"))).doesNotContain("<failure");
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("error text", "column definition", "diagnostics of a changed statement");
  }

  @Test
  void theStatementADiagnosticsDifferenceNamesIsRedacted(@TempDir Path tmp) throws Exception {
    Path dir = run(tmp.resolve("run"));
    ReportFiles.cli("report", dir.toString(), "--no-baseline", "--redact");
    for (String f : new String[] {"report.json", "report.html", "junit.xml"}) {
      assertThat(Files.readString(dir.resolve(f))).as(f).doesNotContain(SECRET);
    }
  }
}
