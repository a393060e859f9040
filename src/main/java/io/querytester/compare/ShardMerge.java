package io.querytester.compare;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.run.DropList;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.LatencyChecks;
import io.querytester.run.RunInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Merges the run folders of the N shards of one replay into one run folder that the analyser and
 * the reports read like any other. Nothing is summarised before the merge: every execution is
 * carried over, so class verdicts, difference counts, examples and the latency histograms (one
 * HdrHistogram per class and side, filled from every shard's executions) come out as if one process
 * had replayed the whole workload. Each shard's health stays its own; what the shards dropped while
 * reading the workload is listed once; the classes each shard measured again after its replay keep
 * their second measurement (the lowest shard's, where several did).
 *
 * <p>Refused (bad input): a folder that is not a shard, shards of different workloads, servers or
 * settings, a shard given twice, a shard missing.
 */
public final class ShardMerge {
  private ShardMerge() {}

  /** Checks that {@code dirs} are the shards 1 to N of one replay, and returns them in order. */
  public static List<Path> check(List<Path> dirs) {
    TreeMap<Integer, Path> byIndex = new TreeMap<>();
    RunInfo first = null;
    Path firstDir = null;
    for (Path dir : dirs) {
      RunInfo info = RunInfo.read(dir);
      if (info.shard() == null) {
        throw new BadInputException(
            dir
                + " is not a shard (replayed without --shard); give only the folders of one"
                + " sharded replay");
      }
      if (first == null) {
        first = info;
        firstDir = dir;
      } else {
        same(firstDir, first, dir, info);
      }
      Path twice = byIndex.put(info.shard().index(), dir);
      if (twice != null) {
        throw new BadInputException(
            twice + " and " + dir + " are both shard " + info.shard() + "; give each shard once");
      }
    }
    int n = first.shard().count();
    List<Integer> missing = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      if (!byIndex.containsKey(k)) {
        missing.add(k);
      }
    }
    if (!missing.isEmpty()) {
      throw new BadInputException(
          "shard"
              + (missing.size() == 1 ? " " : "s ")
              + String.join(", ", missing.stream().map(k -> k + "/" + n).toList())
              + " missing: a merge needs all "
              + n
              + " shard folders (given: "
              + String.join(", ", dirs.stream().map(Path::toString).toList())
              + ")");
    }
    return List.copyOf(byIndex.values());
  }

  /** Shards of one replay: the same workload, the same servers, the same settings. */
  private static void same(Path aDir, RunInfo a, Path bDir, RunInfo b) {
    String why = null;
    if (a.shard().count() != b.shard().count()) {
      why = "were cut into " + a.shard().count() + " and " + b.shard().count() + " shards";
    } else if (!fileName(a.workload()).equals(fileName(b.workload()))) {
      why = "replayed different workloads (" + a.workload() + ", " + b.workload() + ")";
    } else if (!servers(a).equals(servers(b))) {
      why = "replayed on different servers (" + servers(a) + ", " + servers(b) + ")";
    } else if (!Objects.equals(a.settings(), b.settings())) {
      why = "replayed with different settings (" + a.settings() + ", " + b.settings() + ")";
    }
    if (why != null) {
      throw new BadInputException(
          aDir + " and " + bDir + " are not shards of one replay: they " + why);
    }
  }

  private static String fileName(String path) {
    return String.valueOf(Path.of(path).getFileName());
  }

  /** Labels and versions: one pair per shard has other hosts and ports, not other servers. */
  private static List<String> servers(RunInfo info) {
    return info.targets().stream().map(t -> t.label() + " " + t.version()).toList();
  }

  /**
   * Writes the merge of the checked shard folders into {@code out}.
   *
   * @return the merged run's run.json
   */
  public static RunInfo merge(List<Path> dirs, Path out, Consumer<String> warnings) {
    List<Path> shards = check(dirs);
    if (Files.exists(out.resolve(ExecutionLog.FILE))) {
      throw new BadInputException(out + " already holds a run; choose another --out");
    }
    List<RunInfo> infos = shards.stream().map(RunInfo::read).toList();
    RunInfo merged = merged(infos, shards);
    try {
      merged.write(out);
      Map<Path, String> health = new LinkedHashMap<>();
      try (ExecutionLog log = ExecutionLog.append(out)) {
        for (int i = 0; i < shards.size(); i++) {
          for (Execution e : ExecutionLog.read(shards.get(i), warnings)) {
            log.write(e);
          }
          health.put(shards.get(i), infos.get(i).shard().toString());
        }
      }
      HealthLog.merge(health, out, warnings);
      DropList.union(shards, out);
      LatencyChecks.merge(shards, out);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + out + ": " + e.getMessage(), e);
    }
    return merged;
  }

  /**
   * Shard 1's workload, servers and settings; every shard's events; from the first start to the
   * last end; as long as the slowest shard, since shards run side by side.
   */
  private static RunInfo merged(List<RunInfo> infos, List<Path> shards) {
    RunInfo first = infos.getFirst();
    long events = infos.stream().mapToLong(RunInfo::workloadEvents).sum();
    Instant started =
        infos.stream()
            .map(RunInfo::started)
            .filter(Objects::nonNull)
            .min(Instant::compareTo)
            .orElse(null);
    RunInfo info =
        RunInfo.starting(first.workload(), events, first.targets(), first.settings(), started);
    boolean ended = infos.stream().allMatch(i -> i.finished() != null && i.replaySeconds() != null);
    if (ended) {
      Instant end = infos.stream().map(RunInfo::finished).max(Instant::compareTo).orElseThrow();
      double seconds = infos.stream().mapToDouble(RunInfo::replaySeconds).max().orElse(0);
      info = info.ended(end, seconds);
    }
    return info.mergedFrom(folders(shards));
  }

  /** The shard folders as a merged run.json lists them. */
  static List<String> folders(List<Path> shards) {
    return shards.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList();
  }
}
