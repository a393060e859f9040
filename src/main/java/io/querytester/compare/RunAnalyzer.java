package io.querytester.compare;

import io.querytester.OwnerOnly;
import io.querytester.run.DataCheck;
import io.querytester.run.DiffKind;
import io.querytester.run.DropList;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthRecord;
import io.querytester.run.HealthReport;
import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyChecks;
import io.querytester.run.LatencyRatio;
import io.querytester.run.OrderLog;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.workload.PinnableMarkers;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.WorkloadReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Reads a run folder's executions as a stream and rolls them up per class: difference counts,
 * examples with row samples, nondeterminism, latency histograms and verdicts. Saves the histograms
 * in the run folder ({@code histograms.jsonl}) for later comparisons.
 */
public final class RunAnalyzer {
  public static final String HISTOGRAMS = "histograms.jsonl";

  /**
   * Variables that differ between any two servers (paths, ports, ids, version strings): never a
   * difference worth a line, in the report's variables or among the cause step's settings.
   */
  public static final Set<String> PER_INSTANCE_VARIABLES =
      Set.of(
          "basedir",
          "datadir",
          "pid_file",
          "port",
          "socket",
          "log_error",
          "hostname",
          "general_log_file",
          "slow_query_log_file",
          "tmpdir",
          "server_uuid",
          "plugin_dir",
          "lc_messages_dir",
          "character_sets_dir",
          "innodb_data_home_dir",
          "log_bin_basename",
          "log_bin_index",
          "relay_log_basename",
          "relay_log_index",
          "timestamp",
          "server_id",
          "version",
          "version_comment",
          "version_compile_machine",
          "version_compile_os",
          "version_malloc_library",
          "version_source_revision",
          "version_ssl_library",
          "innodb_version",
          "protocol_version",
          "pseudo_thread_id",
          "gtid_domain_id");

  private final GatePolicy gate;
  private final int maxExamples;
  private final Acceptance acceptance;
  private final Consumer<String> warnings;

  public RunAnalyzer(GatePolicy gate, int maxExamples, Consumer<String> warnings) {
    this(gate, maxExamples, Acceptance.NONE, warnings);
  }

  /**
   * @param acceptance the differences a baseline accepts: they do not fail the gate
   */
  public RunAnalyzer(
      GatePolicy gate, int maxExamples, Acceptance acceptance, Consumer<String> warnings) {
    this.gate = gate;
    this.maxExamples = maxExamples;
    this.acceptance = acceptance;
    this.warnings = warnings;
  }

  public RunSummary analyze(Path runDir) {
    return analyze(runDir, null);
  }

  /**
   * As {@link #analyze(Path)}, from the executions a replay rolled up as it wrote them when it can:
   * when {@code written} took every one, and no stall held any up (those count as skipped, which
   * only the end of the run tells). Else from the log.
   */
  public RunSummary analyze(Path runDir, RunRollup written) {
    RunInfo info = RunInfo.read(runDir);
    // read once: both the held-up events and the health report come from it
    List<HealthRecord> healthRecords = HealthLog.read(runDir, warnings);
    Map<Long, String> heldUp = HealthRollup.heldUp(healthRecords);
    RunRollup run;
    if (written != null && written.complete() && heldUp.isEmpty() && !written.judged) {
      run = written;
      // judging again (after a latency confirmation) reads the log: this rollup now holds the
      // crashes and examples this analysis adds, which a second one would add again
      written.judged = true;
    } else {
      run = new RunRollup(maxExamples, heldUp);
      for (Execution e : ExecutionLog.read(runDir, warnings)) {
        run.add(e);
      }
    }
    Map<String, ClassRollup> rollups = run.classes;
    HealthReport health = HealthRollup.apply(healthRecords, rollups, maxExamples);
    fillExamples(info, runDir, rollups);
    Map<String, LatencyCheck> checks = LatencyChecks.read(runDir);
    List<ClassSummary> classes = new ArrayList<>();
    for (ClassRollup r : rollups.values()) {
      classes.add(summarize(r, checks));
    }
    classes.sort(WORST_FIRST);
    saveHistograms(runDir, rollups.values());
    return totals(info, runDir, run.events, run.skipped, classes, health);
  }

