package io.querytester.report;

import io.querytester.compare.GatePolicy;
import io.querytester.compare.LatencyThresholds;
import io.querytester.run.DiffKind;
import java.nio.file.Path;
import java.util.Set;

/**
 * The gate thresholds and report limits, each one possibly unset: defaults, then the configuration
 * file, then command-line flags are laid over each other with {@link #over}.
 *
 * @param failOn difference kinds that fail the run
 * @param latencyRatio see {@link LatencyThresholds#ratio()}
 * @param latencyMinDeltaMicros see {@link LatencyThresholds#minDeltaMicros()}
 * @param latencyAlpha see {@link LatencyThresholds#alpha()}
 * @param latencyMinSamples see {@link LatencyThresholds#minSamples()}
 * @param maxErrorRate share of executions that may fail on NEW only (0..1)
 * @param maxExamples see {@link ReportLimits}
 * @param maxClasses see {@link ReportLimits}
 * @param maxDetailedClasses see {@link ReportLimits}
 * @param maxSampleRows see {@link ReportLimits}
 * @param maxValueChars see {@link ReportLimits}
 * @param maxDetailChars see {@link ReportLimits}
 * @param consoleClasses classes listed on the console
 * @param redact replace literals and values in every output
 * @param baseline the baseline file of accepted differences
 * @param source the configuration file these came from, if any
 * @param latencyBorderlineFails see {@link LatencyThresholds#borderlineFails()}
 */
public record ReportSettings(
    Set<DiffKind> failOn,
    Double latencyRatio,
    Long latencyMinDeltaMicros,
    Double latencyAlpha,
    Integer latencyMinSamples,
    Double maxErrorRate,
    Integer maxExamples,
    Integer maxClasses,
    Integer maxDetailedClasses,
    Integer maxSampleRows,
    Integer maxValueChars,
    Long maxDetailChars,
    Integer consoleClasses,
    Boolean redact,
    Path baseline,
    Path source,
    Boolean latencyBorderlineFails) {

  public static final int DEFAULT_CONSOLE_CLASSES = 40;

  public static final ReportSettings NONE =
      new ReportSettings(
          null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
          null, null);

  /** These settings with every value that {@code top} sets replaced by top's. */
  public ReportSettings over(ReportSettings top) {
    return new ReportSettings(
        pick(top.failOn, failOn),
        pick(top.latencyRatio, latencyRatio),
        pick(top.latencyMinDeltaMicros, latencyMinDeltaMicros),
        pick(top.latencyAlpha, latencyAlpha),
        pick(top.latencyMinSamples, latencyMinSamples),
        pick(top.maxErrorRate, maxErrorRate),
        pick(top.maxExamples, maxExamples),
        pick(top.maxClasses, maxClasses),
        pick(top.maxDetailedClasses, maxDetailedClasses),
        pick(top.maxSampleRows, maxSampleRows),
        pick(top.maxValueChars, maxValueChars),
        pick(top.maxDetailChars, maxDetailChars),
        pick(top.consoleClasses, consoleClasses),
        pick(top.redact, redact),
        pick(top.baseline, baseline),
        pick(top.source, source),
        pick(top.latencyBorderlineFails, latencyBorderlineFails));
  }

  /** These settings as if they came from {@code file} (null: from no file). */
  ReportSettings fromSource(Path file) {
    return new ReportSettings(
        failOn,
        latencyRatio,
        latencyMinDeltaMicros,
        latencyAlpha,
        latencyMinSamples,
        maxErrorRate,
        maxExamples,
        maxClasses,
        maxDetailedClasses,
        maxSampleRows,
        maxValueChars,
        maxDetailChars,
        consoleClasses,
        redact,
        baseline,
        file,
        latencyBorderlineFails);
  }

  private static <T> T pick(T top, T below) {
    return top != null ? top : below;
  }

  public GatePolicy gate() {
    GatePolicy d = GatePolicy.DEFAULT;
    LatencyThresholds l = d.latency();
    return new GatePolicy(
        failOn != null ? Set.copyOf(failOn) : d.failing(),
        new LatencyThresholds(
            pick(latencyRatio, l.ratio()),
            pick(latencyMinDeltaMicros, l.minDeltaMicros()),
            pick(latencyAlpha, l.alpha()),
            pick(latencyMinSamples, l.minSamples()),
            pick(latencyBorderlineFails, l.borderlineFails())),
        pick(maxErrorRate, d.maxErrorRate()));
  }

  public ReportLimits limits() {
    ReportLimits d = ReportLimits.DEFAULT;
    return new ReportLimits(
        pick(maxExamples, d.maxExamples()),
        pick(maxClasses, d.maxClasses()),
        pick(maxDetailedClasses, d.maxDetailedClasses()),
        pick(maxSampleRows, d.maxSampleRows()),
        pick(maxValueChars, d.maxValueChars()),
        pick(maxDetailChars, d.maxDetailChars()));
  }

  public int consoleClassCount() {
    return pick(consoleClasses, DEFAULT_CONSOLE_CLASSES);
  }

  public boolean redacting() {
    return Boolean.TRUE.equals(redact);
  }
}
