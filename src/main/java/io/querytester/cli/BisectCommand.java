package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.advisor.Bisect;
import io.querytester.advisor.BisectConsole;
import io.querytester.advisor.BisectReport;
import io.querytester.advisor.BisectReports;
import io.querytester.advisor.BisectVersions;
import io.querytester.health.HealthSettings;
import io.querytester.job.Progress;
import io.querytester.job.ReplayJob;
import io.querytester.replay.ConnectionLimits;
import io.querytester.run.RunInfo;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code querytester bisect RUN_DIR}: which version changed each differing class of a run, by
 * replaying its example statements on the versions in between.
 */
@Command(
    name = "bisect",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Name, per regressed or changed class of a run, the last version that behaved like OLD and"
          + " the first that behaved like NEW: the class's example statements (with their"
          + " sessions' SET and USE before them) are replayed, reads only, on each version.",
      "Give the run's --load files again. Versions: every embedded MariaDB between the run's OLD"
          + " and NEW by default; or --versions 10.2.11,10.11.5,docker:mariadb:10.6,"
          + "jdbc:mysql://host:3306/."
    })
final class BisectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "RUN_DIR", description = "A run folder of OLD and NEW.")
  Path runDir;

  @Option(
      names = "--versions",
      split = ",",
      paramLabel = "VERSION|SPEC",
      description =
          "Servers to replay on: a bare version means embedded:mariadb-<version> (available: "
              + "10.1.23, 10.2.11, 10.11.5, 11.4.5); docker: and jdbc: specs as in replay.")
  List<String> versions = new ArrayList<>();

  @Option(
      names = "--docker",
      description =
          "Without --versions: add a Docker image of every release series between OLD and NEW"
              + " that no embedded server covers (docker:mariadb:10.6 ..., docker:mysql:8.0);"
              + " needs a Docker engine.")
  boolean docker;

  @Mixin RunInputs inputs;

  @Option(
      names = "--examples",
      defaultValue = "3",
      paramLabel = "N",
      description = "Example statements per class (default: ${DEFAULT-VALUE}).")
  int examples;

  @Option(
      names = "--statement-timeout",
      defaultValue = "30s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description = "Per statement (default: ${DEFAULT-VALUE}).")
  Duration statementTimeout;

  @Option(
      names = "--collation",
      paramLabel = "NAME",
      defaultValue = ConnectionSettings.DEFAULT_COLLATION,
      description = "Connection and server collation, as in the run (default: ${DEFAULT-VALUE}).")
  String collation;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      description =
          "Folder for the per-version runs and bisect.json, bisect.html,"
              + " bisect-junit.xml (default: RUN_DIR/bisect).")
  Path out;

  @Mixin CredentialOptions credentials;

  @Mixin DebugOption debug;

  @Override
  public Integer call() {
    if (examples < 1) {
      throw new BadInputException("--examples must be at least 1, not " + examples);
    }
    PrintWriter err = spec.commandLine().getErr();
    RunInfo info = RunInfo.read(runDir);
    if (inputs.loads.isEmpty()) {
      err.println(
          "warning: no --load given: the servers start empty, so examples that read tables fail"
              + " on every version; give the run's --load files again");
    }
    List<TargetSettings> servers = new ArrayList<>();
    List<String> specs =
        versions.isEmpty()
            ? BisectVersions.between(
                info.targets().get(0).version(), info.targets().get(1).version(), docker)
            : versions;
    for (String v : specs) {
      servers.add(server(v, err));
    }
    // Servers are opened one after another: a missing Docker engine must stop the bisect before
    // the first of them, not after the embedded ones have run.
    Targets.requireEngines(servers);
    Path dir = out != null ? out : runDir.resolve("bisect");
    Bisect bisect =
        new Bisect(
            (server, settings) ->
                ReplayJob.run(
                    List.of(server),
                    inputs.loads,
                    settings,
                    ConnectionLimits.FROM_SERVER,
                    HealthSettings.DEFAULT,
                    false,
                    // bisect picks its lanes itself: how many of them worked is not the
                    // user's to act on (and names options bisect has not)
                    Progress.withoutLaneNotes(err::println)),
            Clock.systemUTC(),
            err::println);
    BisectReport report =
        bisect.run(
            new Bisect.Settings(runDir, inputs.workload, dir, servers, examples, statementTimeout));
    Path html = BisectReports.write(report, dir);
    PrintWriter o = spec.commandLine().getOut();
    BisectConsole.print(report, o);
    o.println();
    o.println("reports: " + html.toAbsolutePath() + " (and bisect.json, bisect-junit.xml)");
    o.flush();
    return ExitCode.OK.code();
  }

  private TargetSettings server(String text, PrintWriter err) {
    String s = text.strip();
    TargetSpec spec =
        TargetSpec.parse(s.matches("\\d+\\.\\d+\\.\\d+") ? "embedded:mariadb-" + s : s);
    String label = spec.display(); // said once: "starting embedded:mariadb-10.11.5 ..."
    ConnectionSettings connection =
        credentials
            .connection(label, spec, w -> err.println("warning: " + w))
            .withCollation(collation);
    return new TargetSettings(label, spec, List.of(), connection);
  }
}
