package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.explain.CompositeVariables.Shape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompositeVariablesTest {

  @Test
  void eachOptimizerSwitchFlagSqlModeFlagAndCollationEntryIsAPart() {
    assertThat(CompositeVariables.parts(Shape.SWITCH, "index_merge=on,rowid_filter=off"))
        .containsExactly(Map.entry("index_merge", "on"), Map.entry("rowid_filter", "off"));
    assertThat(CompositeVariables.parts(Shape.FLAGS, "STRICT_TRANS_TABLES,only_full_group_by"))
        .containsOnlyKeys("STRICT_TRANS_TABLES", "ONLY_FULL_GROUP_BY");
    assertThat(
            CompositeVariables.parts(
                Shape.MAP, "utf8mb3=utf8mb3_uca1400_ai_ci,utf8mb4=utf8mb4_uca1400_ai_ci"))
        .containsEntry("utf8mb4", "utf8mb4_uca1400_ai_ci");
    assertThat(CompositeVariables.parts(Shape.FLAGS, "")).isEmpty();
  }

  @Test
  void aMissingPartIsOffEmptyOrUnknownByShape() {
    assertThat(CompositeVariables.state(Shape.FLAGS, Map.of(), "ANSI_QUOTES")).isEqualTo("off");
    assertThat(CompositeVariables.state(Shape.MAP, Map.of(), "utf8mb4")).isEmpty();
    assertThat(CompositeVariables.state(Shape.SWITCH, Map.of(), "rowid_filter")).isNull();
  }

  @Test
  void aSwitchIsSetByItsChangedFlagsAloneAndASetOnTheSidesOwnValue() {
    Map<String, String> flags = new LinkedHashMap<>();
    flags.put("rowid_filter", "off");
    flags.put("index_merge", "on");
    assertThat(CompositeVariables.assign(Shape.SWITCH, "index_merge=off,mrr=off", flags))
        .isEqualTo("rowid_filter=off,index_merge=on");
    assertThat(
            CompositeVariables.assign(
                Shape.FLAGS,
                "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES",
                Map.of("ONLY_FULL_GROUP_BY", "off", "PIPES_AS_CONCAT", "on")))
        .isEqualTo("STRICT_TRANS_TABLES,PIPES_AS_CONCAT");
    assertThat(
            CompositeVariables.assign(
                Shape.MAP, "utf8mb4=utf8mb4_uca1400_ai_ci,utf8mb3=x", Map.of("utf8mb4", "")))
        .isEqualTo("utf8mb3=x");
  }

  @Test
  void onlyTheFourCompositeVariablesHaveAShape() {
    assertThat(
            List.of("optimizer_switch", "SQL_MODE", "old_mode", "character_set_collations").stream()
                .map(CompositeVariables::shape))
        .containsExactly(Shape.SWITCH, Shape.FLAGS, Shape.FLAGS, Shape.MAP);
    assertThat(CompositeVariables.shape("div_precision_increment")).isNull();
  }
}
