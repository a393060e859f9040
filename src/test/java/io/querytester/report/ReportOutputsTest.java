package io.querytester.report;

import static io.querytester.testing.SyntheticRun.failed;
import static io.querytester.testing.SyntheticRun.ok;
import static io.querytester.testing.SyntheticRun.okWithWarning;
import static io.querytester.testing.SyntheticRun.rows;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Warning;
import io.querytester.testing.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Every output of a run with each kind of class, checked against its schema and for safety. */
class ReportOutputsTest {
  static final String PASSWORD = "hunter2-never-shown";
  static final String URL_PASSWORD = "s3cret-never-shown";
  static final String SCRIPT = "<script>document.title='pwned'</script>";
  static final String IMG = "\"><img src=x onerror=console.error('xss')>";
  static final String EMAIL = "alice.private@example.com";

  /** A run with a regression of each main kind, minor differences, hostile values, a password. */
  static Path richRun(Path dir) throws Exception {
    try (SyntheticRun run =
        SyntheticRun.create(
            dir,
            "jdbc:mysql://app:" + URL_PASSWORD + "@127.0.0.1:3306/shop",
            "embedded:mariadb-11.4.5")) {
      List<String> cols = List.of("id", "charset", "note");
      for (int i = 0; i < 3; i++) {
        run.run(
            "SELECT id, CHARSET(CONVERT('x' USING utf8)), note FROM items WHERE email = '"
                + EMAIL
                + "'",
            ok(900, 2),
            ok(950, 2),
            rows(
                DiffKind.RESULT,
                "same row count (2), different values",
                cols,
                List.of(List.of("1", "utf8", SCRIPT), Arrays.asList("2", "utf8", null)),
                List.of(List.of("1", "utf8mb3", SCRIPT), Arrays.asList("2", "utf8mb3", null))));
      }
      run.run(
          "SELECT @@innodb_file_format",
          ok(200, 1),
          failed(1193, "Unknown system variable 'innodb_file_format'"),
          Difference.of(
              DiffKind.ERROR_NEW,
              "NEW ERROR 1193 (HY000): Unknown system variable 'innodb_file_format'"));
      run.run(
          "SELECT JSON_EQUALS('1','1')",
          failed(1305, "FUNCTION shop.JSON_EQUALS does not exist"),
          ok(300, 1),
          Difference.of(
              DiffKind.ERROR_FIXED,
              "OLD ERROR 1305 (42000): FUNCTION shop.JSON_EQUALS does not exist"));
      run.run(
          "SELECT 1",
          ok(100, 1),
          ok(110, 1),
          Difference.of(DiffKind.METADATA_WIDTH, "`1`: BIGINT(1) -> INT(1)"));
      run.run(
          "SELECT note FROM items WHERE note = '" + IMG + "'",
          ok(400, 1),
          ok(400, 1),
          rows(
              DiffKind.RESULT,
              "same row count (1), different values",
              List.of("note" + IMG),
              List.of(List.of(IMG + "a")),
              List.of(List.of(IMG + "b"))));
      run.run(
          "SELECT CAST('x' AS SIGNED)",
          okWithWarning(
              100, new Warning("Warning", 1292, "Truncated incorrect INTEGER value: 'x'")),
          okWithWarning(
              100, new Warning("Warning", 1292, "Truncated incorrect DECIMAL value: 'x'")),
          Difference.of(
              DiffKind.WARNINGS,
              "NEW only: Warning 1292: Truncated incorrect DECIMAL value: 'x'; OLD only: Warning"
                  + " 1292: Truncated incorrect INTEGER value: 'x'"));
      run.same("SELECT name FROM items WHERE id = 7", 30, 1000, 1100);
      run.skip("INSERT INTO items (name) VALUES ('" + EMAIL + "')", "write");
      run.skip("CREATE USER 'bob'@'%' IDENTIFIED BY '" + PASSWORD + "'", "write");
    }
    return dir;
  }

  static List<String> outputs(Path dir, ReportFiles.Run run) throws Exception {
    List<String> all = new ArrayList<>();
    for (String f : List.of("report.html", "report.json", "junit.xml")) {
      all.add(Files.readString(dir.resolve(f)));
    }
    all.add(run.out());
    all.add(run.err());
    return all;
  }

