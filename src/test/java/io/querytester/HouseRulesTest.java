package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The import rules each package-info states ("Stages it imports: ..."), checked against the
 * compiled classes: a stage uses only the stages its package-info names, those names form no cycle,
 * and every stage states its rule.
 */
class HouseRulesTest {
  private static final Path SOURCES = Path.of("src/main/java/io/querytester");

  @Test
  void everyStageImportsOnlyTheStagesItsPackageInfoNames() {
    ImportRules rules = ImportRules.read(SOURCES);
    JavaClasses main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.querytester");
    rules.rule("io.querytester").check(main);
  }

  @Test
  void theStatedRulesRunDownThePipeline() {
    ImportRules rules = ImportRules.read(SOURCES);
    assertThat(rules.stages()).contains("cli", "job", "replay", "workload", "server", "report");
    assertThat(rules.cycle()).as("a cycle in the stated import rules").isEmpty();
    assertThat(rules.imports("workload")).isEmpty();
    assertThat(rules.imports("cli")).contains("replay", "report");
  }

  @Test
  void aPlantedViolationFailsNamingBothClasses() {
    // planted.low.Low uses planted.high.High, which the rules below forbid; High may use Low
    ImportRules rules = new ImportRules(Map.of("low", Set.of(), "high", Set.of("low")));
    JavaClasses planted = new ClassFileImporter().importPackages("io.querytester.planted");
    assertThatThrownBy(() -> rules.rule("io.querytester.planted").check(planted))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("planted.low.Low")
        .hasMessageContaining("planted.high.High")
        .hasMessageContaining("low may import: nothing");
    ImportRules allowing = new ImportRules(Map.of("low", Set.of("high"), "high", Set.of("low")));
    assertThat(allowing.cycle()).containsExactly("high", "low", "high");
    allowing.rule("io.querytester.planted").check(planted); // no violation when stated
  }

  @Test
  void aStageWithoutAStatedRuleIsNamed() {
    assertThatThrownBy(() -> ImportRules.read(Path.of("src/test/resources/house-rules/unstated")))
        .hasMessageContaining("nowhere")
        .hasMessageContaining("Stages it imports:");
  }
}
