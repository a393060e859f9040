package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.job.ReplayJob;
import io.querytester.job.RunReporter;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.ShardFilter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The whole job on the embedded default pair, with the sample shop schema and workload. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Start MariaDB 10.2.11 (OLD) and 11.4.5 (NEW) from Maven Central's binaries, load samples/"
          + " into both, replay the sample workload on both and report the differences.",
      "--old/--new choose other servers."
    })
final class DemoCommand implements Callable<Integer> {
  private static final int DEMO_REPEAT = 4;

  @Spec CommandSpec spec;

  @Option(
      names = "--samples",
      paramLabel = "DIR",
      description =
          "The samples folder (default: samples in the current folder, else the one beside the application).")
  Path samples;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "RUN_DIR",
      description = "Run folder (default: querytester-runs/demo-<time>).")
  Path out;

  @Mixin DebugOption debug;

  @Mixin PairOptions pair;
  @Mixin ReplayOptions replay;
  @Mixin HealthOptions health;
  @Mixin ReportOptions report;
  @Mixin PlanOptions plans;
  @Mixin DataOptions data;
  @Mixin CauseOptions causes;
  @Mixin ConfirmOptions confirm;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    report.prepare(RunDirs.workingDir(), w -> err.println("warning: " + w));
    List<io.querytester.server.TargetSettings> sides =
        pair.settings(w -> err.println("warning: " + w));
    Path dir = samplesDir();
    Path runDir = out != null ? out : RunDirs.fresh("demo");
    if (!spec.commandLine().getParseResult().hasMatchedOption("--repeat")) {
      // The sample workload has a few executions per class; repeats give latency verdicts.
      replay.repeat = DEMO_REPEAT;
    }
    ReplaySettings settings = replay.settings(dir.resolve("workload.jsonl"), runDir);
    RunReporter reporter =
        new RunReporter(runDir, report.choices(), spec.commandLine().getOut(), err);
    long start = System.nanoTime();
    ReplayJob.run(
        sides,
        List.of(dir.resolve("schema.sql"), dir.resolve("data.sql")),
        settings,
        ShardFilter.ALL,
        replay.connections(),
        health.settings(null),
        false,
        new ReplayJob.AfterReplay(
            data.step(settings.allowWrites(), true, settings.workload(), ShardFilter.ALL),
            confirm.settings(replay.statementTimeout),
            plans.settings(replay.statementTimeout),
            causes.settings(replay.statementTimeout, report.settings().gate().latency(), sides),
            reporter),
        report.progress(err)::accept);
    report
        .progress(err)
        .accept(
            String.format(
                Locale.ROOT,
                "demo: servers started, data loaded, workload replayed in %.1f s",
                (System.nanoTime() - start) / 1e9));
    err.flush();
    return reporter.report();
  }

  private Path samplesDir() {
    if (samples != null) {
      return check(samples);
    }
    Path here = Path.of("samples");
    if (Files.isDirectory(here)) {
      return check(here);
    }
    try {
      Path jar =
          Path.of(DemoCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path besideApp = jar.getParent().getParent().resolve("samples");
      if (Files.isDirectory(besideApp)) {
        return check(besideApp);
      }
    } catch (java.net.URISyntaxException | RuntimeException e) {
      // fall through to the message below
    }
    throw new BadInputException(
        "no samples/ folder here or next to the application; pass --samples DIR");
  }

  private static Path check(Path dir) {
    for (String f : List.of("schema.sql", "data.sql", "workload.jsonl")) {
      if (!Files.isRegularFile(dir.resolve(f))) {
        throw new BadInputException(
            dir + " has no " + f + "; pass the querytester samples/ folder with --samples");
      }
    }
    return dir;
  }
}
