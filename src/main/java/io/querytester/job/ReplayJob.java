package io.querytester.job;

import io.querytester.CannotRunException;
import io.querytester.advisor.RuleBook;
import io.querytester.advisor.StatementChanges;
import io.querytester.confirm.LatencyConfirmation;
import io.querytester.explain.Causes;
import io.querytester.explain.Plans;
import io.querytester.health.HealthSettings;
import io.querytester.health.HealthWatch;
import io.querytester.health.MachineWatch;
import io.querytester.replay.ConnectionLimits;
import io.querytester.replay.ReplayCounters;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.Replayer;
import io.querytester.replay.ShardFilter;
import io.querytester.run.LatencyCheck;
import io.querytester.run.MachineLoad;
import io.querytester.run.RunInfo;
import io.querytester.server.DataLoader;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.Targets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * A replay as a job: opens the targets, loads the same data into each, replays while health and the
 * machine's load are watched, runs the steps that need the servers still up (data, latency
 * confirmation, plans, causes), and closes what it started.
 */
public final class ReplayJob {
  private ReplayJob() {}

  public static ReplayCounters run(
      List<TargetSettings> sides,
      List<Path> loads,
      ReplaySettings settings,
      ConnectionLimits connections,
      HealthSettings health,
      boolean resume,
      Progress progress) {
    return run(
        sides,
        loads,
        settings,
        ShardFilter.ALL,
        connections,
        health,
        resume,
        new AfterReplay(null, null, null, null, null),
        progress);
  }

  /**
   * What runs after the replay, with the servers still up; each null for none.
   *
   * @param data the comparison of the tables the workload wrote
   * @param confirm the confirmation of classes that would fail on latency alone
   * @param plans the plan step
   * @param causes the search for what explains each differing class
   * @param reporter the run's report, whose analysis tells the steps the classes
   */
  public record AfterReplay(
      DataAtEnd data,
      LatencyConfirmation.Settings confirm,
      Plans.Settings plans,
      Causes.Settings causes,
      RunReporter reporter) {}

  /**
   * Replays the sessions of one shard of the workload, watching the machine's load; then, with the
   * servers still running, compares the tables the workload wrote, measures again the classes that
   * would fail on latency alone, reads the plans of the classes they may explain, as the run's
   * report analysis ({@code after}'s reporter) tells them, and looks for what explains each
   * differing class. A new run's executions reach that analysis as they are written, so that it
   * need not read the log back.
   */
  public static ReplayCounters run(
      List<TargetSettings> sides,
      List<Path> loads,
      ReplaySettings settings,
      ShardFilter shard,
      ConnectionLimits connections,
      HealthSettings health,
      boolean resume,
      AfterReplay after,
      Progress progress) {
    RunReporter reporter = after.reporter();
    List<Target> targets = Targets.openAll(sides, progress);
    try {
      for (Target t : targets) {
        progress.accept(t.describe());
      }
      load(targets, loads, progress);
      ReplayCounters counters;
      // Watched from after the load: what the servers logged before is start-up noise.
      try (HealthWatch watch =
          HealthWatch.start(
              targets,
              health,
              settings.runDir(),
              settings.maxLanes(),
              java.time.Clock.systemUTC(),
              progress)) {
        Replayer replayer =
            new Replayer(settings, connections, shard, progress).whenLanesNoted(progress::lanes);
        if (reporter != null && !resume) {
          replayer.whenWritten(reporter.written());
        }
        MachineWatch machine = MachineWatch.start(targets);
        try {
          counters = replayer.run(targets, resume, watch);
        } catch (RuntimeException | Error e) {
          // the replay's own failure is the one to say (a full disk names executions.jsonl and
          // --resume); a run that failed is judged again after its resume, load and all
          machine.stop();
          throw e;
        }
        measuredOn(settings.runDir(), machine.stop());
        watch.finish(); // while the servers still run: the last readings
      }
      // Data first: the run's verdict, which the later steps ask for, counts it.
      if (after.data() != null) {
        after.data().compare(targets, settings.runDir(), progress);
      }
      if (after.confirm() != null && reporter != null && targets.size() == 2) {
        List<LatencyCheck> checks =
            LatencyConfirmation.run(
                targets,
                settings.runDir(),
                after.confirm(),
                reporter.latencyThresholds(),
                reporter.summary().classes(),
                progress);
        if (!checks.isEmpty()) {
          reporter.judgeAgain();
        }
      }
      if (after.plans() != null) {
        Plans.read(
            targets,
            settings.runDir(),
            after.plans(),
            () -> reporter.summary().classes(),
            progress);
      }
      if (after.causes() != null) {
        Causes.find(
            targets,
            settings.runDir(),
            after.causes(),
            () -> reporter.summary().classes(),
            new StatementChanges(RuleBook.shipped())::of,
            java.time.Clock.systemUTC(),
            progress);
      }
      return counters;
    } finally {
      targets.forEach(Target::close);
    }
  }

  /** Keeps the machine's load while the replay ran in run.json (none off Linux). */
  private static void measuredOn(Path runDir, MachineLoad load) {
    if (load == null || !Files.exists(runDir.resolve(RunInfo.FILE))) {
      return;
    }
    try {
      RunInfo.read(runDir).measuredOn(load).write(runDir);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + runDir.resolve(RunInfo.FILE) + ": " + e, e);
    }
  }

  /**
   * Loads every file into every target, the targets in parallel. The first failure stops the other
   * loads (between two statements) and is the one reported.
   */
  public static void load(List<Target> targets, List<Path> files, Consumer<String> progress) {
    if (files.isEmpty()) {
      return;
    }
    DataLoader loader = new DataLoader(progress);
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      CompletionService<Void> done = new ExecutorCompletionService<>(pool);
      List<Future<Void>> jobs = new ArrayList<>();
      for (Target t : targets) {
        jobs.add(
            done.submit(
                () -> {
                  files.forEach(f -> loader.load(t, f));
                  return null;
                }));
      }
      for (int i = 0; i < jobs.size(); i++) {
        try {
          done.take().get();
        } catch (ExecutionException e) {
          jobs.forEach(j -> j.cancel(true));
          if (e.getCause() instanceof RuntimeException r) {
            throw r;
          }
          throw new CannotRunException("loading data failed: " + e.getCause(), e.getCause());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("interrupted while loading data", e);
    }
  }
}
