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
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

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
    Map<String, String> classIds = new HashMap<>();
    for (JsonNode c : json.path("classes")) {
      for (JsonNode d : c.path("differences")) {
        verdicts.put(d.path("kind").asText(), c.path("verdict").asText());
        classIds.put(d.path("kind").asText(), c.path("class_id").asText());
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
    // Each changed class is a passing test case that says what changed, in words.
    Map<String, Element> cases = testCases(dir.resolve("junit.xml"));
    assertThat(out(cases, classIds.get("ERROR_TEXT")))
        .contains("does not fail the run: error text in 1 of 1 executions")
        .contains("Unknown column 'nosuch' in 'SELECT'");
    assertThat(out(cases, classIds.get("COLUMN_DEFINITION")))
        .contains(
            "does not fail the run: column definition in 1 of 1 executions: `v`: flags +PART KEY")
        .contains("SELECT v FROM w UNION SELECT v FROM w");
    assertThat(out(cases, classIds.get("DIAGNOSTICS")))
        .contains("does not fail the run: diagnostics of a changed statement in 1 of 1 executions")
        .contains("because the statement before it, event 4");
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("error text", "column definition", "diagnostics of a changed statement");
  }

  /** The test cases of a junit.xml by class id (the first word of their name). */
  static Map<String, Element> testCases(Path junitXml) throws Exception {
    NodeList list =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(junitXml.toFile())
            .getElementsByTagName("testcase");
    Map<String, Element> cases = new HashMap<>();
    for (int i = 0; i < list.getLength(); i++) {
      Element e = (Element) list.item(i);
      cases.put(e.getAttribute("name").split(" ")[0], e);
    }
    return cases;
  }

  /** The system-out of a class's test case, which must exist, pass and have one. */
  static String out(Map<String, Element> cases, String classId) {
    assertThat(cases).as("test case of class %s", classId).containsKey(classId);
    Element e = cases.get(classId);
    assertThat(e.getElementsByTagName("failure").getLength()).isZero();
    assertThat(e.getElementsByTagName("skipped").getLength()).isZero();
    NodeList out = e.getElementsByTagName("system-out");
    assertThat(out.getLength()).as("system-out of %s", classId).isEqualTo(1);
    return out.item(0).getTextContent();
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
