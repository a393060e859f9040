package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Reads the sample files of workload format version 1 kept in src/test/resources/workload/v1 (see
 * docs/workload-format.md). They are frozen: a change that cannot read them breaks every workload
 * users already captured, and must come with a new format version instead.
 */
class WorkloadFormatV1Test {
  private static final Instant T0 = Instant.parse("2026-11-21T06:00:00.000001Z");

  private final List<String> warnings = new ArrayList<>();

  @Test
  void completeFilePlainAndGzip() throws Exception {
    for (String name : List.of("complete.jsonl", "complete.jsonl.gz")) {
      warnings.clear();
      try (WorkloadReader r = WorkloadReader.open(sample(name), warnings::add)) {
        assertThat(r.header())
            .isEqualTo(
                new WorkloadHeader(
                    WorkloadHeader.FORMAT,
                    1,
                    "slowlog",
                    "10.2.11-MariaDB-log",
                    T0,
                    null,
                    Map.of("exclude-user", "monitor"),
                    null));
        List<WorkloadReader.Entry> entries = entries(r);
        assertThat(entries)
            .extracting(WorkloadReader.Entry::line)
            .containsExactly(2L, 3L, 4L, 5L, 6L);
        assertThat(entries.get(0).event())
            .isEqualTo(
                new QueryEvent(
                    T0,
                    11L,
                    "app",
                    "10.0.0.5",
                    "shop",
                    "SELECT c FROM sbtest1 WHERE id=5012",
                    120L,
                    1L,
                    1L,
                    3L,
                    0,
                    new QueryEvent.Origin("/var/log/mysql/slow.log", 1234L)));
        assertThat(entries.get(2).event().sql())
            .isEqualTo(
                "SELECT c FROM sbtest1 WHERE id=6\n  /* multi-line, with a 'quote' and ünïcödé */");
        assertThat(entries.get(3).event().schema()).isNull();
        assertThat(entries.get(3).event().errorCode()).isEqualTo(1146);
        assertThat(entries.get(4).event())
            .isEqualTo(QueryEvent.of(14, "shop", "SET NAMES utf8mb4"));
        assertThat(r.complete()).isTrue();
        assertThat(r.skipped()).isZero();
        assertThat(warnings).isEmpty();
      }
    }
  }

  @Test
  void fileWithoutFooterKeepsItsCompleteLines() throws Exception {
    try (WorkloadReader r = WorkloadReader.open(sample("no-footer.jsonl"), warnings::add)) {
      assertThat(entries(r)).hasSize(3);
      assertThat(r.complete()).isFalse();
      // The last line was cut in the middle: the end of a killed capture, not a bad event.
      assertThat(r.skipped()).isZero();
      assertThat(warnings)
          .singleElement()
          .asString()
          .contains("no-footer.jsonl: file ends abruptly after line 4");
    }
  }

  @Test
  void truncatedGzipKeepsEverythingBeforeTheCut() throws Exception {
    try (WorkloadReader r = WorkloadReader.open(sample("truncated.jsonl.gz"), warnings::add)) {
      assertThat(r.header().source()).isEqualTo("processlist");
      List<WorkloadReader.Entry> entries = entries(r);
      // Every line that zcat can recover (the cut is 200 bytes before the end).
      assertThat(entries).hasSize(1472);
      for (int i = 0; i < entries.size(); i++) {
        assertThat(entries.get(i).event().sql()).isEqualTo("SELECT " + (i + 1));
        assertThat(entries.get(i).line()).isEqualTo(i + 2);
      }
      assertThat(r.complete()).isFalse();
      assertThat(warnings).singleElement().asString().contains("ends abruptly");
    }
  }

  @Test
  void badLinesAreSkippedWithTheirLineNumbers() throws Exception {
    try (WorkloadReader r = WorkloadReader.open(sample("bad-lines.jsonl"), warnings::add)) {
      assertThat(entries(r))
          .extracting(WorkloadReader.Entry::line)
          .containsExactly(2L, 3L, 6L, 7L, 8L);
      assertThat(r.skipped()).isEqualTo(2);
      assertThat(warnings).hasSize(2);
      assertThat(warnings.get(0)).contains("bad-lines.jsonl:4:");
      assertThat(warnings.get(1)).contains("bad-lines.jsonl:5:").contains("no \"sql\" field");
      assertThat(r.complete()).isTrue();
    }
  }

  @Test
  void fieldsFromANewerMinorVersionAreIgnored() throws Exception {
    try (WorkloadReader r = WorkloadReader.open(sample("unknown-fields.jsonl"), warnings::add)) {
      assertThat(entries(r))
          .singleElement()
          .extracting(WorkloadReader.Entry::event)
          .isEqualTo(
              new QueryEvent(
                  Instant.parse("2026-11-21T06:00:00Z"),
                  11L,
                  null,
                  null,
                  null,
                  "SELECT 1",
                  null,
                  null,
                  null,
                  null,
                  null,
                  new QueryEvent.Origin("f", 7L)));
      assertThat(r.complete()).isTrue();
      assertThat(warnings).isEmpty();
    }
  }

  private static List<WorkloadReader.Entry> entries(WorkloadReader r) {
    List<WorkloadReader.Entry> out = new ArrayList<>();
    r.forEach(out::add);
    return out;
  }

  static Path sample(String name) throws URISyntaxException {
    return Path.of(
        Objects.requireNonNull(WorkloadFormatV1Test.class.getResource("/workload/v1/" + name))
            .toURI());
  }
}
