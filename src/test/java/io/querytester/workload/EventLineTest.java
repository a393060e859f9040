package io.querytester.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventLineTest {

  @Test
  void linesAsCaptureWritesThemTakeTheStreamingPathAndReadAsTheMappingReadsThem()
      throws IOException {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 2_000; i++) {
      QueryEvent e =
          new QueryEvent(
              r.nextBoolean()
                  ? null
                  : Instant.ofEpochSecond(
                      r.nextLong(-2_000_000_000L, 4_000_000_000L),
                      r.nextBoolean() ? 0 : r.nextInt(1_000_000_000)),
              r.nextBoolean() ? null : r.nextLong(),
              maybe(r, "app"),
              maybe(r, "10.0.0.1"),
              maybe(r, "shop"),
              text(r),
              r.nextBoolean() ? null : r.nextLong(0, Long.MAX_VALUE),
              r.nextBoolean() ? null : (long) r.nextInt(1_000),
              r.nextBoolean() ? null : (long) r.nextInt(1_000_000),
              r.nextBoolean() ? null : (long) r.nextInt(100),
              r.nextBoolean() ? null : r.nextInt(),
              r.nextBoolean()
                  ? null
                  : new QueryEvent.Origin(
                      maybe(r, "/var/log/slow é.log"), r.nextBoolean() ? null : r.nextLong()));
      String line = WorkloadJson.MAPPER.writeValueAsString(e);
      QueryEvent fast = EventLine.streamed(line);
      assertNotNull(fast, line);
      assertEquals(e, fast, line);
      assertEquals(WorkloadJson.MAPPER.readValue(line, QueryEvent.class), fast, line);
    }
  }

  @Test
  void otherShapesAreReadByTheMappingWithTheSameResult() throws IOException {
    List<String> lines =
        List.of(
            "{\"ts\":\"2026-11-21T10:00:00+00:00\",\"sql\":\"SELECT 1\"}",
            "{\"ts\":\"2026-11-21T12:00:00+02:00\",\"sql\":\"SELECT 1\"}",
            "{\"ts\":1700000000,\"sql\":\"SELECT 1\"}",
            "{\"session\":\"42\",\"sql\":\"SELECT 1\"}",
            "{\"sql\":\"SELECT 1\",\"added_in_a_later_version\":{\"a\":[1,2]}}",
            "{\"sql\":\"SELECT 1\",\"duration_micros\":1.5}",
            "{\"sql\":\"SELECT 1\",\"origin\":{\"file\":\"f\",\"offset\":1,\"more\":true}}");
    for (String line : lines) {
      assertNull(EventLine.streamed(line), line);
      assertEquals(
          WorkloadJson.MAPPER.readValue(line, QueryEvent.class), EventLine.parse(line), line);
    }
  }

  @Test
  void aNameGivenTwiceIsReadByTheMappingWhateverItMakesOfIt() throws IOException {
    String all =
        "\"ts\":\"2026-11-21T10:00:00Z\",\"session\":1,\"user\":\"u\",\"host\":\"h\","
            + "\"schema\":\"s\",\"sql\":\"SELECT 1\",\"duration_micros\":1,\"rows_sent\":1,"
            + "\"rows_examined\":1,\"lock_micros\":1,\"error_code\":0,"
            + "\"origin\":{\"file\":\"f\",\"offset\":1}";
    for (String line :
        List.of(
            "{\"ts\":\"2026-11-21T10:00:00Z\",\"ts\":null,\"sql\":\"SELECT 1\"}",
            "{\"sql\":\"SELECT 1\",\"origin\":{\"file\":\"f\"},\"origin\":null}",
            "{\"sql\":\"SELECT 1\",\"sql\":\"SELECT 2\"}",
            "{\"sql\":\"SELECT 1\",\"origin\":{\"file\":\"f\",\"file\":\"g\"}}",
            "{" + all + ",\"sql\":\"DROP TABLE t\"}")) {
      assertNull(EventLine.streamed(line), line);
      QueryEvent mapped;
      try {
        mapped = WorkloadJson.MAPPER.readValue(line, QueryEvent.class);
      } catch (IOException refused) {
        assertThrows(IOException.class, () -> EventLine.parse(line), line);
        continue;
      }
      assertEquals(mapped, EventLine.parse(line), line);
    }
  }

  @Test
  void whatTheMappingRefusesIsRefused() {
    for (String line :
        List.of(
            "{\"sql\":\"SELECT 1\"",
            "{\"ts\":\"2026-02-30T10:00:00Z\",\"sql\":\"SELECT 1\"}",
            "{\"ts\":\"yesterday\",\"sql\":\"SELECT 1\"}",
            "{\"sql\":{\"nested\":1}}",
            "not json")) {
      assertThrows(IOException.class, () -> EventLine.parse(line), line);
    }
  }

  @Test
  void timestampsInCapturesFormAreExact() {
    assertEquals(
        Instant.parse("2026-11-21T10:00:00.001Z"), EventLine.instant("2026-11-21T10:00:00.001Z"));
    assertEquals(
        Instant.parse("1969-12-31T23:59:59.123456789Z"),
        EventLine.instant("1969-12-31T23:59:59.123456789Z"));
    assertEquals(Instant.parse("2024-02-29T00:00:00Z"), EventLine.instant("2024-02-29T00:00:00Z"));
    assertNull(EventLine.instant("2026-11-21T10:00:00.Z"));
    assertNull(EventLine.instant("2026-11-21T24:00:00Z"));
    assertNull(EventLine.instant("2026-11-21 10:00:00Z"));
    assertNull(EventLine.instant("2026-11-21T10:00:00.0000000001Z"));
  }

  private static String maybe(SplittableRandom r, String s) {
    return r.nextBoolean() ? null : s;
  }

  private static String text(SplittableRandom r) {
    StringBuilder b = new StringBuilder("SELECT '");
    int n = r.nextInt(40);
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(6);
      b.append(
          switch (kind) {
            case 0 -> "\"";
            case 1 -> "\\";
            case 2 -> "\n";
            case 3 -> String.valueOf((char) r.nextInt(0x20));
            case 4 -> List.of("é", "€", "😀").get(r.nextInt(3));
            default -> String.valueOf((char) ('a' + r.nextInt(26)));
          });
    }
    return b.append("'").toString();
  }
}
