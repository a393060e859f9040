package io.querytester.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A whole process as the benchmarks time it: under /usr/bin/time, its output beside {@code log},
 * wall seconds and the CPU seconds (user + sys) the kernel counted for it.
 */
final class TimedProcess {
  /** What one process took, and how it ended. */
  record Result(double wall, double cpu, int exit) {}

  private TimedProcess() {}

  /**
   * Runs {@code command}; an exit code above {@code maxExit} is a failure (the tool's 1 means
   * regressions found: a full run).
   */
  static Result run(Path log, List<String> command, int maxExit) throws Exception {
    Path times = log.resolveSibling(log.getFileName() + ".time");
    List<String> cmd =
        new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %U %S", "-o", times.toString()));
    cmd.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectOutput(log.resolveSibling(log.getFileName() + ".out").toFile());
    pb.redirectError(log.resolveSibling(log.getFileName() + ".err").toFile());
    Process p = pb.start();
    if (!p.waitFor(30, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IllegalStateException(command.get(0) + " did not finish in 30 minutes");
    }
    if (p.exitValue() > maxExit) {
      throw new IllegalStateException(
          command.get(0) + " exited " + p.exitValue() + "; see " + log + ".err");
    }
    List<String> lines = Files.readAllLines(times);
    String[] f = lines.get(lines.size() - 1).strip().split(" ");
    return new Result(
        Double.parseDouble(f[0]),
        Double.parseDouble(f[1]) + Double.parseDouble(f[2]),
        p.exitValue());
  }
}
