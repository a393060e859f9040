package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.server.Flavour;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleBookTest {
  private final RuleBook book = RuleBook.shipped();

  @Test
  void everyShippedRuleNamesItsSourceAndIsProvenOrSaysWhyNot() {
    assertThat(book.rules()).hasSizeGreaterThan(15);
    assertThat(book.rules())
        .allSatisfy(
            r -> {
              assertThat(r.source()).startsWith("https://");
              assertThat(r.flavour()).isNotNull();
              assertThat(r.probe() != null || r.untestable() != null).isTrue();
            });
    // MariaDB rules are all checkable on the embedded servers: none may opt out.
    assertThat(book.rules())
        .filteredOn(r -> r.flavour() == Flavour.MARIADB)
        .allSatisfy(r -> assertThat(r.probe()).as(r.id()).isNotNull());
  }

  @Test
  void anUpgradeCrossesTheRulesOfTheVersionsBetween() {
    List<String> ids =
        book
            .crossed(
                Flavour.MARIADB, Version.parse("10.2.11"), TargetVersion.parse("11.4").version())
            .stream()
            .map(Rule::id)
            .toList();
    assertThat(ids)
        .contains(
            "mariadb-10.6-reserved-offset",
            "mariadb-11.3-date-format-time-zone",
            "mariadb-10.3-show-create-table-collation")
        .doesNotContain("mariadb-10.2-sql-mode-strict", "mysql-8.0-reserved-words");
    assertThat(
            book.crossed(
                Flavour.MARIADB, Version.parse("10.2.11"), TargetVersion.parse("10.5").version()))
        .extracting(Rule::id)
        .doesNotContain("mariadb-10.6-reserved-offset");
  }

  @Test
  void targetVersionsAndSpecs() {
    assertThat(TargetVersion.parse("11.4").version()).isEqualTo(new Version(11, 4, 999));
    assertThat(TargetVersion.parse("11.4").display()).isEqualTo("11.4");
    assertThat(TargetVersion.parse("embedded:mariadb-11.4.5").version())
        .isEqualTo(new Version(11, 4, 5));
    assertThat(TargetVersion.parse("mysql-8.0").flavour()).isEqualTo(Flavour.MYSQL);
    assertThat(TargetVersion.parse("docker:mysql:8.4").flavour()).isEqualTo(Flavour.MYSQL);
    assertThat(TargetVersion.parse("11.4").flavour()).isNull();
    assertThatThrownBy(() -> TargetVersion.parse("latest"))
        .hasMessageContaining("--target 'latest' is not a version");
  }

  @Test
  void aRuleWithoutSourceOrProofIsRefused() {
    Rule noSource = rule(RuleKind.PATTERN, List.of(), List.of(), null, "none");
    assertThatThrownBy(() -> RuleBook.of(List.of(noSource))).hasMessageContaining("a source URL");
    Rule noProof = rule(RuleKind.PATTERN, List.of(), List.of(), "https://x", null);
    assertThatThrownBy(() -> RuleBook.of(List.of(noProof)))
        .hasMessageContaining("a probe or an untestable reason");
  }

  /** A hand-written rule of {@code kind}, for tests: pattern "x", since 10.6, severity breaks. */
  static Rule rule(
      RuleKind kind,
      List<String> names,
      List<String> keywordAfter,
      String source,
      String untestable) {
    return new Rule(
        "x",
        Flavour.MARIADB,
        kind,
        "10.6",
        names,
        keywordAfter,
        "x",
        null,
        null,
        null,
        null,
        Severity.BREAKS,
        source,
        "w",
        "f",
        null,
        untestable);
  }
}
