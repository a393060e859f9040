package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.advisor.PrecheckReport.ClassHit;
import io.querytester.advisor.PrecheckReport.Finding;
import io.querytester.advisor.SchemaFacts.SchemaObject;
import io.querytester.workload.StatementKind;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The pre-check on the sample workload, and the schema and default rules on given facts. */
class PrecheckTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-23T15:00:00Z"), ZoneOffset.UTC);
  private final RuleBook book = RuleBook.shipped();

  @Test
  void theSampleWorkloadAgainst114FindsTheDemoRegressionsThatRulesCanSee() {
    List<String> warnings = new ArrayList<>();
    PrecheckReport r =
        new Precheck(book, CLOCK)
            .run(
                Path.of("samples", "workload.jsonl"),
                new Precheck.Old(null, null, null),
                "11.4",
                warnings::add);
    assertThat(r.oldVersion()).isEqualTo("10.2.11-MariaDB"); // from the workload's header
    assertThat(r.schemaChecked()).isFalse();
    Map<String, Finding> byRule =
        r.findings().stream().collect(Collectors.toMap(Finding::rule, Function.identity()));
    // The demo's regressions (README) that a rule sees, each tied to its class.
    assertThat(classes(byRule.get("mariadb-10.6-reserved-offset")))
        .containsExactly("EC1FC47B5BBDC293");
    assertThat(classes(byRule.get("mariadb-11.3-date-format-time-zone")))
        .contains("4E875116AE009254");
    assertThat(classes(byRule.get("mariadb-10.5-regexp-pcre2-case-classes")))
        .containsExactly("EA05D95384036910");
    assertThat(classes(byRule.get("mariadb-10.3-show-create-table-collation")))
        .containsExactly("1EB9286803C24EB0");
    // And a changed class: the deprecated variable.
    assertThat(classes(byRule.get("mariadb-11.1-deprecated-tx-isolation")))
        .containsExactly("C6D17BF1C6355A37");
    assertThat(byRule.get("mariadb-10.6-reserved-offset").events()).isEqualTo(10);
    assertThat(r.failing()).isGreaterThan(0);
    assertThat(r.findings().getFirst().severity()).isEqualTo("breaks");
  }

  @Test
  void aTargetBeforeTheChangesFindsNone() {
    PrecheckReport r =
        new Precheck(book, CLOCK)
            .run(
                Path.of("samples", "workload.jsonl"),
                new Precheck.Old(null, null, null),
                "10.2.44",
                w -> {});
    assertThat(r.findings()).isEmpty();
    assertThat(r.rulesCrossed()).isEmpty();
  }

  @Test
  void schemaObjectsWithReservedNamesAndRenamedCharsets() {
    SchemaFacts facts =
        new SchemaFacts(
            "10.2.11-MariaDB",
            Map.of(),
            List.of(
                new SchemaObject("shop", "t", "offset", null, null),
                new SchemaObject("shop", "t", "name", "utf8", "utf8_general_ci"),
                new SchemaObject("shop", "u", "name", "utf8mb4", "utf8mb4_general_ci")));
    List<Rule> rules =
        book.crossed(
            io.querytester.server.Flavour.MARIADB,
            Version.parse("10.2.11"),
            TargetVersion.parse("11.4").version());
    Map<String, Finding> byRule =
        Precheck.findings(rules, List.of(), facts).stream()
            .collect(Collectors.toMap(Finding::rule, Function.identity()));
    assertThat(byRule.get("mariadb-10.6-reserved-offset").schemaObjects())
        .containsExactly("shop.t.offset");
    assertThat(byRule.get("mariadb-10.6-utf8-is-utf8mb3").schemaObjects())
        .containsExactly("shop.t.name (utf8_general_ci)");
  }

  @Test
  void aDefaultChangeAppliesOnlyWhenOldRunsTheOldValue() {
    Rule strict =
        book.rules().stream()
            .filter(r -> r.id().equals("mariadb-10.2-sql-mode-strict"))
            .findFirst()
            .orElseThrow();
    List<ClassSample> classes =
        List.of(
            ClassSample.of("A", StatementKind.WRITE, 3, "INSERT INTO t VALUES (1/0)"),
            ClassSample.of("B", StatementKind.READ, 5, "SELECT 1/0"));
    SchemaFacts lax =
        new SchemaFacts("10.1.23-MariaDB", Map.of("sql_mode", "NO_ENGINE_SUBSTITUTION"), List.of());
    SchemaFacts strictAlready =
        new SchemaFacts(
            "10.1.23-MariaDB",
            Map.of("sql_mode", "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO"),
            List.of());
    List<Finding> found = Precheck.findings(List.of(strict), classes, lax);
    assertThat(found)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(classes(f)).containsExactly("A");
              assertThat(f.why()).contains("OLD runs with sql_mode=NO_ENGINE_SUBSTITUTION");
            });
    assertThat(Precheck.findings(List.of(strict), classes, strictAlready)).isEmpty();
    assertThat(
            Precheck.findings(List.of(strict), classes, new SchemaFacts("", Map.of(), List.of())))
        .isEmpty();
  }

  @Test
  void aRuleThatReadsLiteralsSeesMoreThanTheFirstTextOfAClass() {
    Rule df =
        book.rules().stream()
            .filter(r -> r.id().equals("mariadb-11.3-date-format-time-zone"))
            .findFirst()
            .orElseThrow();
    ClassSample c =
        new ClassSample(
            "X",
            StatementKind.READ,
            2,
            List.of(
                ClassSample.of("X", StatementKind.READ, 1, "SELECT DATE_FORMAT(d, '%Y') FROM t")
                    .texts()
                    .getFirst(),
                ClassSample.of("X", StatementKind.READ, 1, "SELECT DATE_FORMAT(d, '%z') FROM t")
                    .texts()
                    .getFirst()));
    List<Finding> found =
        Precheck.findings(List.of(df), List.of(c), new SchemaFacts("", Map.of(), List.of()));
    assertThat(found)
        .singleElement()
        .satisfies(f -> assertThat(f.classes().getFirst().example()).contains("'%z'"));
  }

  private static List<String> classes(Finding f) {
    assertThat(f).as("finding").isNotNull();
    return f.classes().stream().map(ClassHit::classId).toList();
  }
}
