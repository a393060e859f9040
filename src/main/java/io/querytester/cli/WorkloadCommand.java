package io.querytester.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Groups the commands that look at a workload file without a server. */
@Command(
    name = "workload",
    mixinStandardHelpOptions = true,
    description = "Inspect a workload file (no server needed).",
    subcommands = {WorkloadStatsCommand.class})
final class WorkloadCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "Missing subcommand: try 'querytester workload stats FILE'");
  }
}
