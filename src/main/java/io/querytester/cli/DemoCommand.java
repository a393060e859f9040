package io.querytester.cli;

import io.querytester.target.ConnectionSettings;
import io.querytester.target.MariaDbVersions;
import io.querytester.target.Secret;
import io.querytester.target.Target;
import io.querytester.target.TargetSettings;
import io.querytester.target.TargetSpec;
import io.querytester.target.Targets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs the whole job on the embedded default pair with the sample schema and workload. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = "Start OLD and NEW, load samples/, replay, report.")
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--old", defaultValue = MariaDbVersions.DEFAULT_OLD)
  String old;

  @Option(names = "--new", defaultValue = MariaDbVersions.DEFAULT_NEW)
  String neu;

  @Option(names = "--debug", description = "Show stack traces.")
  boolean debug;

  @Override
  public Integer call() {
    var out = spec.commandLine().getOut();
    List<Target> targets =
        Targets.openAll(
            List.of(
                new TargetSettings(
                    "OLD",
                    TargetSpec.parse(old),
                    List.of(),
                    ConnectionSettings.defaults("root", Secret.NONE)),
                new TargetSettings(
                    "NEW",
                    TargetSpec.parse(neu),
                    List.of(),
                    ConnectionSettings.defaults("root", Secret.NONE))),
            m -> spec.commandLine().getErr().println(m));
    try {
      targets.forEach(t -> out.println(t.describe()));
    } finally {
      targets.forEach(Target::close);
    }
    return 0;
  }
}
