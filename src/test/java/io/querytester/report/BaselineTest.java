package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.BadInputException;
import io.querytester.run.DiffKind;
import io.querytester.workload.SqlProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {
  @TempDir Path tmp;

  static final String NEW_ERROR = SqlProfile.of("SELECT @@innodb_file_format").classId();

  @Test
  void acceptedRegressionsNoLongerFailTheRun() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    Path file = tmp.resolve("accepted.yaml");
    ReportFiles.Run accept =
        ReportFiles.cli(
            "baseline",
            "accept",
            run.toString(),
            "--reason",
            "utf8 is utf8mb3 since 10.6; \"innodb_file_format\" is gone",
            "--baseline",
            file.toString(),
            "--by",
            "reviewer");
    assertThat(accept.code()).as(accept.err()).isZero();
    assertThat(accept.out()).contains("3 accepted differences written to " + file);
    String yaml = Files.readString(file);
    assertThat(yaml)
        .contains("version: 1", "- class: \"" + NEW_ERROR + "\"", "kind: ERROR_NEW", "kind: RESULT")
        .contains("reason: \"utf8 is utf8mb3 since 10.6; \\\"innodb_file_format\\\" is gone\"")
        .contains("by: \"reviewer\"", "fingerprint: \"select @@innodb_file_format\"", "at: \"20");

    ReportFiles.Run report =
        ReportFiles.cli("report", run.toString(), "--baseline", file.toString());
    assertThat(report.code()).as(report.out()).isZero();
    assertThat(report.out()).startsWith("NO REGRESSIONS (3 classes with accepted differences)");
    assertThat(report.out()).contains("3 entries, 3 applied, 0 stale");
    JsonNode json = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(json.path("verdict").asText()).isEqualTo("ACCEPTED");
    assertThat(json.path("classes_by_verdict").path("ACCEPTED").asInt()).isEqualTo(3);
    JsonNode first = json.path("classes").get(0);
    assertThat(first.path("verdict").asText()).isEqualTo("ACCEPTED");
    assertThat(first.path("differences").get(0).path("accepted_reason").asText())
        .startsWith("utf8 is utf8mb3");
    ReportFiles.validJunit(run.resolve("junit.xml"));
    assertThat(Files.readString(run.resolve("junit.xml")))
        .contains("<skipped message=\"accepted in the baseline: ")
        .doesNotContain("<failure");
    assertThat(Files.readString(run.resolve("report.html"))).contains("badge v-accepted");
  }

  @Test
  void acceptOneClassAndKindOnly() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    Path file = tmp.resolve("b.yaml");
    ReportFiles.Run accept =
        ReportFiles.cli(
            "baseline",
            "accept",
            run.toString(),
            "--class",
            NEW_ERROR,
            "--kind",
            "ERROR_NEW",
            "--reason",
            "variable removed in 10.3",
            "--baseline",
            file.toString());
    assertThat(accept.code()).isZero();
    Baseline b = Baseline.read(file);
    assertThat(b.entries()).hasSize(1);
    assertThat(b.entries().getFirst().kind()).isEqualTo(DiffKind.ERROR_NEW);
    assertThat(b.entries().getFirst().by()).isEqualTo(System.getProperty("user.name"));
    ReportFiles.Run report =
        ReportFiles.cli("report", run.toString(), "--baseline", file.toString(), "--quiet");
    assertThat(report.code()).isEqualTo(1);
    assertThat(report.out()).startsWith("REGRESSIONS: 2 of 9");

    // Accepting again replaces the entry instead of adding a second one.
    ReportFiles.cli(
        "baseline",
        "accept",
        run.toString(),
        "--class",
        NEW_ERROR,
        "--reason",
        "second look",
        "--baseline",
        file.toString());
    assertThat(Baseline.read(file).entries())
        .singleElement()
        .satisfies(e -> assertThat(e.reason()).isEqualTo("second look"));
  }

  @Test
  void entriesThatMatchNothingAreListedAsStaleInEveryReport() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    Path file =
        Files.writeString(
            tmp.resolve("b.yaml"),
            """
            version: 1
            accepted:
              - class: "0123456789ABCDEF"
                fingerprint: "select gone from nowhere"
                kind: RESULT
                reason: "fixed long ago"
              - class: "%s"
                kind: ROW_COUNT
                reason: "not this kind"
            """
                .formatted(NEW_ERROR));
    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--baseline", file.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out())
        .contains("2 entries, 0 applied, 2 stale")
        .contains("stale: 0123456789ABCDEF RESULT (fixed long ago)");
    JsonNode json = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(json.path("baseline").path("stale")).hasSize(2);
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("Stale entries", "select gone from nowhere");
    assertThat(Files.readString(run.resolve("junit.xml")))
        .contains("stale baseline entry: 0123456789ABCDEF RESULT");
  }

  @Test
  void theBaselineInTheWorkingDirectoryIsFoundAndCanBeSwitchedOff() throws Exception {
    Path file = tmp.resolve(Baseline.DEFAULT_FILE);
    Baseline.empty(file)
        .with(List.of(new Baseline.Entry("ABC", null, DiffKind.RESULT, "why", "me", Instant.now())))
        .write();
    assertThat(Baseline.find(null, tmp).entries()).hasSize(1);
    assertThat(Baseline.find(null, tmp.resolve("elsewhere"))).isNull();
    assertThatThrownBy(() -> Baseline.find(tmp.resolve("missing.yaml"), tmp))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("missing.yaml does not exist");
  }

  @Test
  void anyReasonSurvivesTheRoundTrip() throws Exception {
    String reason = "quotes \" ' and \\ backslash\nnew line\ttab, ünïcödé ☕, control \u0001 end";
    Path file = tmp.resolve("b.yaml");
    Baseline.empty(file)
        .with(
            List.of(
                new Baseline.Entry(
                    "ABC",
                    "select \"x\" from t where a = ?",
                    DiffKind.RESULT,
                    reason,
                    "o'brien",
                    Instant.parse("2026-01-02T03:04:05Z"))))
        .write();
    Baseline.Entry e = Baseline.read(file).entries().getFirst();
    assertThat(e.reason()).isEqualTo(reason);
    assertThat(e.fingerprint()).isEqualTo("select \"x\" from t where a = ?");
    assertThat(e.by()).isEqualTo("o'brien");
    assertThat(e.at()).isEqualTo(Instant.parse("2026-01-02T03:04:05Z"));
  }

  @Test
  void aBadBaselineFileNamesTheLineAndTheKey() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    Path file =
        Files.writeString(
            tmp.resolve("b.yaml"),
            "version: 1\naccepted:\n  - class: ABC\n    kind: RESULT\n    reson: typo\n");
    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--baseline", file.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(file + ":5: accepted.0.reson: unknown key");
    Files.writeString(file, "accepted:\n  - class: ABC\n    kind: RESULTS\n    reason: x\n");
    assertThatThrownBy(() -> Baseline.read(file))
        .hasMessageContaining(":3: accepted.0.kind: 'RESULTS' is not a difference kind");
    Files.writeString(file, "accepted:\n  - class: ABC\n    kind: RESULT\n");
    assertThatThrownBy(() -> Baseline.read(file))
        .hasMessageContaining(":2: accepted.0.reason: missing");
  }

  @Test
  void acceptingAClassThatIsNotInTheRunIsBadInput() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    ReportFiles.Run r =
        ReportFiles.cli(
            "baseline",
            "accept",
            run.toString(),
            "--class",
            "FFFFFFFFFFFFFFFF",
            "--reason",
            "x",
            "--baseline",
            tmp.resolve("b.yaml").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--class FFFFFFFFFFFFFFFF: no such class in " + run);
    assertThat(ReportFiles.cli("baseline", "accept", run.toString()).code()).isEqualTo(2);
  }
}
