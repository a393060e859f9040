package io.querytester.cli;

import java.util.List;
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
    })
public final class QueryTesterCommand implements Runnable {
  /** The subcommands, in the order help lists them. */
  private static final List<Class<?>> SUBCOMMANDS =
      List.of(
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
          ReproCommand.class,
          CommandLine.HelpCommand.class);

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
  }

  /** Builds the command line with our exception and exit code mapping. */
  public static CommandLine commandLine() {
    return commandLine(SUBCOMMANDS);
  }

  /**
   * The command line for these arguments: when they name a subcommand, only that one is built.
   * Picocli reads every command's annotations when it is added, a third of a second for all of
   * them, which a replay's start to its first statement should not pay.
   */
  static CommandLine commandLine(String... args) {
    for (Class<?> c : SUBCOMMANDS) {
      // help names another command: it needs them all
      if (args.length > 0
          && c != CommandLine.HelpCommand.class
          && args[0].equals(c.getAnnotation(Command.class).name())) {
        return commandLine(List.of(c));
      }
    }
    return commandLine(SUBCOMMANDS);
  }

  private static CommandLine commandLine(List<Class<?>> subcommands) {
    CommandLine cl = new CommandLine(new QueryTesterCommand());
    for (Class<?> c : subcommands) {
      cl.addSubcommand(new CommandLine(c));
    }
    ErrorHandler handler = new ErrorHandler();
    cl.setExecutionExceptionHandler(handler);
    cl.setParameterExceptionHandler(handler);
    cl.setExitCodeExceptionMapper(handler);
    exitCodes(cl);
    OldOptionNames.addTo(cl);
    // Wide enough that file names and e.g. stay on one line (picocli breaks after a dot).
    cl.setUsageHelpWidth(110);
    return cl;
  }

  /**
   * Every command's help lists the exit codes from {@link ExitCode}, the one place they are
   * described; what a code means for one command in particular goes in that command's footer.
   */
  private static void exitCodes(CommandLine cl) {
    CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
    usage.exitCodeListHeading("%nExit codes:%n");
    usage.exitCodeList(ExitCode.helpList());
    cl.getSubcommands().values().forEach(QueryTesterCommand::exitCodes);
  }

  static int run(String... args) {
    Warmup warmup = Warmup.start(args);
    CommandLine cl = commandLine(args);
    CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
    cl.setExecutionStrategy(
        parsed -> {
          warmup.await();
          return runLast.execute(parsed);
        });
    return cl.execute(args);
  }
}