  @Test
  void everyOutputIsWrittenAndValidAgainstItsSchema(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).startsWith("REGRESSIONS: 3 of 9 query classes");
    assertThat(r.out()).contains("p50 OLD", "p99 NEW", "errors n/f/c", "latency", "1/0/0", "0/1/0");

    JsonNode json = ReportFiles.validJson(dir.resolve("report.json"));
    assertThat(json.path("verdict").asText()).isEqualTo("REGRESSION");
    assertThat(json.path("exit_code").asInt()).isEqualTo(1);
    assertThat(json.path("servers").get(0).path("version").asText()).isEqualTo("10.2.11-MariaDB");
    assertThat(json.path("variables_that_differ").get(0).path("name").asText())
        .isEqualTo("sql_mode");
    assertThat(json.path("skipped").get(0).path("events").asInt()).isEqualTo(2);
    assertThat(json.path("health").path("crashes").isArray()).isTrue();
    assertThat(verdicts(json))
        .containsEntry("ERROR_NEW", "REGRESSION")
        .containsEntry("ERROR_FIXED", "CHANGED")
        .containsEntry("METADATA_WIDTH", "CHANGED")
        .containsEntry("WARNINGS", "CHANGED");

    ReportFiles.validJunit(dir.resolve("junit.xml"));
    Document junit =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(dir.resolve("junit.xml").toFile());
    Element suite = (Element) junit.getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("tests")).isEqualTo("9");
    assertThat(suite.getAttribute("failures")).isEqualTo("3");
    assertThat(suite.getAttribute("skipped")).isEqualTo("2");
    NodeList failures = junit.getElementsByTagName("failure");
    List<String> messages = new ArrayList<>();
    for (int i = 0; i < failures.getLength(); i++) {
      messages.add(((Element) failures.item(i)).getAttribute("message"));
    }
    assertThat(messages)
        .anySatisfy(
            m -> assertThat(m).contains("error on NEW only in 1 of 1", "innodb_file_format"))
        .anySatisfy(m -> assertThat(m).contains("result values in 3 of 3 executions"));

    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html)
        .contains("id=\"qt-classes\"", "class=\"qt-chart", "id=\"crashes\"", "id=\"error-log\"")
        .contains("id=\"skipped\"", "id=\"baseline\"", "Content-Security-Policy")
        .doesNotContain("src=\"http", "href=\"http", "@import", "url(");
    // Differing cells marked, same cells not.
    assertThat(html).contains("<td class=\"val d\">utf8</td>", "<td class=\"val d\">utf8mb3</td>");
    assertThat(html).contains("<i class=\"null\">NULL</i>");
    assertThat(html).contains("<h3>By statement kind</h3>", "<td>write</td>");
  }

  private static java.util.Map<String, String> verdicts(JsonNode json) {
    java.util.Map<String, String> out = new java.util.HashMap<>();
    for (JsonNode c : json.path("classes")) {
      for (JsonNode d : c.path("differences")) {
        out.put(d.path("kind").asText(), c.path("verdict").asText());
      }
    }
    return out;
  }

  @Test
  void hostileValuesAreEscapedEverywhere(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    assertThat(r.code()).isEqualTo(1);
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html).doesNotContain(SCRIPT, "<img src=x", "<script>document");
    assertThat(html).contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;");
    assertThat(html).contains("&quot;&gt;&lt;img src=x onerror=console.error(&#39;xss&#39;)&gt;");
    // Exactly the page's own two scripts.
    assertThat(html.split("<script>", -1)).hasSize(3);
    String xml = Files.readString(dir.resolve("junit.xml"));
    assertThat(xml).doesNotContain("<script>", "<img");
  }

  @Test
  void passwordsNeverAppearInAnyOutput(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    for (String text : outputs(dir, r)) {
      assertThat(text).doesNotContain(PASSWORD, URL_PASSWORD);
    }
    assertThat(Files.readString(dir.resolve("report.json")))
        .contains("IDENTIFIED BY '****'", "jdbc:mysql://app:****@127.0.0.1:3306/shop");
  }

  @Test
  void redactReplacesLiteralsAndValuesInEveryOutput(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    ReportFiles.Run r =
        ReportFiles.cli(
            "report", dir.toString(), "--no-baseline", "--redact", "--console-classes", "50");
    assertThat(r.code()).isEqualTo(1);
    for (String text : outputs(dir, r)) {
      assertThat(text)
          .doesNotContain(EMAIL, "pwned", "utf8mb3", PASSWORD, URL_PASSWORD, "innodb_file_format'");
    }
    String json = Files.readString(dir.resolve("report.json"));
    assertThat(json).contains("\"redacted\" : true", "[redacted ", "WHERE email = ?");
    assertThat(json).contains("Unknown system variable '?'");
    // Equal values hash equally, so a reader still sees which cells differ.
    JsonNode samples =
        ReportFiles.validJson(dir.resolve("report.json"))
            .path("classes")
            .get(0)
            .path("examples")
            .get(0)
            .path("differences")
            .get(0)
            .path("samples");
    assertThat(samples.path("only_old").get(0).get(2))
        .isEqualTo(samples.path("only_new").get(0).get(2));
    assertThat(samples.path("only_old").get(0).get(1))
        .isNotEqualTo(samples.path("only_new").get(0).get(1));
    assertThat(samples.path("only_old").get(1).get(2).isNull()).isTrue();
  }

  @Test
  void quietPrintsTheVerdictLineOnly(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline", "--quiet");
    assertThat(r.out().strip().lines()).hasSize(1);
    assertThat(r.out()).startsWith("REGRESSIONS: 3 of 9 query classes").doesNotContain("\u001b[");
  }

  @Test
  void colourOnlyWhenAskedOrOnATerminal(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    assertThat(ReportFiles.cli("report", dir.toString(), "--no-baseline").out())
        .doesNotContain("\u001b[");
    assertThat(ReportFiles.cli("report", dir.toString(), "--no-baseline", "--color").out())
        .contains("\u001b[31;1mREGRESSIONS");
  }

  @Test
  void failOnDecidesWhatFails(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    ReportFiles.Run none =
        ReportFiles.cli("report", dir.toString(), "--no-baseline", "--fail-on", "none", "--quiet");
    assertThat(none.code()).isZero();
    assertThat(none.out()).startsWith("NO REGRESSIONS");
    ReportFiles.Run warnings =
        ReportFiles.cli(
            "report",
            dir.toString(),
            "--no-baseline",
            "--fail-on",
            "WARNINGS,METADATA_WIDTH",
            "--quiet");
    assertThat(warnings.code()).isEqualTo(1);
    assertThat(warnings.out()).startsWith("REGRESSIONS: 2 of 9");
    ReportFiles.Run bad =
        ReportFiles.cli("report", dir.toString(), "--no-baseline", "--fail-on", "RESULTS");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--fail-on", "'RESULTS' is not a difference kind", "RESULT,");
  }

  @Test
  void maxErrorRateFailsARunWhoseNewErrorsAreAllowed(@TempDir Path tmp) throws Exception {
    Path dir = richRun(tmp.resolve("run"));
    // 1 of 36 executions fails on NEW only: about 2.8%.
    ReportFiles.Run under =
        ReportFiles.cli(
            "report",
            dir.toString(),
            "--no-baseline",
            "--fail-on",
            "RESULT",
            "--max-error-rate",
            "5%");
    ReportFiles.Run over =
        ReportFiles.cli(
            "report",
            dir.toString(),
            "--no-baseline",
            "--fail-on",
            "none",
            "--max-error-rate",
            "1%");
    assertThat(under.code()).isEqualTo(1);
    assertThat(under.out()).doesNotContain("fail on NEW only, above");
    assertThat(over.code()).isEqualTo(1);
    assertThat(over.out()).contains("of executions fail on NEW only, above the 1.0% allowed");
    ReportFiles.validJunit(dir.resolve("junit.xml"));
    assertThat(Files.readString(dir.resolve("junit.xml"))).contains("name=\"run verdict\"");
  }
}
