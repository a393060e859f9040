package io.querytester.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What a command that runs a run's statements again needs of the run's inputs: the files it loaded
 * (servers this tool starts begin empty) and its workload, when run.json's path does not reach it.
 */
final class RunInputs {
  @Option(
      names = "--load",
      paramLabel = "FILE",
      description = "SQL file to load into each server it starts, as in the run (repeatable).")
  List<Path> loads = new ArrayList<>();

  @Option(
      names = {"-w", "--workload"},
      paramLabel = "FILE",
      description = "The run's workload, if run.json's path does not reach it from here.")
  Path workload;
}
