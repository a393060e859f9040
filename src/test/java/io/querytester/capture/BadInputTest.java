package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class BadInputTest {
  private static final String EVENT =
      "# Time: 2024-05-22T10:12:34.000000Z\n"
          + "# User@Host: app[app] @ localhost []  Id:     5\n"
          + "# Query_time: 0.000100  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: 0\n"
          + "SET timestamp=1716372754;\n";

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @Test
  void aFileCutInTheMiddleOfAStatementKeepsWhatCameBefore() {
    String log = EVENT + "SELECT 1;\n" + EVENT + "SELECT a,\n b FROM";
    RecordingSink s = RecordingSink.slow(log);
    assertThat(s.sql()).containsExactly("SELECT 1");
    assertThat(s.skipped).containsEntry("bad events", 1L);
    assertThat(s.warnings)
        .singleElement()
        .asString()
        .contains("test.log: event at byte " + (EVENT.length() + "SELECT 1;\n".length()))
        .contains("cut short");
  }

  @Test
  void aFileCutInTheHeaderOfAnEventIsReported() {
    RecordingSink s =
        RecordingSink.slow(EVENT + "SELECT 1;\n# Time: 2024-05-22T10:12:35.000000Z\n# User@Ho");
    assertThat(s.sql()).containsExactly("SELECT 1");
    assertThat(s.skipped).containsEntry("bad events", 1L);
  }

  @Test
  void aSixteenMegabyteStatementIsKeptWhole() {
    StringBuilder big = new StringBuilder("INSERT INTO t VALUES ");
    while (big.length() < 16 << 20) {
      big.append("('abcdefghijklmnopqrstuvwxyz', 12345678),\n");
    }
    big.append("('end', 0)");
    RecordingSink s = RecordingSink.slow(EVENT + big + ";\n" + EVENT + "SELECT 2;\n");
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql()).hasSize(2);
    assertThat(s.sql().get(0)).hasSize(big.length()).isEqualTo(big.toString());
    assertThat(s.sql().get(1)).isEqualTo("SELECT 2");
  }

  @Test
  void aStatementOverTheLimitIsSkippedAndTheNextOneRead() throws IOException {
    SlowLogParser parser = new SlowLogParser(java.time.ZoneOffset.UTC, 1000);
    String longLine = "SELECT '" + "x".repeat(5000) + "';\n";
    RecordingSink s = new RecordingSink();
    parser.parse(
        new LineReader(
            new ByteArrayInputStream(utf8(EVENT + longLine + EVENT + "SELECT 3;\n")), 2000),
        "test.log",
        s);
    assertThat(s.sql()).containsExactly("SELECT 3");
    assertThat(s.warnings)
        .singleElement()
        .asString()
        .contains("event at byte 0")
        .contains("longer than");
  }

  @Test
  void invalidUtf8IsKeptWithReplacementCharactersAndAWarning() {
    byte[] log =
        concat(utf8(EVENT + "SELECT 'caf"), new byte[] {(byte) 0xE9, (byte) 0xFF}, utf8("';\n"));
    RecordingSink s = RecordingSink.slow(log);
    assertThat(s.sql()).containsExactly("SELECT 'caf\uFFFD\uFFFD'");
    assertThat(s.warnings).singleElement().asString().contains("byte 0").contains("invalid UTF-8");
    assertThat(s.counters).containsEntry("events with invalid UTF-8 (kept)", 1L);
  }

  @Test
  void validMultiByteUtf8IsNotFlagged() {
    RecordingSink s = RecordingSink.slow(EVENT + "SELECT 'Grüße, 東京 \uFFFD';\n");
    assertThat(s.warnings).isEmpty();
    assertThat(s.sql()).containsExactly("SELECT 'Grüße, 東京 \uFFFD'");
  }

  @Test
  void binaryJunkInTheMiddleSkipsOneEventAndCaptureGoesOn() {
    byte[] junk = new byte[3000];
    new java.util.Random(7).nextBytes(junk);
    byte[] first = utf8(EVENT + "SELECT 1;\n");
    byte[] log = concat(first, junk, utf8("\n" + EVENT + "SELECT 2;\n" + EVENT + "SELECT 3;\n"));
    RecordingSink s = RecordingSink.slow(log);
    assertThat(s.sql()).contains("SELECT 2", "SELECT 3");
    assertThat(s.sql()).doesNotContain("SELECT 1");
    assertThat(s.skipped.values().stream().mapToLong(Long::longValue).sum()).isPositive();
    assertThat(s.warnings).anySatisfy(w -> assertThat(w).contains("test.log: event at byte 0"));
  }

  @Test
  void junkWithoutNewlinesLongerThanTheLineLimitCannotExhaustMemory() throws IOException {
    byte[] junk = new byte[100_000];
    Arrays.fill(junk, (byte) 'x');
    RecordingSink s = new RecordingSink();
    new SlowLogParser(java.time.ZoneOffset.UTC, 1000)
        .parse(
            new LineReader(
                new ByteArrayInputStream(concat(junk, utf8("\n" + EVENT + "SELECT 9;\n"))), 2000),
            "test.log",
            s);
    assertThat(s.sql()).containsExactly("SELECT 9");
    assertThat(s.skipped).containsEntry("unreadable lines", 1L);
    assertThat(s.warnings).singleElement().asString().contains("from byte 0");
  }

  @Test
  void anEmptyFileYieldsNothing() {
    RecordingSink s = RecordingSink.slow(new byte[0]);
    assertThat(s.events).isEmpty();
    RecordingSink g = RecordingSink.general(new byte[0]);
    assertThat(g.events).isEmpty();
  }

  @Test
  void aTruncatedGzipFileEndsWithAWarningAndKeepsCompleteEvents() throws IOException {
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      log.append(EVENT).append("SELECT ").append(i).append(";\n");
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(utf8(log.toString()));
    }
    byte[] cut = Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
    RecordingSink s =
        RecordingSink.parse(
            new SlowLogParser(java.time.ZoneOffset.UTC, LogFileSource.MAX_STATEMENT),
            new java.util.zip.GZIPInputStream(new ByteArrayInputStream(cut)));
    assertThat(s.events.size()).isBetween(10, 1999);
    assertThat(s.sql().get(0)).isEqualTo("SELECT 0");
    assertThat(s.warnings).anySatisfy(w -> assertThat(w).contains("ends abruptly"));
  }

  @Test
  void generalLogJunkAndTruncation() {
    byte[] log =
        concat(
            utf8("2024-05-22T10:12:34.1Z\t    5 Query\tSELECT 1\n"),
            utf8("2024-05-22T10:12:34.2Z\t    5 Query\tSELECT "),
            new byte[] {0, 1, 2, 3},
            utf8(
                "\n2024-05-22T10:12:34.3Z\t    5 Query\tSELECT 3\n2024-05-22T10:12:34.4Z\t    5 Query\tSELECT 4 FR"));
    RecordingSink s = RecordingSink.general(log);
    assertThat(s.sql()).containsExactly("SELECT 1", "SELECT 3");
    assertThat(s.skipped).containsEntry("bad events", 2L);
    assertThat(s.warnings).anySatisfy(w -> assertThat(w).contains("binary"));
    assertThat(s.warnings).anySatisfy(w -> assertThat(w).contains("cut short"));
  }
}
