package io.querytester.cli;

import io.querytester.report.RunSettings;
import io.querytester.run.RunInfo;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
          + " --baseline, ./querytester-baseline.yaml or the run's baseline."
    })
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "RUN_DIR",
      description = "A run folder written by replay, compare or demo.")
  Path runDir;

  @Mixin DebugOption debug;

  @Mixin ReportOptions report;

  @Override
  public Integer call() {
    report.prepare(
        RunReporter.workingDir(),
        w -> spec.commandLine().getErr().println("warning: " + w),
        RunSettings.read(RunInfo.read(runDir), runDir));
    return RunReporter.report(
        runDir, report, spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
