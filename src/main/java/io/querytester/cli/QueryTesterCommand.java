package io.querytester.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level command: lists the subcommands and the exit codes. */
@Command(
    name = "querytester",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Replays real MySQL/MariaDB queries against an OLD and a NEW server and reports every"
          + " difference: results, column types, warnings, errors, latency, crashes.",
      ""
    },
    subcommands = {
      DemoCommand.class,
      CaptureCommand.class,
      WorkloadCommand.class,
      ReplayCommand.class,
      CompareCommand.class,
      ReportCommand.class,
      BaselineCommand.class,
      DriftCommand.class,
      PrecheckCommand.class,
      BisectCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:no regressions",
      "1:regressions found (or drift, or a crash)",
      "2:bad usage or input",
      "3:could not run (server would not start, connection refused)"
    })
public final class QueryTesterCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
  }

  /** Builds the command line with our exception and exit code mapping. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new QueryTesterCommand());
    ErrorHandler handler = new ErrorHandler();
    cl.setExecutionExceptionHandler(handler);
    cl.setParameterExceptionHandler(handler);
    cl.setExitCodeExceptionMapper(handler);
    return cl;
  }

  static int run(String... args) {
    return commandLine().execute(args);
  }
}
