package io.querytester.cli;

import io.querytester.explain.PlanMode;
import io.querytester.explain.Plans;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Whether a replay of OLD and NEW reads the plans of the classes they may explain. */
final class PlanOptions {
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  @Option(
      names = "--plans",
      paramLabel = "MODE",
      defaultValue = "explain",
      converter = ModeConverter.class,
      description =
          "After the replay, read the execution plans of the classes whose latency changed, whose"
              + " row order changed or whose result changed under ORDER BY ... LIMIT, on both"
              + " sides: explain (EXPLAIN FORMAT=JSON, or tabular EXPLAIN where the server has no"
              + " JSON), analyze (MariaDB's ANALYZE FORMAT=JSON: runs each such statement once"
              + " more, reads only) or off (default: ${DEFAULT-VALUE}).")
  PlanMode mode;

  /** The plan step's settings, each EXPLAIN bounded by the statement timeout. */
  Plans.Settings settings(Duration statementTimeout) {
    return new Plans.Settings(mode, afterReplay(statementTimeout));
  }

  /**
   * What bounds each statement a step after the replay runs (an EXPLAIN, a confirmation's run): the
   * replay's statement timeout, else 30 s.
   */
  static Duration afterReplay(Duration statementTimeout) {
    return statementTimeout == null || statementTimeout.isZero()
        ? DEFAULT_TIMEOUT
        : statementTimeout;
  }

  static final class ModeConverter implements picocli.CommandLine.ITypeConverter<PlanMode> {
    @Override
    public PlanMode convert(String value) {
      try {
        return PlanMode.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(
            "'" + value + "' is not a plan mode: explain, analyze or off");
      }
    }
  }
}
