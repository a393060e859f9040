package io.querytester.cli;

import picocli.CommandLine.Option;

/** How reports are written; shared by replay, compare, report and demo. */
final class ReportOptions {
  @Option(names = "--quiet", description = "Print only the verdict line.")
  boolean quiet;

  @Option(
      names = "--max-examples",
      defaultValue = "5",
      paramLabel = "N",
      description = "Differing executions kept per class and kind (default: ${DEFAULT-VALUE}).")
  int maxExamples;

  @Option(
      names = "--max-classes",
      defaultValue = "40",
      paramLabel = "N",
      description =
          "Classes listed on the console (default: ${DEFAULT-VALUE}); the files list all.")
  int maxClasses;

  @Option(
      names = "--color",
      negatable = true,
      description = "Colour the console output (default: when on a terminal).")
  Boolean color;

  boolean color() {
    return color != null ? color : System.console() != null && System.getenv("NO_COLOR") == null;
  }
}
