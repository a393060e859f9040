package io.querytester.cli;

import io.querytester.CannotRunException;
import io.querytester.advisor.RuleBook;
import io.querytester.advisor.StatementChanges;
import io.querytester.explain.Causes;
import io.querytester.explain.Plans;
import io.querytester.health.HealthSettings;
import io.querytester.health.HealthWatch;
import io.querytester.replay.ConnectionLimits;
import io.querytester.replay.ReplayCounters;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.Replayer;
import io.querytester.replay.ShardFilter;
import io.querytester.target.DataLoader;
import io.querytester.target.Target;
import io.querytester.target.TargetSettings;
import io.querytester.target.Targets;
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

/** Opens the targets, loads the same data into each, replays, and closes what it started. */
final class ReplayJob {
  private ReplayJob() {}

  static ReplayCounters run(
      List<TargetSettings> sides,
      List<Path> loads,
      ReplaySettings settings,
      ConnectionLimits connections,
      HealthSettings health,
      boolean resume,
      Consumer<String> progress) {
    return run(
        sides,
        loads,
        settings,
        ShardFilter.ALL,
        connections,
        health,
        resume,
        null,
        null,
        null,
        null,
        progress);
  }

  /**
   * Replays the sessions of one shard of the workload; then, with the servers still running, with
   * {@code data} (null for none) compares the tables the workload wrote, with {@code plans} (null
   * for none) reads the plans of the classes they may explain, as the run's report analysis ({@code
   * reporter}'s) tells them, and with {@code causes} (null for none) looks for what explains each
   * differing class. A new run's executions reach that analysis as they are written, so that it
   * need not read the log back.
   */
  static ReplayCounters run(
      List<TargetSettings> sides,
      List<Path> loads,
      ReplaySettings settings,
      ShardFilter shard,
      ConnectionLimits connections,
      HealthSettings health,
      boolean resume,
      Plans.Settings plans,
      DataAtEnd data,
      Causes.Settings causes,
      RunReporter reporter,
      Consumer<String> progress) {
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
        Replayer replayer = new Replayer(settings, connections, shard, progress);
        if (reporter != null && !resume) {
          replayer.whenWritten(reporter.written());
        }
        counters = replayer.run(targets, resume, watch);
        watch.finish(); // while the servers still run: the last readings
      }
      // Data first: the run's verdict, which the plan step asks for, counts it.
      if (data != null) {
        data.compare(targets, settings.runDir(), progress);
      }
      if (plans != null) {
        Plans.read(targets, settings.runDir(), plans, () -> reporter.summary().classes(), progress);
      }
      if (causes != null) {
        Causes.find(
            targets,
            settings.runDir(),
            causes,
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

  /**
   * Loads every file into every target, the targets in parallel. The first failure stops the other
   * loads (between two statements) and is the one reported.
   */
  static void load(List<Target> targets, List<Path> files, Consumer<String> progress) {
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
