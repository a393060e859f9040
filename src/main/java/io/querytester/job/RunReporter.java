package io.querytester.job;

import io.querytester.CannotRunException;
import io.querytester.compare.Acceptance;
import io.querytester.compare.LatencyThresholds;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunRollup;
import io.querytester.compare.RunSummary;
import io.querytester.report.Baseline;
import io.querytester.report.ConsoleReport;
import io.querytester.report.HtmlReport;
import io.querytester.report.JsonReport;
import io.querytester.report.JunitReport;
import io.querytester.report.Report;
import io.querytester.report.ReportBuilder;
import io.querytester.report.ReportSettings;
import io.querytester.report.RunSettings;
import io.querytester.run.RunInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Analyses a run folder with the gate and the baseline, writes every report (report.html,
 * report.json, junit.xml, the console summary) and turns the verdict into the exit code.
 */
public final class RunReporter {
  /**
   * How the reports are written, read and checked by the command before any server starts.
   *
   * @param settings the gate, the limits and what is shown
   * @param baseline the accepted differences; null for none
   * @param quiet whether the console gets only the verdict line
   * @param color whether the console output is coloured
   */
  public record Choices(ReportSettings settings, Baseline baseline, boolean quiet, boolean color) {}

  /** The first report of a run leaves its settings in run.json, for the reports after it. */
  private static void keepSettings(Path runDir, ReportSettings settings, Baseline baseline) {
    RunInfo info = RunInfo.read(runDir);
    if (info.report() != null && !info.report().isEmpty()) {
      return;
    }
    try {
      info.reported(RunSettings.of(settings, baseline)).write(runDir);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + runDir.resolve(RunInfo.FILE) + ": " + e, e);
    }
  }

  private final Path runDir;
  private final Choices choices;
  private final PrintWriter out;
  private final PrintWriter err;
  private final Consumer<String> warnings;
  private RunSummary summary;
  private RunRollup written;

  public RunReporter(Path runDir, Choices choices, PrintWriter out, PrintWriter err) {
    this.runDir = runDir;
    this.choices = choices;
    this.out = out;
    this.err = err;
    this.warnings = w -> err.println("warning: " + w);
  }

  /** Writes every report of the run folder; returns the exit code of its verdict (0 or 1). */
  public static int report(Path runDir, Choices choices, PrintWriter out, PrintWriter err) {
    return new RunReporter(runDir, choices, out, err).report();
  }

  /**
   * Where a new replay hands its executions as it writes them, for {@link #summary} to judge
   * without reading the log back (that was most of a report's time after a replay).
   */
  RunRollup written() {
    if (written == null) {
      written = new RunRollup(choices.settings().limits().maxExamples());
    }
    return written;
  }

  /**
   * The run judged with the report's gate, limits and baseline, once: the plan step after a replay
   * and the reports share it.
   */
  RunSummary summary() {
    if (summary == null) {
      ReportSettings settings = choices.settings();
      Baseline baseline = choices.baseline();
      Acceptance acceptance = baseline == null ? Acceptance.NONE : baseline.acceptance();
      keepSettings(runDir, settings, baseline);
      summary =
          new RunAnalyzer(settings.gate(), settings.limits().maxExamples(), acceptance, warnings)
              .analyze(runDir, written);
    }
    return summary;
  }

  /** The gate's latency thresholds, which a confirmation measures against. */
  LatencyThresholds latencyThresholds() {
    return choices.settings().gate().latency();
  }

  /**
   * Forgets the run's judgement, for one that takes in what was learnt since (a confirmation's
   * measurements): the executions handed over while written are judged again, not read back.
   */
  void judgeAgain() {
    summary = null;
  }

  /** Writes every report of the run; returns the exit code of its verdict (0 or 1). */
  public int report() {
    RunSummary judged = summary();
    ReportSettings settings = choices.settings();
    Baseline baseline = choices.baseline();
    Report report =
        new ReportBuilder(settings, warnings).build(judged, runDir, baseline, Instant.now());
    err.flush();
    try {
      Path html = HtmlReport.write(report, runDir);
      JsonReport.write(report, runDir);
      JunitReport.write(report, runDir);
      ConsoleReport console = new ConsoleReport(out, choices.color(), settings.consoleClassCount());
      if (choices.quiet()) {
        console.printVerdict(report);
      } else {
        console.print(report);
        out.println();
        out.println(
            "reports: "
                + html.toAbsolutePath()
                + " (and "
                + JsonReport.FILE
                + ", "
                + JunitReport.FILE
                + " beside it)");
      }
    } catch (IOException e) {
      throw new CannotRunException(
          "cannot write reports into " + runDir + ": " + e.getMessage(), e);
    }
    out.flush();
    return report.exitCode();
  }
}
