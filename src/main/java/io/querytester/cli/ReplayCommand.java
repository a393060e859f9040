package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.job.ReplayJob;
import io.querytester.job.RunReporter;
import io.querytester.order.ConflictGroups;
import io.querytester.replay.ConnectionLimits;
import io.querytester.replay.DryRun;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.ShardFilter;
import io.querytester.run.RunInfo;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Replays a workload on OLD and NEW (or on one target, to compare later) and reports. */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = {
      "Replay a workload on OLD and NEW at the same time and report every difference.",
      "With --target instead of --old/--new, replay on one server only and compare later with"
          + " 'querytester compare RUN_A RUN_B'.",
      "Reads only unless --allow-writes. Resumable: --resume RUN_DIR continues a stopped run"
          + " (give the same targets and --load again)."
    })
final class ReplayCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = {"-w", "--workload"},
      paramLabel = "FILE",
      description = "The workload file (from capture).")
  Path workload;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "RUN_DIR",
      description = "Run folder to create (default: querytester-runs/run-<time>).")
  Path out;

  @Option(
      names = "--resume",
      paramLabel = "RUN_DIR",
      description = "Continue the run in RUN_DIR where it stopped.")
  Path resume;

  @Option(
      names = "--target",
      paramLabel = "SPEC",
      description = "Replay on this one server only (save now, compare later).")
  String single;

  @Option(
      names = "--load",
      paramLabel = "FILE",
      description = "SQL file (dump, gzip allowed) to load into each target first (repeatable).")
  List<Path> loads = new ArrayList<>();

  @Mixin DebugOption debug;

  @Mixin PairOptions pair;
  @Mixin ReplayOptions replay;
  @Mixin ShardOptions shard;
  @Mixin HealthOptions health;
  @Mixin ReportOptions report;
  @Mixin PlanOptions plans;
  @Mixin DataOptions data;
  @Mixin CauseOptions causes;
  @Mixin ConfirmOptions confirm;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    report.prepare(RunDirs.workingDir(), w -> err.println("warning: " + w));
    Path runDir = resume != null ? resume : out != null ? out : RunDirs.fresh("run");
    Path workloadFile =
        workload != null
            ? workload
            : resume != null ? Path.of(RunInfo.read(resume).workload()) : null;
    if (workloadFile == null) {
      throw new BadInputException(
          "--workload FILE is required (capture one with 'querytester capture')");
    }
    ReplaySettings settings = replay.settings(workloadFile, runDir);
    RunInfo.Shard part = shard.shard(System.getenv());
    ConnectionLimits connections = replay.connections();
    checkTimeouts();
    if (replay.dryRun) {
      return dryRun(settings);
    }
    List<TargetSettings> sides =
        single == null
            ? pair.settings(w -> err.println("warning: " + w))
            : List.of(pair.single(label(single), single, w -> err.println("warning: " + w)));
    checkInputs(workloadFile, runDir);
    RunReporter reporter =
        new RunReporter(runDir, report.choices(), spec.commandLine().getOut(), err);
    ShardFilter shardFilter =
        settings.allowWrites() && part != null
            ? ShardFilter.forWrites(part, conflictGroups(workloadFile))
            : ShardFilter.of(part);
    ReplayJob.run(
        sides,
        loads,
        settings,
        shardFilter,
        connections,
        health.settings(single == null ? null : sides.getFirst().label()),
        resume != null,
        new ReplayJob.AfterReplay(
            data.step(settings.allowWrites(), single == null, workloadFile, shardFilter),
            confirm.settings(replay.statementTimeout),
            plans.settings(replay.statementTimeout),
            causes.settings(replay.statementTimeout, report.settings().gate().latency(), sides),
            reporter),
        report.progress(err)::accept);
    if (single != null) {
      spec.commandLine()
          .getOut()
          .println(
              "observations saved in "
                  + runDir.toAbsolutePath()
                  + "; compare with: querytester compare "
                  + (part == null
                      ? runDir + " OTHER_RUN_DIR"
                      : "OLD's " + part.count() + " shard folders, then NEW's"));
      return ExitCode.OK.code();
    }
    return reporter.report();
  }

  /**
   * The inputs, before any server is started (a start costs seconds, and a usage error should not):
   * the workload is one (its header is read), the run folder is not a file.
   */
  /**
   * The workload's conflict groups, read before any server starts (a write replay's shard holds
   * whole groups, and a workload of one group is refused at once).
   */
  private static ConflictGroups conflictGroups(Path workloadFile) {
    ConflictGroups groups = new ConflictGroups();
    try (WorkloadReader r = WorkloadReader.open(workloadFile, w -> {})) {
      for (WorkloadReader.Entry e : r) {
        groups.add(e.event());
      }
    } catch (IOException e) {
      throw new BadInputException("cannot read " + workloadFile + ": " + e.getMessage());
    }
    return groups;
  }

  private void checkInputs(Path workloadFile, Path runDir) {
    try (WorkloadReader ignored = WorkloadReader.open(workloadFile, w -> {})) {
      // the header was read: a workload
    } catch (IOException e) {
      // closing a file that was read from cannot lose anything
    }
    if (Files.exists(runDir) && !Files.isDirectory(runDir)) {
      throw new BadInputException(
          (resume != null ? "--resume " : "--out ") + runDir + " is a file, not a run folder");
    }
  }

  /** A read timeout below the statement timeout would drop connections instead of killing. */
  private void checkTimeouts() {
    if (replay.statementTimeout != null
        && !replay.statementTimeout.isZero()
        && pair.timeouts.socket != null
        && pair.timeouts.socket.compareTo(replay.statementTimeout) <= 0) {
      throw new BadInputException(
          "--socket-timeout ("
              + pair.timeouts.socket
              + ") must be longer than --statement-timeout ("
              + replay.statementTimeout
              + "), so that a slow statement is killed cleanly rather than its connection lost");
    }
  }

  /**
   * A single target's name in messages and the run folder: TARGET, with its spec beside it as the
   * user gave it (compare names the two runs OLD and NEW).
   */
  private static String label(String text) {
    TargetSpec.parse(text); // a bad spec is refused here, before anything starts
    return "TARGET";
  }

  private int dryRun(ReplaySettings settings) {
    PrintWriter out = spec.commandLine().getOut();
    DryRun.Result r =
        DryRun.of(settings, w -> spec.commandLine().getErr().println("warning: " + w));
    out.printf(Locale.ROOT, "dry run: %,d events in %,d classes%n", r.events(), r.classes());
    r.decisions().forEach((k, v) -> out.printf(Locale.ROOT, "  %-40s %,d%n", k, v));
    out.flush();
    return ExitCode.OK.code();
  }
}
