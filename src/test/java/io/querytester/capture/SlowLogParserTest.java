package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlowLogParserTest {

  @Test
  void mysql57MultiLineUseSetTimestampAdminCommandsAndRestartHeaders() {
    RecordingSink s = RecordingSink.slow(RecordingSink.resource("mysql57-slow.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql())
        .containsExactly(
            "SELECT id, name\nFROM customers\nWHERE id = 42",
            "INSERT INTO contacts (name) VALUES ('O''Brien')",
            "SET timestamp=1",
            "# a comment line inside the statement\nSELECT 1");
    QueryEvent first = s.events.get(0);
    assertThat(first.schema()).isEqualTo("shop");
    assertThat(first.user()).isEqualTo("app");
    assertThat(first.host()).isEqualTo("localhost");
    assertThat(first.session()).isEqualTo(5L);
    assertThat(first.durationMicros()).isEqualTo(1234L);
    assertThat(first.lockMicros()).isEqualTo(45L);
    assertThat(first.rowsSent()).isEqualTo(1L);
    assertThat(first.rowsExamined()).isEqualTo(10L);
    // The log time is written when the statement ends: start = time - query time.
    assertThat(first.ts()).isEqualTo(Instant.parse("2024-05-22T10:12:34.122222Z"));
    assertThat(first.origin().offset())
        .isEqualTo(offsetOf("mysql57-slow.log", "# Time: 2024-05-22T10:12:34"));
    assertThat(s.events.get(1).schema()).isEqualTo("crm");
    // The database carries over to the next event (use is written only when it changes) ...
    assertThat(s.events.get(2).schema()).isEqualTo("crm");
    // ... but not across a server restart.
    assertThat(s.events.get(3).schema()).isNull();
    assertThat(s.events.get(3).session()).isEqualTo(2L);
    assertThat(s.counters).containsEntry("admin commands (not SQL, skipped)", 1L);
  }

  @Test
  void mysql80WithLogSlowExtraUsesStartErrnoAndZoneOffsets() {
    RecordingSink s = RecordingSink.slow(RecordingSink.resource("mysql80-slow.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql())
        .containsExactly(
            "SELECT /*+ MAX_EXECUTION_TIME(100) */ * FROM t1 /*!80000 WHERE 1 */",
            "SELECT nope FROM t1",
            "UPDATE t1 SET v = v + 1");
    assertThat(s.events.get(0).ts()).isEqualTo(Instant.parse("2024-05-22T10:12:34.122Z"));
    assertThat(s.events.get(0).errorCode()).isZero();
    assertThat(s.events.get(0).session()).isEqualTo(12L);
    assertThat(s.events.get(1).errorCode()).isEqualTo(1054);
    assertThat(s.events.get(1).ts()).isEqualTo(Instant.parse("2024-05-22T10:12:34.123456Z"));
    assertThat(s.events.get(2).schema()).isEqualTo("my db");
    assertThat(s.events.get(2).host()).isEqualTo("worker.example.com");
    assertThat(s.events.get(2).user()).isEqualTo("batch");
  }

  @Test
  void mysql56EventsWithoutTimeLineUseSetTimestamp() {
    RecordingSink s = RecordingSink.slow(RecordingSink.resource("mysql56-slow.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql())
        .containsExactly("select * from t where id = 1", "update t set v = v + 1 where id = 1");
    assertThat(s.events).allSatisfy(e -> assertThat(e.schema()).isEqualTo("shop"));
    assertThat(s.events.get(1).ts()).isEqualTo(Instant.ofEpochSecond(1716372754));
    assertThat(s.events.get(1).durationMicros()).isEqualTo(80L);
  }

  @Test
  void mariadbThreadIdSchemaLinesAndQuotedUse() {
    RecordingSink s = RecordingSink.slow(RecordingSink.resource("mariadb-slow.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql()).containsExactly("SELECT a, b FROM t ORDER BY a", "SELECT 1", "SELECT 2");
    assertThat(s.events.get(0).session()).isEqualTo(9L);
    assertThat(s.events.get(0).schema()).isEqualTo("shop");
    assertThat(s.events.get(0).host()).isEqualTo("localhost");
    // "Schema:" with no value says there was no default database, whatever use said before.
    assertThat(s.events.get(1).schema()).isNull();
    assertThat(s.events.get(2).schema()).isEqualTo("my`db");
    assertThat(s.events.get(2).ts()).isEqualTo(Instant.ofEpochSecond(1716368401));
    assertThat(s.events.get(0).rowsSent()).isEqualTo(2L);
  }

  @Test
  void perconaExtendedFormat() {
    RecordingSink s = RecordingSink.slow(RecordingSink.resource("percona-slow.log"));
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql())
        .containsExactly("SELECT c FROM sbtest1 WHERE id=5", "SELECT * FROM missing");
    assertThat(s.events.get(0).schema()).isEqualTo("shop");
    assertThat(s.events.get(0).errorCode()).isZero();
    assertThat(s.events.get(1).errorCode()).isEqualTo(1146);
    assertThat(s.events.get(0).durationMicros()).isEqualTo(237L);
    assertThat(s.events.get(0).lockMicros()).isEqualTo(92L);
  }

  @Test
  void crlfLineEndingsAreAccepted() {
    String log =
        "# Time: 2024-05-22T10:12:34.000000Z\r\n# User@Host: a[a] @ h []  Id: 1\r\n"
            + "# Query_time: 0.1  Lock_time: 0 Rows_sent: 0  Rows_examined: 0\r\n"
            + "SET timestamp=1716372754;\r\nSELECT 1;\r\n";
    assertThat(RecordingSink.slow(log).sql()).containsExactly("SELECT 1");
  }

  static long offsetOf(String resource, String text) {
    return new String(
            RecordingSink.resource(resource), java.nio.charset.StandardCharsets.ISO_8859_1)
        .indexOf(text);
  }

  static List<Long> offsets(RecordingSink s) {
    return s.events.stream().map(e -> e.origin().offset()).toList();
  }
}