  /**
   * The executions of a run as the analysis counts them: session diagnostics whose values differ
   * because the statement before them differed are tied to that statement ({@link
   * DiffKind#DIAGNOSTICS}).
   */
  public static Iterable<Execution> executions(Path runDir, Consumer<String> warnings) {
    return () -> {
      Diagnostics diagnostics = new Diagnostics();
      java.util.Iterator<Execution> it = ExecutionLog.read(runDir, warnings).iterator();
      return new java.util.Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public Execution next() {
          return diagnostics.tie(it.next());
        }
      };
    };
  }

  private ClassSummary summarize(ClassRollup r, Map<String, LatencyCheck> checks) {
    SqlProfile profile = r.example == null ? null : SqlProfile.of(r.example);
    List<String> nondeterminism = new ArrayList<>();
    if (profile != null) {
      for (String marker : profile.nondeterminism()) {
        if (!PinnableMarkers.pinnable(marker)) {
          nondeterminism.add(marker);
        }
      }
    }
    nondeterminism.addAll(r.nondeterminism);
    LatencyThresholds t = gate.latency();
    LatencyStats.Evaluation screen = r.old.compareTo(r.neu, t);
    LatencyRatio ratio = r.pairs.count() >= t.minSamples() ? r.pairs.ratio(t.confidence()) : null;
    LatencyVerdict replay = LatencyJudge.replay(screen.verdict(), ratio, t);
    Confirmation confirmation = LatencyJudge.confirmation(checks.get(r.classId), t);
    LatencyVerdict latency = LatencyJudge.confirmed(replay, confirmation);
    Map<DiffKind, Long> diffs = new EnumMap<>(r.differences);
    Map<DiffKind, Long> slower = new EnumMap<>(diffs);
    slower.put(DiffKind.LATENCY, 1L);
    Map<DiffKind, String> accepted = new EnumMap<>(DiffKind.class);
    for (DiffKind k : slower.keySet()) {
      String reason = acceptance.reason(r.classId, k);
      if (reason != null) {
        accepted.put(k, reason);
      }
    }
    boolean nondeterministic = !nondeterminism.isEmpty();
    ClassVerdict without = verdict(r, diffs, accepted, nondeterministic);
    ClassVerdict with = verdict(r, slower, accepted, nondeterministic);
    boolean latencyFails =
        latency == LatencyVerdict.DEGRADED
            || (latency == LatencyVerdict.BORDERLINE && t.borderlineFails());
    if (latencyFails) {
      diffs = slower;
    } else {
      accepted.remove(DiffKind.LATENCY);
    }
    LatencyBasis basis =
        new LatencyBasis(
            ratio,
            replay,
            r.pairs.slowest(),
            with == ClassVerdict.REGRESSION && without != ClassVerdict.REGRESSION,
            confirmation);
    List<ClassSummary.Example> examples = new ArrayList<>();
    r.examples
        .values()
        .forEach(list -> list.stream().filter(x -> !contains(examples, x)).forEach(examples::add));
    return new ClassSummary(
        r.classId,
        profile == null ? null : profile.fingerprint(),
        r.example,
        r.kind,
        latencyFails ? with : without,
        r.executions,
        r.skipped,
        r.skipReason,
        diffs,
        nondeterminism,
        examples.size() > maxExamples * 3 ? examples.subList(0, maxExamples * 3) : examples,
        percentiles(r.old),
        percentiles(r.neu),
        latency,
        screen.pValue(),
        accepted,
        basis);
  }

  private static boolean contains(List<ClassSummary.Example> list, ClassSummary.Example x) {
    return list.stream().anyMatch(e -> e.event() == x.event());
  }

  private ClassVerdict verdict(
      ClassRollup r,
      Map<DiffKind, Long> diffs,
      Map<DiffKind, String> accepted,
      boolean nondeterministic) {
    if (r.executions == 0) {
      return ClassVerdict.SKIPPED;
    }
    boolean rowNoise = false;
    boolean acceptedFailure = false;
    for (DiffKind k : diffs.keySet()) {
      if (nondeterministic && GatePolicy.isNoise(k, r.rowCountsVary)) {
        rowNoise = true;
      } else if (gate.fails(k)) {
        if (!accepted.containsKey(k)) {
          return ClassVerdict.REGRESSION;
        }
        acceptedFailure = true;
      }
    }
    // Accepted as soon as a baseline took away a failure, or every difference it had.
    if (acceptedFailure || (!diffs.isEmpty() && accepted.keySet().containsAll(diffs.keySet()))) {
      return ClassVerdict.ACCEPTED;
    }
    if (rowNoise) {
      return ClassVerdict.NONDETERMINISTIC;
    }
    return diffs.isEmpty() ? ClassVerdict.SAME : ClassVerdict.CHANGED;
  }

  static ClassSummary.Percentiles percentiles(LatencyStats s) {
    return new ClassSummary.Percentiles(
        s.count(), s.percentile(50), s.percentile(95), s.percentile(99), s.percentile(100));
  }

  /** Worst verdict first, crash suspects first, then the most differences and executions. */
  static final Comparator<ClassSummary> WORST_FIRST =
      Comparator.comparing(ClassSummary::verdict)
          .thenComparing(c -> !c.differences().containsKey(DiffKind.CRASH))
          .thenComparing(c -> -c.differences().values().stream().mapToLong(Long::longValue).sum())
          .thenComparing(c -> -c.executions())
          .thenComparing(ClassSummary::classId);

  /**
   * The workload where run.json says, else a copy of it in the run folder: a folder copied to
   * another machine can carry its workload along.
   */
  public static Path workload(RunInfo info, Path runDir) {
    Path named = Path.of(info.workload());
    Path beside = runDir.resolve(named.getFileName().toString());
    return Files.exists(named) || !Files.exists(beside) ? named : beside;
  }

  private void fillExamples(RunInfo info, Path runDir, Map<String, ClassRollup> rollups) {
    Map<Long, ClassRollup> wanted = new HashMap<>();
    for (ClassRollup r : rollups.values()) {
      if (r.example == null && r.firstEvent != Long.MAX_VALUE) {
        wanted.put(r.firstEvent, r);
      }
    }
    Path workload = workload(info, runDir);
    if (wanted.isEmpty() || !Files.exists(workload)) {
      return;
    }
    try (WorkloadReader reader = WorkloadReader.open(workload, w -> {})) {
      for (WorkloadReader.Entry entry : reader) {
        ClassRollup r = wanted.remove(entry.line());
        if (r != null) {
          r.example = entry.event().sql();
          if (wanted.isEmpty()) {
            break;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      warnings.accept("could not read example statements from " + workload + ": " + e.getMessage());
    }
  }

  private void saveHistograms(Path runDir, Iterable<ClassRollup> rollups) {
    Path file = runDir.resolve(HISTOGRAMS);
    try (BufferedWriter w = OwnerOnly.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (ClassRollup r : rollups) {
        for (Map.Entry<String, LatencyStats> side : Map.of("OLD", r.old, "NEW", r.neu).entrySet()) {
          if (side.getValue().count() > 0) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("class_id", r.classId);
            line.put("side", side.getKey());
            line.put("unit", "microseconds");
            line.put("histogram", side.getValue().encoded());
            w.write(RunJson.MAPPER.writeValueAsString(line));
            w.write('\n');
          }
        }
      }
    } catch (IOException e) {
      warnings.accept("could not save " + file + ": " + e.getMessage());
    }
  }

  private RunSummary totals(
      RunInfo info,
      Path runDir,
      long events,
      Map<String, Long> skipped,
      List<ClassSummary> classes,
      HealthReport health) {
    Map<DiffKind, Long> byKind = new EnumMap<>(DiffKind.class);
    Map<ClassVerdict, Long> byVerdict = new EnumMap<>(ClassVerdict.class);
    long executed = 0;
    long newErrors = 0;
    for (ClassSummary c : classes) {
      executed += c.executions();
      c.differences().forEach((k, v) -> byKind.merge(k, v, Long::sum));
      byVerdict.merge(c.verdict(), 1L, Long::sum);
      if (!c.accepted().containsKey(DiffKind.ERROR_NEW)) {
        newErrors += c.differences().getOrDefault(DiffKind.ERROR_NEW, 0L);
      }
    }
    ClassVerdict verdict = ClassVerdict.SAME;
    for (ClassVerdict v :
        List.of(ClassVerdict.REGRESSION, ClassVerdict.ACCEPTED, ClassVerdict.CHANGED)) {
      if (byVerdict.containsKey(v)) {
        verdict = v;
        break;
      }
    }
    List<String> notes = new ArrayList<>();
    // Errors that a baseline accepted do not count against the error rate either.
    double errorRate = executed == 0 ? 0 : (double) newErrors / executed;
    if (errorRate > gate.maxErrorRate()) {
      verdict = ClassVerdict.REGRESSION;
      notes.add(
          String.format(
              java.util.Locale.ROOT,
              "%.1f%% of executions fail on NEW only, above the %.1f%% allowed",
              errorRate * 100,
              gate.maxErrorRate() * 100));
    }
    verdict = HealthRollup.verdict(health, verdict, notes);
    verdict = DataRollup.verdict(DataCheck.read(runDir), gate, verdict, notes);
    notes.addAll(DropList.notes(DropList.read(runDir)));
    notes.addAll(OrderLog.notes(runDir));
    return new RunSummary(
        verdict,
        info,
        variablesThatDiffer(info),
        events,
        executed,
        skipped,
        byKind,
        byVerdict,
        classes,
        duration(info, runDir),
        notes,
        health);
  }

  /** As replay recorded it; a run folder of version 1 has only the executions file's time. */
  private static double duration(RunInfo info, Path runDir) {
    if (info.replaySeconds() != null) {
      return info.replaySeconds();
    }
    try {
      Instant end = Files.getLastModifiedTime(runDir.resolve(ExecutionLog.FILE)).toInstant();
      return Math.max(0, Duration.between(info.started(), end).toMillis() / 1000.0);
    } catch (IOException e) {
      return 0;
    }
  }

  static Map<String, List<String>> variablesThatDiffer(RunInfo info) {
    Map<String, List<String>> out = new TreeMap<>();
    if (info.targets().size() < 2) {
      return out;
    }
    Map<String, String> old = info.targets().get(0).variables();
    Map<String, String> neu = info.targets().get(1).variables();
    if (old == null || neu == null) {
      return out;
    }
    int onlyOld = 0;
    int onlyNew = 0;
    for (Map.Entry<String, String> e : old.entrySet()) {
      if (PER_INSTANCE_VARIABLES.contains(e.getKey())) {
        continue;
      }
      if (!neu.containsKey(e.getKey())) {
        onlyOld++;
      } else if (!java.util.Objects.equals(e.getValue(), neu.get(e.getKey()))) {
        out.put(
            e.getKey(), List.of(String.valueOf(e.getValue()), String.valueOf(neu.get(e.getKey()))));
      }
    }
    for (String k : neu.keySet()) {
      if (!old.containsKey(k) && !PER_INSTANCE_VARIABLES.contains(k)) {
        onlyNew++;
      }
    }
    if (onlyOld + onlyNew > 0) {
      out.put(
          "(variables that exist on one side only)",
          List.of(onlyOld + " on OLD only", onlyNew + " on NEW only"));
    }
    return out;
  }
}
