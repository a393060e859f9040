package io.querytester.replay;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.run.ExecutionLog;
import io.querytester.run.RunInfo;
import io.querytester.server.Target;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The run folder of a replay, apart from its logs: {@code run.json} written when a new run starts
 * (or checked against the run to resume) and again when it ends, and the events a resumed run has
 * done already.
 */
final class RunFolder {
  private final ReplaySettings settings;
  private final ShardFilter shard;
  private final Consumer<String> progress;

  RunFolder(ReplaySettings settings, ShardFilter shard, Consumer<String> progress) {
    this.settings = settings;
    this.shard = shard;
    this.progress = progress;
  }

  Path dir() {
    return settings.runDir();
  }

  /**
   * Writes run.json for a new run, or checks the one of the run to resume; sets {@code total} to
   * the events to replay as far as known (a resumed run knows; a new one counts lines in the
   * background, for the progress display only).
   *
   * @return the workload lines done already
   */
  BitSet prepare(List<Target> targets, List<Preflight> read, boolean resume, AtomicLong total) {
    Path runDir = dir();
    try {
      if (resume) {
        RunInfo info = RunInfo.read(runDir);
        if (!info.workload().equals(settings.workload().toAbsolutePath().toString())) {
          throw new BadInputException(
              "--resume "
                  + runDir
                  + " replayed "
                  + info.workload()
                  + ", not "
                  + settings.workload());
        }
        if (!Objects.equals(info.shard(), shard.shard())) {
          throw new BadInputException(
              "--resume "
                  + runDir
                  + " replayed shard "
                  + (info.shard() == null ? "(none: the whole workload)" : info.shard())
                  + "; give the same --shard again");
        }
        total.set(info.workloadEvents());
        BitSet done = ExecutionLog.done(runDir);
        progress.accept("resuming: " + done.cardinality() + " events already done");
        return done;
      }
      if (Files.exists(runDir.resolve(ExecutionLog.FILE))) {
        throw new BadInputException(
            runDir
                + " already holds a run; use --resume "
                + runDir
                + " to continue it, or another --out");
      }
      countInBackground(total);
      RunInfo.starting(
              settings.workload().toAbsolutePath().toString(),
              0,
              sides(targets, read),
              settingsText(),
              Instant.now())
          .withShard(shard.shard())
          .write(runDir);
      return new BitSet();
    } catch (IOException e) {
      // One line: the folder and the system's reason say it all (a full disk, no permission).
      throw new CannotRunException("cannot write run folder " + runDir + ": " + e.getMessage());
    }
  }

  /**
   * The report's duration comes from here, not from a file's time, which a copy of the folder
   * changes. Written on every way out but a kill: a killed part counts nothing.
   *
   * @param events the workload's events, or -1 when they are not all known
   */
  void recordEnd(long startNanos, long events) {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    try {
      RunInfo info = RunInfo.read(dir()).ended(Instant.now(), seconds);
      (events < 0 ? info : info.withWorkloadEvents(events)).write(dir());
    } catch (IOException | RuntimeException e) {
      // The run itself is complete; the report falls back to the executions file's time.
    }
  }

  /** One line: what failed, that what was written stays, and how to go on. */
  String stopped(String reason) {
    return reason
        + "; replay stopped, everything written before stays: "
        + (reason.startsWith("cannot write") ? "free space in " + dir() + ", then " : "")
        + "go on with --resume "
        + dir();
  }

  /** The whole workload's line count; a shard's share is not known before it is read. */
  private void countInBackground(AtomicLong total) {
    if (shard != ShardFilter.ALL) {
      return;
    }
    Thread.ofVirtual()
        .name("querytester-count")
        .start(
            () -> {
              try {
                total.set(WorkloadReader.approximateEvents(settings.workload()));
              } catch (IOException | RuntimeException e) {
                // Progress then shows no total; the replay's own reading reports the problem.
              }
            });
  }

  private static List<RunInfo.Side> sides(List<Target> targets, List<Preflight> read) {
    List<RunInfo.Side> out = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      Target t = targets.get(i);
      out.add(
          new RunInfo.Side(
              t.label(), t.spec().display(), t.info().version(), read.get(i).variables()));
    }
    return out;
  }

  private Map<String, String> settingsText() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("concurrency", Integer.toString(settings.pace().concurrency()));
    m.put(
        "speed",
        settings.pace().speed() == 0 ? "as fast as possible" : settings.pace().speed() + "x");
    m.put("allow_writes", Boolean.toString(settings.allowWrites()));
    m.put("statement_timeout", settings.statements().timeout().toString());
    m.put("max_rows", Long.toString(settings.statements().maxRows()));
    m.put("float_digits", Integer.toString(settings.compare().floatDigits()));
    m.put("repeat", Integer.toString(settings.compare().repeat()));
    m.put("spread_reads", Boolean.toString(settings.pace().spreadReads()));
    if (settings.pace().maxEvents() > 0) {
      m.put("limit", Long.toString(settings.pace().maxEvents()));
    }
    if (settings.pace().duration() != null) {
      m.put("run_time", settings.pace().duration().toString());
    }
    return m;
  }
}
