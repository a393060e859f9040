package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.job.RunReporter;
import io.querytester.report.Baseline;
import io.querytester.report.ConfigFile;
import io.querytester.report.ReportSettings;
import java.io.Console;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * How reports are written and how the gate decides; shared by replay, compare, report and demo.
 * Defaults, then querytester.yaml (or --config), then these flags (docs/configuration.md).
 */
final class ReportOptions {
  @Option(
      names = "--quiet",
      description = "Print only the verdict line and warnings: no target or progress lines.")
  boolean quiet;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Gate thresholds and report limits (default: querytester.yaml in the current folder, if there).")
  Path config;

  @Option(
      names = "--baseline",
      paramLabel = "FILE",
      description =
          "Accepted differences (default: querytester-baseline.yaml in the current folder, if there); see"
              + " 'querytester baseline accept'.")
  Path baseline;

  @Option(names = "--no-baseline", description = "Apply no baseline, even if one is present.")
  boolean noBaseline;

  @Option(
      names = "--fail-on",
      paramLabel = "KIND,...",
      description =
          "Difference kinds that fail the run, replacing the list; 'default' stands for the"
              + " default list, e.g. --fail-on default,WARNINGS (default: CRASH, DATA, ERROR_NEW,"
              + " ERROR_CHANGED, ROW_COUNT, RESULT, TIMEOUT, CONNECTION_LOST, LAST_INSERT_ID,"
              + " LATENCY, METADATA).")
  String failOn;

  @Option(
      names = "--latency-ratio",
      paramLabel = "X",
      description = "A class is slower when its p50 or p95 on NEW is above X times OLD's (1.3).")
  Double latencyRatio;

  @Option(
      names = "--latency-min-delta",
      paramLabel = "DURATION",
      description = "... and more than this slower, e.g. 500us, 2ms (1ms).")
  String latencyMinDelta;

  @Option(
      names = "--latency-alpha",
      paramLabel = "P",
      description =
          "... and a Mann-Whitney test gives p below this; then it fails only when the 1 - P"
              + " interval of NEW/OLD over paired executions lies above the ratio too (0.01).")
  Double latencyAlpha;

  @Option(
      names = "--latency-borderline",
      paramLabel = "PASS|FAIL",
      description =
          "Whether a class whose latency is borderline (slower by the ratio, but its interval"
              + " reaches below it and a second measurement could not decide) fails the run"
              + " (pass).")
  String latencyBorderline;

  @Option(
      names = "--latency-min-samples",
      paramLabel = "N",
      description = "Fewer executions on a side: latency not judged (20).")
  Integer latencyMinSamples;

  @Option(
      names = "--max-error-rate",
      paramLabel = "RATE",
      description =
          "Fail when more executions than this fail on NEW only, e.g. 1%% (default: no limit"
              + " beyond --fail-on).")
  String maxErrorRate;

  @Option(
      names = "--redact",
      negatable = true,
      description =
          "Replace literals in statements and values in row samples and messages, in every"
              + " output. Passwords are always masked.")
  Boolean redact;

  @Option(
      names = "--max-examples",
      paramLabel = "N",
      description = "Differing executions kept per class and kind (5).")
  Integer maxExamples;

  @Option(
      names = "--max-classes",
      paramLabel = "N",
      description = "Classes listed in report.html, report.json and junit.xml, worst first (5000).")
  Integer maxClasses;

  @Option(
      names = "--max-detailed-classes",
      paramLabel = "N",
      description = "Classes shown with examples, samples and a latency chart (200).")
  Integer maxDetailedClasses;

  @Option(
      names = "--max-sample-rows",
      paramLabel = "N",
      description = "Differing rows shown per side and difference (10).")
  Integer maxSampleRows;

  @Option(
      names = "--max-value-chars",
      paramLabel = "N",
      description = "Characters shown of one value; statements get ten times as many (300).")
  Integer maxValueChars;

  @Option(
      names = "--console-classes",
      paramLabel = "N",
      description = "Classes listed on the console (40).")
  Integer consoleClasses;

  @Option(
      names = "--color",
      negatable = true,
      description = "Colour the console output (default: when on a terminal).")
  Boolean color;

  private ReportSettings settings;
  private Baseline applied;
  private boolean prepared;

  /**
   * Reads and checks the configuration and the baseline. Commands call this first, so that a bad
   * file stops them before any server is started.
   */
  void prepare(Path workingDir, Consumer<String> warnings) {
    prepare(workingDir, warnings, ReportSettings.NONE);
  }

