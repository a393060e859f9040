package io.querytester.cli;

import io.querytester.CannotRunException;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.report.ConsoleReport;
import io.querytester.report.JsonReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Analyses a run folder, writes every report and turns the verdict into the exit code. */
final class RunReporter {
  private RunReporter() {}

  static int report(Path runDir, ReportOptions options, PrintWriter out, PrintWriter err) {
    RunSummary summary =
        new RunAnalyzer(GatePolicy.DEFAULT, options.maxExamples, w -> err.println("warning: " + w))
            .analyze(runDir);
    try {
      Path json = JsonReport.write(summary, runDir);
      if (options.quiet) {
        out.println(summary.verdict() + " (" + json + ")");
      } else {
        new ConsoleReport(out, options.color(), options.maxClasses).print(summary);
        out.println();
        out.println("full report: " + json.toAbsolutePath());
      }
    } catch (IOException e) {
      throw new CannotRunException(
          "cannot write reports into " + runDir + ": " + e.getMessage(), e);
    }
    out.flush();
    return summary.regressions() ? ExitCode.REGRESSIONS.code() : ExitCode.OK.code();
  }
}
