package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** WorkloadWriter and WorkloadReader together, on files written here. */
class WorkloadFileTest {
  private static final Instant T0 = Instant.parse("2026-11-21T06:00:00Z");

  @TempDir Path dir;
  private final List<String> warnings = new ArrayList<>();

  @Test
  void roundTripKeepsEveryField() throws IOException {
    for (String name : List.of("w.jsonl", "w.jsonl.gz")) {
      Path file = dir.resolve(name);
      List<QueryEvent> events = events(50);
      WorkloadHeader header =
          WorkloadHeader.of("binlog", "11.4.5-MariaDB", T0).withFilters(Map.of("schema", "shop"));
      try (WorkloadWriter w = WorkloadWriter.create(file, header)) {
        for (QueryEvent e : events) {
          w.write(e);
        }
        assertThat(w.events()).isEqualTo(50);
      }
      try (WorkloadReader r = WorkloadReader.open(file, warnings::add)) {
        assertThat(r.header()).isEqualTo(header);
        assertThat(read(r)).isEqualTo(events);
        assertThat(r.complete()).isTrue();
      }
      assertThat(warnings).isEmpty();
    }
  }

  @Test
  void gzipIsChosenByTheNameAndDetectedByTheContent() throws IOException {
    Path gz = dir.resolve("a.jsonl.gz");
    try (WorkloadWriter w = WorkloadWriter.create(gz, WorkloadHeader.of("manual", null, T0))) {
      w.write(QueryEvent.of(1, "db", "SELECT 1"));
    }
    try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .startsWith("{\"format\":\"querytester-workload\",\"version\":1");
    }
    Path renamed = Files.move(gz, dir.resolve("no-extension"));
    try (WorkloadReader r = WorkloadReader.open(renamed, warnings::add)) {
      assertThat(read(r)).containsExactly(QueryEvent.of(1, "db", "SELECT 1"));
    }
  }

  @Test
  void aKilledCaptureLeavesEveryFlushedEventReadable() throws IOException {
    Path file = dir.resolve("killed.jsonl.gz");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, T0))) {
      for (QueryEvent e : events(WorkloadWriter.FLUSH_EVERY + 10)) {
        w.write(e);
      }
      // What the disk holds now is what a kill -9 would leave: no trailer, no footer.
      Files.copy(file, dir.resolve("copy.jsonl.gz"));
    }
    try (WorkloadReader r = WorkloadReader.open(dir.resolve("copy.jsonl.gz"), warnings::add)) {
      assertThat(read(r)).isEqualTo(events(WorkloadWriter.FLUSH_EVERY));
      assertThat(r.complete()).isFalse();
    }
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains("ends abruptly after line " + (WorkloadWriter.FLUSH_EVERY + 1));
  }

  @Test
  void aGzipCutAnywhereGivesTheLinesBeforeTheCut() throws IOException {
    Path file = dir.resolve("full.jsonl.gz");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, T0))) {
      for (QueryEvent e : events(3000)) {
        w.write(e);
      }
    }
    byte[] bytes = Files.readAllBytes(file);
    for (int cut = 40; cut < bytes.length; cut += bytes.length / 23) {
      Path cutFile = Files.write(dir.resolve("cut.jsonl.gz"), Arrays.copyOf(bytes, cut));
      warnings.clear();
      try (WorkloadReader r = WorkloadReader.open(cutFile, warnings::add)) {
        List<QueryEvent> read = read(r);
        assertThat(read).isEqualTo(events(3000).subList(0, read.size()));
        assertThat(r.skipped()).isZero();
      } catch (BadInputException e) {
        // Cut before the end of the header line.
        assertThat(e).hasMessageMatching(".*(is empty|is not a readable workload file).*");
        continue;
      }
      assertThat(warnings).singleElement().asString().contains("ends abruptly");
    }
  }

  @Test
  void aBadLineInTheMiddleIsSkippedWithItsLineNumber() throws IOException {
    Path file = dir.resolve("bad.jsonl");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, T0))) {
      for (QueryEvent e : events(4)) {
        w.write(e);
      }
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    lines.add(3, "{\"sql\": \"SELECT 'half a line");
    lines.add(4, "");
    Files.write(file, lines);
    try (WorkloadReader r = WorkloadReader.open(file, warnings::add)) {
      List<WorkloadReader.Entry> entries = new ArrayList<>();
      r.forEach(entries::add);
      assertThat(entries).extracting(WorkloadReader.Entry::line).containsExactly(2L, 3L, 6L, 7L);
      assertThat(r.skipped()).isEqualTo(1);
    }
    assertThat(warnings).singleElement().asString().startsWith(file + ":4: skipped a line");
  }

  @Test
  void anEmptyFileIsBadInput() throws IOException {
    Path file = Files.createFile(dir.resolve("empty.jsonl"));
    assertThatThrownBy(() -> WorkloadReader.open(file, warnings::add))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("empty.jsonl is empty");
  }

  @Test
  void aMissingFileIsBadInput() {
    assertThatThrownBy(() -> WorkloadReader.open(dir.resolve("nope.jsonl"), warnings::add))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("nope.jsonl does not exist");
  }

  @Test
  void aFileThatIsNotAWorkloadIsBadInput() throws IOException {
    Path slowLog =
        Files.writeString(
            dir.resolve("slow.log"),
            "/usr/sbin/mysqld, Version: 8.0.36. started with:\n# Time: 2026-11-21T06:00:00Z\n");
    assertThatThrownBy(() -> WorkloadReader.open(slowLog, warnings::add))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("slow.log is not a workload");
    Path otherJson = Files.writeString(dir.resolve("other.json"), "{\"name\":\"x\"}\n");
    assertThatThrownBy(() -> WorkloadReader.open(otherJson, warnings::add))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("other.json is not a workload file");
  }

  @Test
  void aNewerFormatVersionIsRefusedWithAHint() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("v2.jsonl"),
            "{\"format\":\"querytester-workload\",\"version\":2,\"source\":\"slowlog\"}\n"
                + "{\"sql\":\"SELECT 1\"}\n");
    assertThatThrownBy(() -> WorkloadReader.open(file, warnings::add))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("format version 2")
        .hasMessageContaining("use a newer querytester");
  }

  @Test
  void writingAfterCloseFails() throws IOException {
    WorkloadWriter w =
        WorkloadWriter.create(dir.resolve("c.jsonl"), WorkloadHeader.of("manual", null, T0));
    w.close();
    w.close(); // twice is fine
    assertThatThrownBy(() -> w.write(QueryEvent.of(1, null, "SELECT 1")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("already closed");
  }

  private static List<QueryEvent> events(int n) {
    List<QueryEvent> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(
          new QueryEvent(
              T0.plusMillis(i),
              (long) (i % 3),
              "u" + i % 2,
              "h",
              i % 5 == 0 ? null : "db",
              "SELECT " + i + " /* \"quoted\" 'text' ünïcödé \n newline */",
              (long) i * 10,
              1L,
              (long) i,
              0L,
              i % 7 == 0 ? 1146 : 0,
              new QueryEvent.Origin("binlog.000001", 4L + i)));
    }
    return out;
  }

  private static List<QueryEvent> read(WorkloadReader r) {
    List<QueryEvent> out = new ArrayList<>();
    r.forEach(e -> out.add(e.event()));
    return out;
  }
}
