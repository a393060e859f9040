package io.querytester.cli;

import io.querytester.compare.RunJoiner;
import java.nio.file.Path;
import java.util.concurrent.Callable;
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
    description = "Compare two runs made with 'replay --target' (OLD first) and report.")
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OLD_RUN", description = "Run folder of the OLD server.")
  Path oldRun;

  @Parameters(index = "1", paramLabel = "NEW_RUN", description = "Run folder of the NEW server.")
  Path newRun;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "RUN_DIR",
      description = "Where the comparison goes (default: querytester-runs/compare-<time>).")
  Path out;

  @Mixin DebugOption debug;

  @Mixin ReportOptions report;

  @Override
  public Integer call() {
    report.prepare(
        RunReporter.workingDir(), w -> spec.commandLine().getErr().println("warning: " + w));
    Path runDir = out != null ? out : RunDirs.fresh("compare");
    RunJoiner.join(
        oldRun, newRun, runDir, w -> spec.commandLine().getErr().println("warning: " + w));
    return RunReporter.report(
        runDir, report, spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
