package io.querytester.run;

import io.querytester.BadInputException;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code run.json}: what a run replayed, on what, how, for how long, and how its report was made.
 * Written when the run starts; replay adds its end, the first report its settings. Resume and
 * compare read it to check they continue the same run; {@code report RUN_DIR} reads it to write the
 * same report again from a copied folder. A plain versioned record: version 1 files (no end, no
 * report settings) and version 2 files (no shard) are still read.
 *
 * @param format always "querytester-run"
 * @param version the run folder format version ({@link #VERSION} for new runs)
 * @param workload the workload file
 * @param workloadEvents events in the workload
 * @param targets the sides, OLD first
 * @param settings the replay settings as text, for the report
 * @param started when the run started
 * @param finished when the replay last ended (a resumed run ends more than once); null while it
 *     runs, after a kill, and in version 1 files
 * @param replaySeconds how long the replay ran, every resumed part added up; null as above
 * @param report the settings the run's report was written with, in querytester.yaml's shape ({@code
 *     gate}, {@code report}, {@code baseline}) plus {@code config}, the file they came from; null
 *     until a report is written
 * @param shard the part of the workload this run replayed ({@code replay --shard K/N}); null for
 *     the whole workload
 * @param shards the shard run folders a merged run was made from, shard 1 first; null unless merged
 * @param machine the machine's load while the replay ran (the last part of a resumed one); null
 *     when not watched (before version 4, off Linux)
 */
public record RunInfo(
    String format,
    int version,
    String workload,
    long workloadEvents,
    List<Side> targets,
    Map<String, String> settings,
    Instant started,
    Instant finished,
    Double replaySeconds,
    Map<String, Object> report,
    Shard shard,
    List<String> shards,
    MachineLoad machine) {

  public static final String FILE = "run.json";
  public static final String FORMAT = "querytester-run";

  /** 2: finished, replay_seconds and report added; 3: shard and shards added; 4: machine added. */
  public static final int VERSION = 4;

  /** A run without shards, as versions 1 and 2 knew it. */
  public RunInfo(
      String format,
      int version,
      String workload,
      long workloadEvents,
      List<Side> targets,
      Map<String, String> settings,
      Instant started,
      Instant finished,
      Double replaySeconds,
      Map<String, Object> report) {
    this(
        format,
        version,
        workload,
        workloadEvents,
        targets,
        settings,
        started,
        finished,
        replaySeconds,
        report,
        null,
        null,
        null);
  }

  /**
   * Shard {@code index} of {@code count}: the sessions whose id hashes to it (see replay's
   * ShardFilter for the hash).
   *
   * @param index 1 to count
   * @param count how many shards the workload was cut into
   */
  public record Shard(int index, int count) {
    public Shard {
      if (count < 1 || index < 1 || index > count) {
        throw new BadInputException("a shard is K/N with 1 <= K <= N, not " + index + "/" + count);
      }
    }

    @Override
    public String toString() {
      return index + "/" + count;
    }
  }

  /** This run as shard {@code s} of a workload. */
  public RunInfo withShard(Shard s) {
    return next(finished, replaySeconds, report, s, shards);
  }

  /** This run as the merge of the shard folders {@code dirs}. */
  public RunInfo mergedFrom(List<String> dirs) {
    return next(finished, replaySeconds, report, null, List.copyOf(dirs));
  }

  /** This run with the machine's load while it replayed. */
  public RunInfo measuredOn(MachineLoad load) {
    return next(workloadEvents, finished, replaySeconds, report, shard, shards, load);
  }

  /**
   * A side of the run.
   *
   * @param label OLD, NEW or the label of a single target
   * @param spec the target spec, passwords masked
   * @param version the server's version string
   * @param variables server variables, to show those that differ between the sides
   */
  public record Side(String label, String spec, String version, Map<String, String> variables) {}

  /** A run that starts now: no end and no report yet. */
  public static RunInfo starting(
      String workload,
      long workloadEvents,
      List<Side> targets,
      Map<String, String> settings,
      Instant started) {
    return new RunInfo(
        FORMAT, VERSION, workload, workloadEvents, targets, settings, started, null, null, null);
  }

  /** This run after a replay (or a resumed part of one) that ran {@code seconds} and ended now. */
  public RunInfo ended(Instant end, double seconds) {
    double total = (replaySeconds == null ? 0 : replaySeconds) + seconds;
    return next(end, total, report, shard, shards);
  }

  /**
   * This run with the workload's event count, known only once a replay has read the workload to its
   * end (a replay makes one pass over it, and starts before it has counted).
   */
  public RunInfo withWorkloadEvents(long events) {
    return next(events, finished, replaySeconds, report, shard, shards, machine);
  }

  /** This run with the settings its report was written with. */
  public RunInfo reported(Map<String, Object> reportSettings) {
    return next(finished, replaySeconds, reportSettings, shard, shards);
  }

  /** This run at the current version, with what changes after its start. */
  private RunInfo next(
      Instant end, Double seconds, Map<String, Object> reportSettings, Shard s, List<String> dirs) {
    return next(workloadEvents, end, seconds, reportSettings, s, dirs, machine);
  }

  private RunInfo next(
      long events,
      Instant end,
      Double seconds,
      Map<String, Object> reportSettings,
      Shard s,
      List<String> dirs,
      MachineLoad load) {
    return new RunInfo(
        format,
        VERSION,
        workload,
        events,
        targets,
        settings,
        started,
        end,
        seconds,
        reportSettings,
        s,
        dirs,
        load);
  }

  public void write(Path runDir) throws IOException {
    OwnerOnly.directories(runDir);
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (java.io.OutputStream out = OwnerOnly.newOutputStream(tmp)) {
      RunJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, this);
    }
    Files.move(tmp, runDir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  public static RunInfo read(Path runDir) {
    Path file = runDir.resolve(FILE);
    try {
      RunInfo info = RunJson.MAPPER.readValue(file.toFile(), RunInfo.class);
      if (!FORMAT.equals(info.format())) {
        throw new BadInputException(file + " is not a querytester run file");
      }
      if (info.version() > VERSION) {
        throw new BadInputException(
            file
                + " is run folder version "
                + info.version()
                + ", written by a newer querytester; this one reads versions 1 to "
                + VERSION);
      }
      return info;
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      throw new BadInputException(
          runDir + " is not a run folder (no " + FILE + "); give the --out folder of a replay");
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
