package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.DataCheck;
import io.querytester.run.DataCheck.Row;
import io.querytester.run.DataCheck.Status;
import io.querytester.run.DataCheck.Table;
import io.querytester.testing.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A write replay's data at the end (data.json) in every output, without servers: the table that
 * differs with its first differing chunk and keys, the tables missing or not compared, and equal
 * data in one line; the gate and --redact apply.
 */
class DataReportTest {
  static final String SCRIPT = "'<script>alert(1)</script>'";
  static final String SECRET = "'alice.private@example.com'";

  static final Table ITEMS =
      new Table(
          "shop.items",
          Status.DIFFERENT,
          "3 rows differ: 1 on OLD only, 1 on NEW only, 1 with other values",
          "PRIMARY",
          List.of("id"),
          4,
          3000,
          3000,
          3,
          new DataCheck.Chunk(1, List.of("1000"), List.of("2000")),
          1,
          1,
          1,
          List.of(
              new Row(
                  Row.Kind.DIFFERENT,
                  List.of("1500"),
                  List.of("name"),
                  Map.of("id", "1500", "name", SECRET),
                  Map.of("id", "1500", "name", SCRIPT)),
              new Row(
                  Row.Kind.ONLY_OLD, List.of("2500"), List.of(), Map.of("id", "2500"), Map.of()),
              new Row(
                  Row.Kind.ONLY_NEW, List.of("3001"), List.of(), Map.of(), Map.of("id", "3001"))),
          List.of());

  static final Table LOG =
      new Table(
          "shop.log",
          Status.EQUAL,
          null,
          "",
          List.of(),
          1,
          40,
          40,
          0,
          null,
          0,
          0,
          0,
          List.of(),
          List.of("no primary key and no NOT NULL unique key: compared as one chunk"));

  static final Table ORDERS =
      new Table(
          "shop.orders",
          Status.EQUAL,
          null,
          "PRIMARY",
          List.of("id"),
          7,
          36_960,
          36_960,
          0,
          null,
          0,
          0,
          0,
          List.of(),
          List.of());

