package io.querytester.advisor;

import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Step;
import io.querytester.advisor.BisectReport.Tested;
import io.querytester.replay.ReplaySettings;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.ObservationComparator;
import io.querytester.run.RunInfo;
import io.querytester.server.TargetSettings;
import io.querytester.workload.SqlProfile;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Finds which version changed a class: replays the examples of the run's differing classes on each
 * given server (through the replay path itself, so only what replay would run is run, with the
 * session state it had) and compares each result with the run's OLD and NEW observations, on the
 * difference kinds that made the class differ.
 */
public final class Bisect {
  /** Replays a workload on one server into a run folder: the CLI's replay job (load, replay). */
  @FunctionalInterface
  public interface VersionReplay {
    void run(TargetSettings server, ReplaySettings settings);
  }

  /**
   * How to bisect.
   *
   * @param runDir the run to bisect
   * @param workload the run's workload file, null for the one run.json names
   * @param outDir where the per-version runs and the reports go
   * @param servers the servers to replay on, each in a folder named for its spec
   * @param examplesPerClass example statements per class
   * @param statementTimeout per statement
   */
  public record Settings(
      Path runDir,
      Path workload,
      Path outDir,
      List<TargetSettings> servers,
      int examplesPerClass,
      Duration statementTimeout) {}

  private final VersionReplay replay;
  private final Clock clock;
  private final Consumer<String> progress;

  public Bisect(VersionReplay replay, Clock clock, Consumer<String> progress) {
    this.replay = replay;
    this.clock = clock;
    this.progress = progress;
  }

  /** A server's folder: its spec as the user gave it, in letters, digits, dots and dashes. */
  static String folder(TargetSettings server) {
    return TargetSettings.slug(server.spec().display());
  }

  public BisectReport run(Settings s) {
    BisectPlan plan =
        BisectPlan.make(
            s.runDir(), s.workload(), s.outDir(), s.examplesPerClass(), w -> progress.accept(w));
    List<Tested> tested = new ArrayList<>();
    List<Map<Long, Execution>> results = new ArrayList<>();
    if (!plan.classes().isEmpty()) {
      for (TargetSettings server : s.servers()) {
        Path dir = s.outDir().resolve(folder(server));
        progress.accept(
            "bisect: " + plan.exampleEvents().size() + " examples on " + server.spec().display());
        replay.run(server, replaySettings(plan.workload(), dir, s.statementTimeout()));
        RunInfo info = RunInfo.read(dir);
        tested.add(new Tested(server.spec().display(), info.targets().getFirst().version()));
        results.add(byEvent(dir, plan.lineToEvent()));
      }
    }
    List<Integer> order = versionOrder(tested);
    List<Tested> sorted = order.stream().map(tested::get).toList();
    List<ClassResult> classes = new ArrayList<>();
    for (BisectPlan.Target t : plan.classes()) {
      classes.add(classResult(t, plan.info(), sorted, order.stream().map(results::get).toList()));
    }
    return new BisectReport(
        BisectReport.FORMAT,
        1,
        s.runDir().toString(),
        plan.info().targets().get(0).version(),
        plan.info().targets().get(1).version(),
        sorted,
        clock.instant(),
        classes,
        plan.left());
  }

  /** Reads only; one lane per example session at most; no repeats. */
  private static ReplaySettings replaySettings(Path workload, Path runDir, Duration timeout) {
    ReplaySettings d = ReplaySettings.defaults(workload, runDir);
    return d.withPace(d.pace().withConcurrency(4).withSpreadReads(false))
        .withStatements(d.statements().withTimeout(timeout));
  }

  private static Map<Long, Execution> byEvent(Path dir, Map<Long, Long> lineToEvent) {
    Map<Long, Execution> m = new HashMap<>();
    for (Execution e : ExecutionLog.read(dir, w -> {})) {
      Long event = lineToEvent.get(e.event());
      if (event != null) {
        m.put(event, e);
      }
    }
    return m;
  }

  private static List<Integer> versionOrder(List<Tested> tested) {
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < tested.size(); i++) {
      idx.add(i);
    }
    idx.sort(Comparator.comparing(i -> Version.parse(tested.get(i).version())));
    return idx;
  }

  private static ClassResult classResult(
      BisectPlan.Target t, RunInfo info, List<Tested> versions, List<Map<Long, Execution>> runs) {
    List<Step> steps = new ArrayList<>();
    for (int v = 0; v < versions.size(); v++) {
      steps.add(new Step(versions.get(v).version(), behaves(t, runs.get(v))));
    }
    return Verdicts.locate(t, info, steps);
  }

  /** How the class's examples behaved on one server: old, new, both, neither, mixed, not-run. */
  static String behaves(BisectPlan.Target t, Map<Long, Execution> run) {
    String all = null;
    for (Execution original : t.examples()) {
      Execution here = run.get(original.event());
      String b =
          here == null || here.old() == null ? "not-run" : compare(t.kinds(), original, here);
      if (all == null) {
        all = b;
      } else if (!all.equals(b)) {
        return "mixed";
      }
    }
    return all == null ? "not-run" : all;
  }

  private static String compare(Set<DiffKind> classKinds, Execution original, Execution here) {
    Set<DiffKind> kinds = bothWays(classKinds);
    boolean ordered = original.sql() != null && SqlProfile.of(original.sql()).ordered();
    boolean likeOld =
        none(kinds, ObservationComparator.compare(original.old(), here.old(), ordered));
    boolean likeNew =
        none(
            kinds,
            ObservationComparator.compare(
                /* old= */ original.neu(), /* neu= */ here.old(), ordered));
    return likeOld && likeNew ? "both" : likeOld ? "old" : likeNew ? "new" : "neither";
  }

  /**
   * Some kinds have a direction (an error on NEW only is an error fixed seen from NEW): compared
   * with NEW's observation, the version under test is the first side, so both directions count.
   */
  static Set<DiffKind> bothWays(Set<DiffKind> kinds) {
    Set<DiffKind> all = EnumSet.copyOf(kinds);
    List<Set<DiffKind>> families =
        List.of(
            EnumSet.of(DiffKind.ERROR_NEW, DiffKind.ERROR_FIXED, DiffKind.ERROR_CHANGED),
            EnumSet.of(DiffKind.TIMEOUT, DiffKind.TIMEOUT_FIXED));
    for (Set<DiffKind> f : families) {
      if (kinds.stream().anyMatch(f::contains)) {
        all.addAll(f);
      }
    }
    return all;
  }

  private static boolean none(Set<DiffKind> kinds, List<Difference> diffs) {
    return diffs.stream().noneMatch(d -> kinds.contains(d.kind()));
  }
}
