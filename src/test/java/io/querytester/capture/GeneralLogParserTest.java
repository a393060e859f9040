package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class GeneralLogParserTest {

  @Test
  void mysql57SessionsMultiLineStatementsAndCommands() {
    RecordingSink s = RecordingSink.general(RecordingSink.resource("mysql57-general.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql())
        .containsExactly(
            "SET NAMES utf8mb4",
            "SELECT id\nFROM customers\n\tWHERE id = 42",
            "SELECT COUNT(*) FROM contacts",
            "SELECT * FROM t WHERE id = 7",
            "use `other`",
            "SELECT 3");
    assertThat(s.events.get(0).user()).isEqualTo("app");
    assertThat(s.events.get(0).host()).isEqualTo("localhost");
    assertThat(s.events.get(0).schema()).isEqualTo("shop");
    assertThat(s.events.get(0).session()).isEqualTo(5L);
    assertThat(s.events.get(0).ts()).isEqualTo(Instant.parse("2024-05-22T10:12:34.100200Z"));
    assertThat(s.events.get(2).schema()).isEqualTo("crm");
    assertThat(s.events.get(3).schema()).isNull();
    assertThat(s.events.get(3).user()).isEqualTo("root");
    assertThat(s.events.get(5).schema()).isEqualTo("other");
    assertThat(s.events.get(5).session()).isEqualTo(12345L);
    assertThat(s.counters)
        .containsEntry("other commands (Prepare, skipped)", 1L)
        .containsEntry("other commands (Close stmt, skipped)", 1L);
    assertThat(s.events.get(1).origin().offset())
        .isEqualTo(
            SlowLogParserTest.offsetOf("mysql57-general.log", "2024-05-22T10:12:34.100300Z"));
  }

  @Test
  void mysql56TimesPrintedOnlyWhenTheSecondChanges() {
    RecordingSink s = RecordingSink.general(RecordingSink.resource("mysql56-general.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql()).containsExactly("select @@version_comment limit 1", "select * from t");
    assertThat(s.events.get(0).ts()).isEqualTo(Instant.parse("2024-05-22T10:12:34Z"));
    assertThat(s.events.get(1).ts()).isEqualTo(Instant.parse("2024-05-22T10:12:35Z"));
    assertThat(s.events).allSatisfy(e -> assertThat(e.schema()).isEqualTo("shop"));
  }

  @Test
  void mariadbConnectAsAnonymousAndQuotedUse() {
    RecordingSink s = RecordingSink.general(RecordingSink.resource("mariadb-general.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql())
        .containsExactly("SELECT 1", "use `crm`", "SELECT name FROM contacts\nWHERE id IN (1,\n2)");
    assertThat(s.events.get(0).schema()).isEqualTo("shop");
    assertThat(s.events.get(0).user()).isEqualTo("app");
    assertThat(s.events.get(0).ts()).isEqualTo(Instant.parse("2024-05-22T09:12:34Z"));
    assertThat(s.events.get(1).schema()).isEqualTo("shop");
    assertThat(s.events.get(2).schema()).isEqualTo("crm");
  }

  @Test
  void useTargetReadsPlainAndQuotedNames() {
    assertThat(GeneralLogParser.useTarget("use shop")).isEqualTo("shop");
    assertThat(GeneralLogParser.useTarget("USE `a``b`;")).isEqualTo("a`b");
    assertThat(GeneralLogParser.useTarget("user_defined()")).isNull();
    assertThat(GeneralLogParser.useTarget("SELECT 1")).isNull();
  }
}
