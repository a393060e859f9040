package io.querytester.cli;

import io.querytester.confirm.LatencyConfirmation;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Whether a replay of OLD and NEW measures again the classes that would fail on latency alone. */
final class ConfirmOptions {
  @Option(
      names = "--confirm-latency",
      paramLabel = "DURATION",
      defaultValue = "1m",
      converter = DurationConverter.class,
      description =
          "After the replay, measure again each class that would fail the run on its latency"
              + " alone, or is borderline: its slowest statements, OLD and NEW in turn, for at"
              + " most this long in all; only a slowdown that holds fails the run. 0s: no"
              + " second measurement (default: ${DEFAULT-VALUE}).")
  Duration budget;

  /** The confirmation's settings, each statement bounded by the statement timeout. */
  LatencyConfirmation.Settings settings(Duration statementTimeout) {
    if (budget.isNegative()) {
      throw new io.querytester.BadInputException(
          "--confirm-latency must not be negative; 0s turns the second measurement off");
    }
    return new LatencyConfirmation.Settings(budget, PlanOptions.afterReplay(statementTimeout));
  }
}
