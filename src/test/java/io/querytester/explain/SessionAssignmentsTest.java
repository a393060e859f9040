package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionAssignmentsTest {
  private static final Map<String, String> NEW =
      Map.of(
          "sql_mode", "ONLY_FULL_GROUP_BY,PIPES_AS_CONCAT,STRICT_TRANS_TABLES",
          "optimizer_switch", "index_merge=off,rowid_filter=on");

  @Test
  void oneStatementGivesNewOldsValuesPartsOfAVariableTogether() {
    List<Setting> s =
        List.of(
            new Setting("div_precision_increment", null, "4", "8", "NEW"),
            new Setting("sql_mode", "ONLY_FULL_GROUP_BY", "off", "on", null),
            new Setting("optimizer_switch", "index_merge", "on", "off", null),
            new Setting("sql_mode", "PIPES_AS_CONCAT", "off", "on", null));
    assertThat(SessionAssignments.set("SESSION", s, NEW, true))
        .isEqualTo(
            "SET SESSION div_precision_increment = 4, sql_mode = 'STRICT_TRANS_TABLES',"
                + " optimizer_switch = 'index_merge=on'");
    assertThat(SessionAssignments.items(s.subList(0, 1), NEW, false))
        .containsExactly("div_precision_increment = 8");
    assertThat(SessionAssignments.set("GLOBAL", List.of(), NEW, true)).isNull();
  }

  @Test
  void numbersGoBareAndTextQuoted() {
    assertThat(SessionAssignments.literal("4")).isEqualTo("4");
    assertThat(SessionAssignments.literal("10.240000")).isEqualTo("10.240000");
    assertThat(SessionAssignments.literal("OFF")).isEqualTo("'OFF'");
    assertThat(SessionAssignments.literal("it's")).isEqualTo("'it''s'");
    assertThat(SessionAssignments.literal("")).isEqualTo("''");
  }
}
