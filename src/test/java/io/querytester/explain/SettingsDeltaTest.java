package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The settings delta from two sides' session variables, before any server is asked. */
class SettingsDeltaTest {

  @Test
  void compositeVariablesSplitIntoTheirPartsAndTheUsersOptionsComeFirst() {
    Map<String, String> old =
        Map.of(
            "sql_mode", "STRICT_TRANS_TABLES",
            "optimizer_switch", "index_merge=on,mrr=off,engine_condition_pushdown=off",
            "div_precision_increment", "4",
            "port", "3306",
            "pseudo_thread_id", "9");
    Map<String, String> neu =
        Map.of(
            "sql_mode", "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES",
            "optimizer_switch", "index_merge=off,mrr=off,rowid_filter=on",
            "div_precision_increment", "8",
            "port", "3307",
            "pseudo_thread_id", "4",
            "eq_range_index_dive_limit", "200",
            "transaction_read_only", "ON",
            "character_set_collations", "utf8mb4=utf8mb4_uca1400_ai_ci");
    List<Setting> differing = new ArrayList<>();
    List<SettingsDelta.Excluded> excluded = new ArrayList<>();
    SettingsDelta.split(
        old,
        neu,
        SettingsDelta.options(List.of()),
        SettingsDelta.options(
            List.of("--div-precision-increment=8", "optimizer_switch='index_merge=off'")),
        differing,
        excluded);
    differing.sort(SettingsDelta.ORDER);
    assertThat(differing)
        .containsExactly(
            new Setting("div_precision_increment", null, "4", "8", "NEW"),
            new Setting("optimizer_switch", "index_merge", "on", "off", "NEW"),
            new Setting("character_set_collations", "utf8mb4", "", "utf8mb4_uca1400_ai_ci", null),
            new Setting("sql_mode", "ONLY_FULL_GROUP_BY", "off", "on", null));
    // per-instance and the session's own values are no line at all
    assertThat(excluded)
        .extracting(e -> e.part() == null ? e.name() : e.name() + " " + e.part())
        .containsExactlyInAnyOrder(
            "eq_range_index_dive_limit",
            "transaction_read_only",
            "optimizer_switch engine_condition_pushdown",
            "optimizer_switch rowid_filter");
    assertThat(excluded.stream().filter(e -> e.name().equals("eq_range_index_dive_limit")))
        .extracting(SettingsDelta.Excluded::why)
        .containsExactly("only on NEW: no value to set on the other side");
  }

  @Test
  void anOptionNamesTheFlagsItListsOrTheWholeVariable() {
    Map<String, Set<String>> o =
        SettingsDelta.options(
            List.of("optimizer_switch=rowid_filter=off,mrr=on", "sql-mode=ANSI", "log_bin"));
    assertThat(o.get("optimizer_switch")).containsExactlyInAnyOrder("rowid_filter", "mrr");
    assertThat(o.get("sql_mode")).isEmpty();
    assertThat(o).containsKey("log_bin");
  }

  @Test
  void theToolsOwnSessionGuardsAreNeverTried() {
    assertThat(SettingsDelta.unsafe("transaction_read_only")).isTrue();
    assertThat(SettingsDelta.unsafe("session_track_system_variables")).isTrue();
    assertThat(SettingsDelta.unsafe("div_precision_increment")).isFalse();
  }
}