  /**
   * As {@link #prepare(Path, Consumer)}, over the settings a run folder's report was written with:
   * those first, then the configuration file and the flags, so that a bare {@code report RUN_DIR}
   * writes the run's report again.
   */
  void prepare(Path workingDir, Consumer<String> warnings, ReportSettings run) {
    if (prepared) {
      return;
    }
    ReportSettings file = ConfigFile.load(config, workingDir);
    settings = run.over(file).over(flags());
    applied = noBaseline ? null : baseline(file, workingDir, warnings);
    if (applied == null && !noBaseline && run.baseline() != null) {
      applied = runBaseline(run.baseline(), warnings);
    }
    prepared = true;
  }

  private static Baseline runBaseline(Path file, Consumer<String> warnings) {
    if (Files.isRegularFile(file)) {
      return Baseline.read(file);
    }
    warnings.accept(
        "the run's report applied the baseline "
            + file
            + ", which is not here; no differences are accepted (give it with --baseline)");
    return null;
  }

  ReportSettings settings() {
    return settings;
  }

  /** What the run's reports are written with; after {@link #prepare(Path, Consumer)}. */
  RunReporter.Choices choices() {
    if (!prepared) {
      throw new IllegalStateException("report options read before prepare()");
    }
    return new RunReporter.Choices(settings, applied, quiet, color());
  }

  /** The baseline to apply; null for none. */
  Baseline appliedBaseline() {
    return applied;
  }

  private Baseline baseline(ReportSettings file, Path workingDir, Consumer<String> warnings) {
    if (baseline != null) {
      return Baseline.find(baseline, workingDir);
    }
    if (file.baseline() != null) {
      if (!Files.isRegularFile(file.baseline())) {
        warnings.accept(
            "the baseline "
                + file.baseline()
                + " named in "
                + file.source()
                + " does not exist yet; no differences are accepted");
        return null;
      }
      return Baseline.read(file.baseline());
    }
    return Baseline.find(null, workingDir);
  }

  private ReportSettings flags() {
    return new ReportSettings(
        failOn == null ? null : kinds(failOn),
        atLeast("--latency-ratio", latencyRatio, 1),
        latencyMinDelta == null ? null : micros(latencyMinDelta),
        alpha(latencyAlpha),
        atLeast("--latency-min-samples", latencyMinSamples, 1),
        maxErrorRate == null ? null : rate(maxErrorRate),
        atLeast("--max-examples", maxExamples, 1),
        atLeast("--max-classes", maxClasses, 1),
        atLeast("--max-detailed-classes", maxDetailedClasses, 0),
        atLeast("--max-sample-rows", maxSampleRows, 1),
        atLeast("--max-value-chars", maxValueChars, 10),
        null,
        atLeast("--console-classes", consoleClasses, 0),
        redact,
        null,
        null,
        borderline(latencyBorderline));
  }

  private static Boolean borderline(String value) {
    if (value == null) {
      return null;
    }
    return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "pass" -> false;
      case "fail" -> true;
      default ->
          throw new BadInputException(
              "--latency-borderline must be pass or fail (whether a borderline latency fails the"
                  + " run), not '"
                  + value
                  + "'");
    };
  }

  private static java.util.Set<io.querytester.run.DiffKind> kinds(String text) {
    try {
      return ConfigFile.Gates.kinds(List.of(text.split(",")));
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--fail-on: " + e.getMessage());
    }
  }

  private static long micros(String text) {
    try {
      return ConfigFile.Gates.micros(text);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--latency-min-delta '" + text + "': " + e.getMessage());
    }
  }

  private static double rate(String text) {
    try {
      return ConfigFile.Gates.rate(text);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--max-error-rate '" + text + "': " + e.getMessage());
    }
  }

  private static Double alpha(Double a) {
    if (a != null && (a <= 0 || a >= 1)) {
      throw new BadInputException("--latency-alpha must be above 0 and below 1, e.g. 0.01");
    }
    return a;
  }

  private static <T extends Number> T atLeast(String option, T value, double min) {
    if (value != null && value.doubleValue() < min) {
      throw new BadInputException(option + " must be at least " + min + ", not " + value);
    }
    return value;
  }

  boolean color() {
    if (color != null) {
      return color;
    }
    if (System.getenv("NO_COLOR") != null || "dumb".equals(System.getenv("TERM"))) {
      return false;
    }
    return onTerminal();
  }

  /**
   * Since Java 22, System.console() exists even when output goes to a file or a pipe; {@code
   * isTerminal()} (22+) tells the difference. On Java 21 a console means a terminal.
   */
  private static boolean onTerminal() {
    Console c = System.console();
    if (c == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(c);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  /** Where target and progress lines go: nowhere with --quiet. */
  java.util.function.Consumer<String> progress(java.io.PrintWriter err) {
    return quiet ? line -> {} : err::println;
  }
}
