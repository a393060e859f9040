package io.querytester.cli;

import io.querytester.compare.LatencyThresholds;
import io.querytester.explain.Causes;
import io.querytester.server.TargetSettings;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/** Whether a replay of OLD and NEW looks for the causes of its differences, and for how long. */
final class CauseOptions {
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  @Option(
      names = "--causes",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "After the replay, look for the setting that explains each class that is a regression or"
              + " changed (its examples run again on NEW with OLD's session settings, narrowed by"
              + " delta debugging), and measure fixes for a class slower on NEW; reads only, on"
              + " read-only sessions (default: on; --no-causes leaves it out).")
  boolean on;

  @Option(
      names = "--cause-budget",
      paramLabel = "DURATION",
      defaultValue = "60s",
      converter = DurationConverter.class,
      description =
          "The time the cause step may take in all (default: ${DEFAULT-VALUE}); the report says"
              + " which classes and fixes it did not reach.")
  Duration budget;

  /**
   * The step's settings: each statement bounded by the statement timeout, latency judged by the
   * gate's thresholds, the sides' server options tried first.
   */
  Causes.Settings settings(
      Duration statementTimeout, LatencyThresholds thresholds, List<TargetSettings> sides) {
    Duration timeout =
        statementTimeout == null || statementTimeout.isZero() ? DEFAULT_TIMEOUT : statementTimeout;
    return new Causes.Settings(
        on && sides.size() == 2,
        budget,
        timeout,
        thresholds,
        sides.getFirst().serverOptions(),
        sides.getLast().serverOptions());
  }
}
