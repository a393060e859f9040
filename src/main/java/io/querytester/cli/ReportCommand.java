package io.querytester.cli;

import io.querytester.compare.ShardMerge;
import io.querytester.explain.Causes;
import io.querytester.explain.Plans;
import io.querytester.job.RunReporter;
import io.querytester.report.RunSettings;
import io.querytester.run.RunInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Writes the reports of a run folder again (e.g. with other options) and sets the exit code. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Report a run folder: console summary, report.html, report.json, junit.xml; exit 1 on"
          + " regressions.",
      "Settings: those the run's first report was written with (kept in run.json), then"
          + " ./querytester.yaml or --config, then flags; accepted differences from"
          + " --baseline, ./querytester-baseline.yaml or the run's baseline.",
      "With the N folders of a sharded replay (replay --shard K/N), merges them first into --out"
          + " and reports the whole replay."
    })
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RUN_DIR",
      description = "A run folder written by replay, compare or demo; or every shard's folder.")
  List<Path> runDirs;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "RUN_DIR",
      description = "Where merged shards go (default: querytester-runs/merged-<time>).")
  Path out;

  @Mixin DebugOption debug;

  @Mixin ReportOptions report;

  @Override
  public Integer call() {
    Path first = runDirs.getFirst();
    Path runDir = first;
    if (runDirs.size() > 1) {
      runDir = out != null ? out : RunDirs.fresh("merged");
      List<Path> shards =
          ShardMerge.merge(
                  runDirs, runDir, w -> spec.commandLine().getErr().println("warning: " + w))
              .shards()
              .stream()
              .map(Path::of)
              .toList();
      // Plans and causes belong to explain/, a stage above compare's merge of the executions.
      Plans.merge(shards, runDir);
      Causes.merge(shards, runDir);
      // The report settings of shard 1's first report, as for a single run.
      first = shards.getFirst();
    }
    report.prepare(
        RunDirs.workingDir(),
        w -> spec.commandLine().getErr().println("warning: " + w),
        RunSettings.read(RunInfo.read(first), first));
    return RunReporter.report(
        runDir, report.choices(), spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
