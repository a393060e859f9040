package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.explain.Cause;
import io.querytester.explain.Causes;
import io.querytester.explain.Setting;
import io.querytester.explain.SettingsDelta;
import io.querytester.run.DiffKind;
import io.querytester.run.RunJson;
import io.querytester.testing.SyntheticRun;
import io.querytester.workload.SqlProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run folder's causes.json reaches every output when the run is reported again, without servers:
 * report.json's documented cause object, report.html's class and finding, junit.xml's failure text
 * and the console's example lines.
 */
class CauseOutputsTest {
  private static final String SQL = "SELECT 1/3 AS third";

  /** div_precision_increment 4 -> 8 (--new-option) explains result values, confirmed. */
  static Cause.Attribution divPrecision() {
    return new Cause.Attribution(
        "result values",
        List.of("RESULT"),
        Cause.SETTINGS,
        List.of(new Setting("div_precision_increment", null, "4", "8", "NEW")),
        List.of(),
        true,
        true,
        "confirmed the other way: OLD with NEW's values behaves like NEW",
        "SET SESSION div_precision_increment = 4",
        "SET GLOBAL div_precision_increment = 4",
        List.of("div_precision_increment = 4"),
        5,
        null);
  }

  @Test
  void theCauseAndItsRestoringStatementAreInEveryOutput(@TempDir Path tmp) throws Exception {
    Path run = tmp.resolve("run");
    try (SyntheticRun r = SyntheticRun.create(run)) {
      r.run(
          SQL,
          SyntheticRun.ok(300, 1),
          SyntheticRun.ok(300, 1),
          SyntheticRun.rows(
              DiffKind.RESULT,
              "same row count (1), different values",
              List.of("third"),
              List.of(List.of("0.3333")),
              List.of(List.of("0.33333333"))));
    }
    Cause.Attribution a = divPrecision();
    Setting div = a.settings().getFirst();
    String summary =
        "div_precision_increment 4 -> 8 (--new-option) explains result values; SET SESSION"
            + " div_precision_increment = 4 restores OLD's";
    RunJson.MAPPER.writeValue(
        run.resolve(Causes.FILE).toFile(),
        new Causes.Found(
            "querytester-causes",
            1,
            new SettingsDelta(
                List.of(div),
                List.of(
                    new SettingsDelta.Excluded(
                        "eq_range_index_dive_limit",
                        null,
                        null,
                        "200",
                        "only on NEW: no value to set on the other side"))),
            null,
            60,
            1.5,
            List.of(
                new Cause(
                    SqlProfile.of(SQL).classId(),
                    List.of(2L),
                    Cause.SETTINGS,
                    summary,
                    List.of(a),
                    null,
                    List.of())),
            List.of(),
            List.of(),
            List.of("div_precision_increment=8")));

    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--no-baseline");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out())
        .contains("      cause: div_precision_increment 4 -> 8 (--new-option) explains")
        .contains("causes, OLD's session settings tried on NEW (1 candidates, 1.5 s):");
    JsonNode doc = ReportFiles.validJson(run.resolve("report.json"));
    JsonNode cause = doc.path("classes").get(0).path("cause");
    assertThat(cause.path("status").asText()).isEqualTo("SETTINGS");
    assertThat(cause.path("attributions").get(0).path("restore").asText())
        .isEqualTo("SET SESSION div_precision_increment = 4");
    assertThat(doc.path("causes").path("candidates").get(0).path("option").asText())
        .isEqualTo("NEW");
    assertThat(doc.path("findings").get(0).path("why").asText())
        .startsWith("div_precision_increment 4 -> 8 (--new-option): SET SESSION");
    ReportFiles.validJunit(run.resolve("junit.xml"));
    assertThat(Files.readString(run.resolve("junit.xml")))
        .contains("cause: " + summary.replace(">", "&gt;"))
        .contains("restore on NEW (result values): SET SESSION div_precision_increment = 4");
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("Cause (OLD&#39;s settings tried on NEW)")
        .contains("Candidate causes: session settings that differ")
        .contains("div_precision_increment = 4");
  }
}
