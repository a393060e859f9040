package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.testing.Cli;
import io.querytester.testing.ReportSchemas;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code precheck --old embedded:...}: OLD's schema and variables read from a real server. */
class PrecheckIT {
  private static final String WORKLOAD = "src/test/resources/advisor/workload.jsonl";
  private static final String SCHEMA = "src/test/resources/advisor/old-schema.sql";

  @TempDir Path dir;

  @Test
  void theSchemaOfOldIsCheckedAndItsDefaultsCompared() throws Exception {
    Cli.Run r =
        Cli.run(
            "precheck",
            "--workload",
            WORKLOAD,
            "--old",
            "embedded:mariadb-10.2.11",
            "--load",
            SCHEMA,
            "--target",
            "11.4",
            "--out",
            dir.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("OLD: embedded:mariadb-10.2.11 (schema and variables checked)");
    JsonNode json = ReportSchemas.validJson(dir.resolve("precheck.json"), "precheck.schema.json");
    assertThat(json.get("schema_checked").asBoolean()).isTrue();
    assertThat(json.get("old_version").asText()).startsWith("10.2.11");
    assertThat(objects(json, "mariadb-10.6-reserved-offset")).containsExactly("app.ledger.offset");
    assertThat(objects(json, "mariadb-10.6-utf8-is-utf8mb3"))
        .containsExactlyInAnyOrder(
            "app.ledger.note (utf8_general_ci)", "app.legacy (utf8_general_ci)");
    // 10.2.11 runs explicit_defaults_for_timestamp=OFF; the CREATE TABLE with a TIMESTAMP is hit.
    JsonNode ts = finding(json, "mariadb-10.10-explicit-defaults-for-timestamp");
    assertThat(ts.get("why").asText())
        .contains("OLD runs with explicit_defaults_for_timestamp=OFF");
    assertThat(ts.get("classes").get(0).get("example").asText()).startsWith("CREATE TABLE audit");
    // The quoted `offset` in the statements is no finding: only the schema column is.
    assertThat(finding(json, "mariadb-10.6-reserved-offset").get("classes")).isEmpty();
  }

  @Test
  void oldsLaxSqlModeMeetsTheStrictDefault() throws Exception {
    Cli.Run r =
        Cli.run(
            "precheck",
            "--workload",
            WORKLOAD,
            "--old",
            "embedded:mariadb-10.1.23",
            "--load",
            SCHEMA,
            "--target",
            "10.2",
            "--out",
            dir.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    JsonNode json = ReportSchemas.validJson(dir.resolve("precheck.json"), "precheck.schema.json");
    JsonNode strict = finding(json, "mariadb-10.2-sql-mode-strict");
    assertThat(strict.get("classes")).hasSize(1);
    assertThat(strict.get("classes").get(0).get("kind").asText()).isEqualTo("write");
    assertThat(strict.get("why").asText()).contains("OLD runs with sql_mode=");
  }

  private static JsonNode finding(JsonNode json, String rule) {
    for (JsonNode f : json.get("findings")) {
      if (f.get("rule").asText().equals(rule)) {
        return f;
      }
    }
    throw new AssertionError("no finding of " + rule + " in " + json.get("findings"));
  }

  private static List<String> objects(JsonNode json, String rule) {
    List<String> all = new ArrayList<>();
    finding(json, rule).get("schema_objects").forEach(o -> all.add(o.asText()));
    return all;
  }
}
