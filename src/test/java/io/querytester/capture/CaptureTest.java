package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a capture ends and what it prints, with a scripted source instead of a server. */
class CaptureTest {
  @TempDir Path dir;

  /** Emits one event every {@code every}, then fails with {@code failure} (if any) or ends. */
  static class Scripted extends CaptureSource {
    final int events;
    final Duration every;
    final Exception failure;
    volatile boolean stopped;

    Scripted(int events, Duration every, Exception failure) {
      this.events = events;
      this.every = every;
      this.failure = failure;
    }

    @Override
    public String order() {
      return io.querytester.workload.WorkloadHeader.OBSERVED;
    }

    @Override
    public String kind() {
      return "processlist";
    }

    @Override
    public String serverVersion() {
      return "11.4.5-MariaDB";
    }

    @Override
    void run(EventSink sink) throws Exception {
      for (int i = 0; i < events && !stopped; i++) {
        if (!sink.accept(QueryEvent.of(1, "app", "SELECT " + i))) {
          return;
        }
        Thread.sleep(every.toMillis());
      }
      if (failure != null) {
        throw failure;
      }
    }

    @Override
    void stop() {
      stopped = true;
    }
  }

  private CaptureSummary run(CaptureSource source, Duration duration, StringWriter err)
      throws IOException {
    return Capture.run(
        source,
        new CaptureSettings(
            dir.resolve("w.jsonl.gz"),
            CaptureFilter.none(),
            0,
            duration,
            Duration.ofMillis(500),
            Clock.systemUTC()),
        new PrintWriter(err, true));
  }

  private List<QueryEvent> read() throws IOException {
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(dir.resolve("w.jsonl.gz"), w -> {})) {
      r.forEach(e -> events.add(e.event()));
      assertThat(r.complete()).isTrue();
      assertThat(r.header().serverVersion()).isEqualTo("11.4.5-MariaDB");
    }
    return events;
  }

  @Test
  void aLostConnectionEndsTheCaptureWithACompleteFile() throws IOException {
    StringWriter err = new StringWriter();
    CaptureSummary s =
        run(
            new Scripted(
                5,
                Duration.ofMillis(1),
                new SQLException("Communications link failure", "08S01", 0)),
            null,
            err);
    assertThat(s.endedBy())
        .startsWith(
            "the connection was lost or refused: Communications link failure [SQLSTATE 08S01");
    assertThat(err.toString()).contains("ended early");
    assertThat(read()).hasSize(5);
  }

  @Test
  void theTimeLimitStopsALiveSourceAndProgressIsPrintedWhileEventsFlow() throws IOException {
    StringWriter err = new StringWriter();
    CaptureSummary s =
        run(new Scripted(1_000_000, Duration.ofMillis(10), null), Duration.ofMillis(1600), err);
    assertThat(s.endedBy()).isEqualTo("--duration");
    assertThat(s.elapsed()).isLessThan(Duration.ofSeconds(10));
    assertThat(err.toString())
        .containsPattern(
            "capture: [\\d,]+ events read, [\\d,]+ written, 1 classes, [\\d,]+ events/s");
    assertThat(read()).hasSizeBetween(20, 200);
  }

  @Test
  void aQuickCapturePrintsNoProgress() throws IOException {
    StringWriter err = new StringWriter();
    run(new Scripted(3, Duration.ZERO, null), null, err);
    assertThat(err.toString()).isEmpty();
    assertThat(read()).hasSize(3);
  }

  @Test
  void aSourceThatKnowsItsEndShowsPercentAndEta() throws IOException {
    StringWriter err = new StringWriter();
    Scripted fileLike =
        new Scripted(120, Duration.ofMillis(10), null) {
          volatile int done;

          @Override
          void run(EventSink sink) throws Exception {
            for (int i = 0; i < events; i++) {
              sink.accept(QueryEvent.of(1, "app", "SELECT " + i));
              done = i + 1;
              Thread.sleep(every.toMillis());
            }
          }

          @Override
          double fractionRead() {
            return done / (double) events;
          }
        };
    run(fileLike, null, err);
    assertThat(err.toString()).containsPattern("events/s, \\d{1,2}%, ETA 0m\\d\\ds");
  }

  @Test
  void percentAndEtaFollowThePaceSoFar() {
    assertThat(Capture.done(0.25, Duration.ofSeconds(30).toNanos())).isEqualTo(", 25%, ETA 1m30s");
    assertThat(Capture.done(1.0, 1)).isEqualTo(", 100%");
    assertThat(Capture.done(Double.NaN, 1)).isEmpty();
  }

  @Test
  void aLogFileSourceCountsTheBytesAsStoredGzipIncluded() throws Exception {
    Path log = dir.resolve("slow.log.gz");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      text.append(
              "# Time: 2024-01-01T00:00:00.000000Z\n# User@Host: app[app] @ localhost []  Id: 1\n")
          .append("# Query_time: 0.001  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 1\n")
          .append("SET timestamp=1704067200;\nSELECT ")
          .append(i)
          .append(";\n");
    }
    try (var out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(log))) {
      out.write(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    CaptureSource src =
        CaptureSources.slowLog(List.of(log.toString()), () -> null, java.time.ZoneOffset.UTC);
    assertThat(src.fractionRead()).isZero();
    run(src, null, new StringWriter());
    assertThat(src.fractionRead()).isEqualTo(1.0);
    assertThat(
            CaptureSources.slowLog(List.of("-"), () -> null, java.time.ZoneOffset.UTC)
                .fractionRead())
        .isNaN();
  }
}