  /** A run whose one class is the same on both sides, and the given data comparison. */
  static Path run(Path dir, DataCheck data) throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      run.same("UPDATE items SET name = 'x' WHERE id = 1500", 3, 100, 100);
    }
    data.write(dir);
    return dir;
  }

  static DataCheck check(Table... tables) {
    return DataCheck.of(
        Instant.parse("2026-01-02T03:04:08Z"),
        0.8,
        List.of(tables),
        List.of(
            "1 write whose tables their text does not tell (CALL of a stored procedure): those"
                + " tables are compared only where another statement names them"));
  }

  @Test
  void aTableThatEndedDifferentFailsTheRunInEveryOutputWithItsChunkAndKeys(@TempDir Path tmp)
      throws Exception {
    Path dir =
        run(
            tmp.resolve("run"),
            check(
                Table.only("shop.archive", Status.MISSING_ON_NEW, "the table exists on OLD only"),
                Table.only("shop.big", Status.NOT_COMPARED, "Lock wait timeout exceeded"),
                ITEMS,
                LOG,
                Table.only("shop.tmp", Status.ABSENT, "a table on neither side")));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");

    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out())
        .startsWith(
            "REGRESSIONS: data at the end: 2 of 5 tables written by the workload differ on NEW"
                + " (shop.archive, shop.items)")
        .contains(
            "data: 2 of 5 tables written by the workload differ on NEW (5 chunks, 3,040 rows,"
                + " 0.8 s)",
            "  shop.items: 3 rows differ: 1 on OLD only, 1 on NEW only, 1 with other values;"
                + " first in chunk 2 of 4 (1000 < id <= 2000), keys 1500, 2500, 3001",
            "  shop.archive: missing on NEW: the table exists on OLD only",
            "  shop.big: not compared: Lock wait timeout exceeded",
            "  shop.log: equal (no key: compared whole)",
            "  note: 1 write whose tables")
        .doesNotContain("shop.tmp");

    JsonNode data = ReportFiles.validJson(dir.resolve("report.json")).path("data");
    assertThat(data.path("verdict").asText()).isEqualTo("DIFFERENT");
    assertThat(data.path("fails_gate").asBoolean()).isTrue();
    JsonNode items = data.path("tables").get(2);
    assertThat(items.path("table").asText()).isEqualTo("shop.items");
    assertThat(items.path("first").path("lower").get(0).asText()).isEqualTo("1000");
    assertThat(items.path("samples").get(0).path("new").path("name").asText()).isEqualTo(SCRIPT);

    ReportFiles.validJunit(dir.resolve("junit.xml"));
    Document junit =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(dir.resolve("junit.xml").toFile());
    NodeList failures = junit.getElementsByTagName("failure");
    assertThat(failures.getLength()).isEqualTo(2);
    Element failure = (Element) failures.item(1);
    assertThat(failure.getAttribute("type")).isEqualTo("DATA");
    assertThat(failure.getAttribute("message"))
        .isEqualTo(
            "shop.items: 3 rows differ: 1 on OLD only, 1 on NEW only, 1 with other values; first"
                + " in chunk 2 of 4 (1000 < id <= 2000), keys 1500, 2500, 3001");
    assertThat(failure.getTextContent())
        .contains(
            "first differing chunk 2 of 4 (1000 < id <= 2000); 3 of 4 chunks differ",
            "key 1500: name " + SECRET + " -> " + SCRIPT,
            "key 2500 on OLD only: id=2500");
    assertThat(((Element) failure.getParentNode()).getAttribute("name"))
        .isEqualTo("data shop.items");
    assertThat(junit.getElementsByTagName("skipped").getLength()).isEqualTo(1);

    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html)
        .contains("<section id=\"data\"><h2>Data at the end</h2>", "href=\"#data\"")
        .contains("shop.items: differing rows", "First differing chunk 2 of 4 (1000 &lt; id")
        .contains("&#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39;")
        .doesNotContain("<script>alert");
  }

  @Test
  void equalDataIsSaidInOneLineAndPasses(@TempDir Path tmp) throws Exception {
    Path dir = run(tmp.resolve("run"), check(LOG, ORDERS));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    assertThat(r.code()).as(r.out()).isZero();
    assertThat(r.out())
        .startsWith("NO REGRESSIONS")
        .contains(
            "data: 2 tables written by the workload, equal on OLD and NEW (8 chunks, 37,000 rows,"
                + " 0.8 s)\n");
    assertThat(
            ReportFiles.validJson(dir.resolve("report.json")).path("data").path("verdict").asText())
        .isEqualTo("EQUAL");
    ReportFiles.validJunit(dir.resolve("junit.xml"));
    String junit = Files.readString(dir.resolve("junit.xml"));
    assertThat(junit).doesNotContain("<failure").contains("name=\"data shop.orders\"");
  }

  @Test
  void aDataDifferenceOutsideTheGateIsSaidWithoutFailing(@TempDir Path tmp) throws Exception {
    Path dir = run(tmp.resolve("run"), check(ITEMS));
    ReportFiles.Run r =
        ReportFiles.cli("report", dir.toString(), "--no-baseline", "--fail-on", "RESULT");
    assertThat(r.code()).as(r.out()).isZero();
    assertThat(r.out()).contains("data: 1 of 1 table written by the workload differs on NEW");
    JsonNode failsGate =
        ReportFiles.validJson(dir.resolve("report.json")).path("data").path("fails_gate");
    assertThat(failsGate.isBoolean() && !failsGate.asBoolean()).isTrue();
    String junit = Files.readString(dir.resolve("junit.xml"));
    assertThat(junit).doesNotContain("<failure").contains("does not fail the run: 3 rows differ");
  }

  @Test
  void redactHidesTheKeysAndValues(@TempDir Path tmp) throws Exception {
    Path dir = run(tmp.resolve("run"), check(ITEMS));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline", "--redact");
    assertThat(r.code()).isEqualTo(1);
    for (String f : List.of("report.html", "report.json", "junit.xml")) {
      assertThat(Files.readString(dir.resolve(f))).doesNotContain("alice.private", "alert(1)");
    }
    assertThat(r.out()).doesNotContain("keys 1500", "< id <= 2000").contains("keys [redacted ");
  }

  @Test
  void aComparisonThatCouldNotRunIsSaidAndDoesNotFail(@TempDir Path tmp) throws Exception {
    Path dir =
        run(
            tmp.resolve("run"),
            DataCheck.failed(
                Instant.parse("2026-01-02T03:04:08Z"),
                "comparing the data of OLD and NEW failed: Connection refused",
                List.of()));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("data: not compared: comparing the data of OLD and NEW failed");
    ReportFiles.validJson(dir.resolve("report.json"));
    assertThat(Files.readString(dir.resolve("junit.xml")))
        .contains("name=\"data at the end\"", "<skipped");
  }

  @Test
  void aDataFileOfANewerVersionIsRefused(@TempDir Path tmp) throws Exception {
    Path dir = run(tmp.resolve("run"), check(LOG));
    Files.writeString(
        dir.resolve(DataCheck.FILE),
        Files.readString(dir.resolve(DataCheck.FILE))
            .replace("\"version\" : 1", "\"version\" : 2"));
    ReportFiles.Run r = ReportFiles.cli("report", dir.toString(), "--no-baseline");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("data.json is not a data comparison this querytester reads");
  }
}
