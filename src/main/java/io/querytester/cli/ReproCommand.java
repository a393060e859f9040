package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.explain.Repro;
import io.querytester.job.ReplayJob;
import io.querytester.run.RunInfo;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.Targets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code querytester repro RUN_DIR --class ID}: a folder per class that reproduces its difference
 * anywhere, to attach to a bug report or hand to an application developer.
 */
@Command(
    name = "repro",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Write a repro bundle for a class of a run: README.md (what differs, both versions, how to"
          + " run it), schema.sql (CREATE TABLE of the tables the statement reads, from OLD),"
          + " data.sql (--with-data), statement.sql (with its session's USE and SET), old.txt and"
          + " new.txt (what each side returned), and run.sh, which replays it with querytester on"
          + " two targets (default: the embedded pair).",
      "OLD is read, read-only: the run's OLD unless --old is given; give the run's --load files"
          + " when it is an embedded server, which starts empty."
    })
final class ReproCommand implements Callable<Integer> {
  private static final long DEFAULT_MAX_ROWS = 10_000;

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "RUN_DIR", description = "A run folder of OLD and NEW.")
  Path runDir;

  @Option(
      names = "--class",
      required = true,
      paramLabel = "ID",
      description = "The class id, as in the report (repeatable: a bundle per class).")
  List<String> classes = new ArrayList<>();

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      description =
          "The bundle folder; with several --class, the folder of one bundle per class"
              + " (default: RUN_DIR/repro/<ID>).")
  Path out;

  @Option(
      names = "--with-data",
      description = "Write data.sql: the rows of the tables the statement reads, from OLD.")
  boolean withData;

  @Option(
      names = "--redact",
      description =
          "In data.sql and the row samples, replace text values by keyed hashes (equal values"
              + " stay equal; the key is not kept).")
  boolean redact;

  @Option(
      names = "--max-rows",
      paramLabel = "N",
      description = "Rows per table in data.sql (default: " + DEFAULT_MAX_ROWS + ").")
  long maxRows = DEFAULT_MAX_ROWS;

  @Mixin RunInputs inputs;

  @Mixin PairOptions pair;

  @Mixin DebugOption debug;

  /** Set by the ./querytester launcher to its own path. */
  static final String LAUNCHER_PROPERTY = "querytester.launcher";

  @Override
  public Integer call() {
    if (maxRows < 1) {
      throw new BadInputException("--max-rows must be at least 1, not " + maxRows);
    }
    PrintWriter err = spec.commandLine().getErr();
    RunInfo info = RunInfo.read(runDir);
    Path dir = out != null ? out : runDir.resolve("repro");
    if (out == null && classes.size() == 1) {
      dir = dir.resolve(classes.getFirst().strip().toUpperCase(java.util.Locale.ROOT));
    }
    Repro repro =
        Repro.prepare(
            new Repro.Settings(
                runDir, inputs.workload, classes, dir, withData, redact, maxRows, launcher()),
            w -> err.println("warning: " + w));
    if (!spec.commandLine().getParseResult().hasMatchedOption("--old")) {
      pair.old = info.targets().getFirst().spec();
    }
    TargetSettings old = pair.settings(w -> err.println("warning: " + w)).getFirst();
    List<Repro.Bundle> bundles;
    try (Target t = Targets.open(old, err::println)) {
      ReplayJob.load(List.of(t), inputs.loads, err::println);
      bundles = repro.write(t, err::println);
    }
    PrintWriter o = spec.commandLine().getOut();
    for (Repro.Bundle b : bundles) {
      o.println(
          "repro "
              + b.classId()
              + ": "
              + b.dir().toAbsolutePath()
              + " (run.sh should show "
              + b.kinds().stream().map(k -> k.label()).collect(Collectors.joining(", "))
              + ")");
    }
    o.flush();
    return ExitCode.OK.code();
  }

  /**
   * The launcher running this process, for the bundle's run.sh: {@code ./querytester} names itself
   * in this property; null when the tool was started otherwise ({@code java -jar}).
   */
  private static Path launcher() {
    String path = System.getProperty(LAUNCHER_PROPERTY);
    return path == null || path.isBlank() ? null : Path.of(path).toAbsolutePath();
  }
}
