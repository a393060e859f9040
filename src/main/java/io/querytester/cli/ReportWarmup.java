package io.querytester.cli;

import io.querytester.ScratchDir;
import io.querytester.health.HealthLog;
import io.querytester.health.HealthSegment;
import io.querytester.health.LogClass;
import io.querytester.health.StatusSnapshot;
import io.querytester.run.ExecutionLog;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Writes the reports once while the replay runs, on a scratch folder holding the run's settings,
 * its first executions and a health log of the watch's shape, and throws them away. The report path
 * runs once per command, so nearly all of its time after the last statement was first-time cost:
 * loading and linking classes, Jackson building its (de)serialisers, reflection making its
 * accessors. Paid here, on a second thread while the servers work, the run's own reports after the
 * last statement find them ready (bench/replay: 0.4-0.5 s after the last statement at 8 connections
 * before). Nothing it does can fail the run: any failure only leaves that cost to the reports.
 */
final class ReportWarmup implements AutoCloseable {
  /** Enough executions for every step to run; few enough to cost nothing. */
  private static final int MAX_BYTES = 64 * 1024;

  private static final Duration POLL = Duration.ofMillis(50);

  private final Path runDir;
  private final ReportOptions options;

  /** Where the scratch folder goes; null for the system's temporary folder. */
  private final Path scratchParent;

  private final Thread thread;

  /** Set once the reports were written on the scratch folder. */
  private volatile boolean warmed;

  /** Set when the run's own reports begin: a warm-up still waiting for executions gives up. */
  private volatile boolean late;

  private ReportWarmup(Path runDir, ReportOptions options, boolean reports, Path scratchParent) {
    this.runDir = runDir;
    this.options = options;
    this.scratchParent = scratchParent;
    this.thread =
        reports
            ? Thread.ofPlatform().daemon().name("querytester-report-warmup").start(this::run)
            : null;
  }

  /**
   * Starts it when the run writes reports (a run of one side does not); {@code options} must be
   * prepared, and are only read from here on.
   */
  static ReportWarmup start(Path runDir, ReportOptions options, boolean reports) {
    return start(runDir, options, reports, null);
  }

  static ReportWarmup start(
      Path runDir, ReportOptions options, boolean reports, Path scratchParent) {
    return new ReportWarmup(runDir, options, reports, scratchParent);
  }

  /** Whether the reports were written on the scratch folder (after {@link #close}: for good). */
  boolean warmed() {
    return warmed;
  }

  private void run() {
    Path scratch = null;
    try {
      byte[] first = firstExecutions();
      if (first == null) {
        return;
      }
      String prefix = "querytester-report-warmup";
      scratch =
          scratchParent == null
              ? Files.createTempDirectory(prefix)
              : Files.createTempDirectory(scratchParent, prefix);
      Files.copy(runDir.resolve(RunInfo.FILE), scratch.resolve(RunInfo.FILE));
      Files.write(scratch.resolve(ExecutionLog.FILE), first);
      Files.writeString(scratch.resolve(HealthLog.FILE), healthLog());
      PrintWriter none = new PrintWriter(Writer.nullWriter());
      new RunReporter(scratch, options, none, none).report();
      warmed = true;
    } catch (Exception | LinkageError e) {
      // only time is lost: the reports pay the first-time cost themselves
    } finally {
      ScratchDir.delete(scratch);
    }
  }

  /**
   * One segment per side, shaped as the health watch writes them after the last statement (with the
   * same mapping), so that writing the run's own and its report's health sections find their code
   * ready too.
   */
  private static String healthLog() throws IOException {
    Instant now = Instant.now();
    StatusSnapshot status = new StatusSnapshot(now, Map.of("Questions", 1L), List.of());
    LogClass logged =
        new LogClass(LogClass.Phase.RUN, "warning 1105", "Warning", "1105", 1, now, now, "a line");
    StringBuilder out = new StringBuilder();
    for (String side : List.of("OLD", "NEW")) {
      HealthSegment segment =
          new HealthSegment(
              side,
              side,
              "",
              now,
              now,
              1L,
              2L,
              1,
              0,
              0,
              null,
              status,
              status,
              Map.of("Questions", 1L),
              "",
              List.of(logged),
              List.of());
      out.append(RunJson.MAPPER.writeValueAsString(segment)).append('\n');
    }
    return out.toString();
  }

  /**
   * The whole lines at the start of the run's executions log, once it has more than its header;
   * null if the run's own reports began first.
   */
  private byte[] firstExecutions() throws IOException, InterruptedException {
    Path log = runDir.resolve(ExecutionLog.FILE);
    while (!late) {
      if (Files.exists(log)) {
        byte[] head;
        try (InputStream in = Files.newInputStream(log)) {
          head = in.readNBytes(MAX_BYTES);
        }
        int end = head.length;
        while (end > 0 && head[end - 1] != '\n') {
          end--;
        }
        int lines = 0;
        for (int i = 0; i < end; i++) {
          lines += head[i] == '\n' ? 1 : 0;
        }
        if (lines > 1) { // the header and at least one line after it
          return Arrays.copyOf(head, end);
        }
      }
      Thread.sleep(POLL);
    }
    return null;
  }

  /**
   * The run's own reports begin: a warm-up still waiting gives up (a short run's reports would only
   * share the CPU with it); one under way goes on, whatever it has done is saved.
   */
  void reportsBegin() {
    late = true;
  }

  /** Waits for the warm-up to end and clear its scratch folder. */
  @Override
  public void close() {
    late = true;
    if (thread == null) {
      return;
    }
    try {
      thread.join(Duration.ofSeconds(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
