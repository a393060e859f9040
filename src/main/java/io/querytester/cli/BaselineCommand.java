package io.querytester.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Groups the commands that manage the baseline of accepted differences. */
@Command(
    name = "baseline",
    mixinStandardHelpOptions = true,
    description = "Manage the baseline of accepted differences (querytester-baseline.yaml).",
    subcommands = {BaselineAcceptCommand.class})
final class BaselineCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "Missing subcommand: try 'querytester baseline accept RUN_DIR --reason \"...\"'");
  }
}
