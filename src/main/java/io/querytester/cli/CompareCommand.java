package io.querytester.cli;

import io.querytester.compare.RunJoiner;
import io.querytester.compare.ShardedCompare;
import io.querytester.job.RunReporter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Compares two single-target runs of the same workload (save now, compare later). */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compare two runs made with 'replay --target' (OLD first) and report.",
      "Sharded: give OLD's N shard folders, then NEW's N (e.g. old-*/ new-*/); each side is merged"
          + " first."
    })
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "2..*",
      paramLabel = "RUN_DIR",
      description = "OLD's run folder, then NEW's (or OLD's N shard folders, then NEW's N).")
  List<Path> runs;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "RUN_DIR",
      description = "Where the comparison goes (default: querytester-runs/compare-<time>).")
  Path out;

  @Mixin DebugOption debug;

  @Mixin ReportOptions report;

  @Override
  public Integer call() {
    report.prepare(RunDirs.workingDir(), w -> spec.commandLine().getErr().println("warning: " + w));
    Path runDir = out != null ? out : RunDirs.fresh("compare");
    Consumer<String> warnings = w -> spec.commandLine().getErr().println("warning: " + w);
    if (runs.size() == 2) {
      RunJoiner.join(runs.get(0), runs.get(1), runDir, warnings);
    } else {
      ShardedCompare.join(runs, runDir, warnings);
    }
    return RunReporter.report(
        runDir, report.choices(), spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
