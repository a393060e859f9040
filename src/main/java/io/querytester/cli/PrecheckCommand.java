package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.advisor.Precheck;
import io.querytester.advisor.PrecheckConsole;
import io.querytester.advisor.PrecheckReport;
import io.querytester.advisor.PrecheckReports;
import io.querytester.advisor.RuleBook;
import io.querytester.job.ReplayJob;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code querytester precheck}: what the target version will break, before any NEW server runs,
 * from the workload's statements and OLD's schema (read-only).
 */
@Command(
    name = "precheck",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Find what an upgrade to --target will break before any NEW server runs: reserved words,"
          + " removed functions and variables, renamed character sets, changed defaults and"
          + " behaviours, per query class of the workload and in OLD's schema.",
      "Rules come from the vendors' documented changes per version (docs/advisor.md). OLD is only"
          + " read (information_schema, global variables). Exit 1 when a finding breaks or"
          + " changes statements."
    })
final class PrecheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = {"-w", "--workload"},
      required = true,
      paramLabel = "FILE",
      description = "The workload file (from capture).")
  Path workload;

  @Option(
      names = "--target",
      required = true,
      paramLabel = "VERSION",
      description = "The version to upgrade to: 11.4, 11.4.5, mariadb-11.4, mysql-8.0.")
  String target;

  @Option(
      names = "--old",
      paramLabel = "SPEC",
      description =
          "The server the workload runs on now (jdbc:mysql://host:port/, embedded:..., docker:...);"
              + " its schema and variables are checked too.")
  String old;

  @Option(
      names = "--old-version",
      paramLabel = "VERSION",
      description =
          "OLD's version when no --old is given (default: the version the workload file names).")
  String oldVersion;

  @Option(
      names = "--load",
      paramLabel = "FILE",
      description = "SQL file to load into an OLD this tool starts (embedded, docker; repeatable).")
  List<Path> loads = new ArrayList<>();

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      description =
          "Folder for precheck.json, precheck.html and precheck-junit.xml"
              + " (default: querytester-runs/precheck-<time>).")
  Path out;

  @Mixin CredentialOptions credentials;

  @Mixin DebugOption debug;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    if (old == null && !loads.isEmpty()) {
      throw new BadInputException(
          "--load needs --old: it loads data into the OLD this tool starts");
    }
    Precheck precheck = new Precheck(RuleBook.shipped(), Clock.systemUTC());
    PrecheckReport report =
        old == null
            ? precheck.run(
                workload, new Precheck.Old(null, null, oldVersion), target, w -> warn(err, w))
            : withOld(precheck, err);
    Path dir = out != null ? out : RunDirs.fresh("precheck");
    Path html = PrecheckReports.write(report, dir);
    PrintWriter o = spec.commandLine().getOut();
    PrecheckConsole.print(report, o);
    o.println();
    o.println("reports: " + html.toAbsolutePath() + " (and precheck.json, precheck-junit.xml)");
    o.flush();
    return report.failing() > 0 ? ExitCode.REGRESSIONS.code() : ExitCode.OK.code();
  }

  private PrecheckReport withOld(Precheck precheck, PrintWriter err) {
    TargetSpec oldSpec = TargetSpec.parse(old);
    TargetSettings settings =
        new TargetSettings(
            "OLD", oldSpec, List.of(), credentials.connection("OLD", oldSpec, w -> warn(err, w)));
    try (Target t = Targets.open(settings, err::println)) {
      ReplayJob.load(List.of(t), loads, err::println);
      try (Connection c = t.connect()) {
        c.setReadOnly(true);
        return precheck.run(
            workload, new Precheck.Old(c, oldSpec.display(), null), target, w -> warn(err, w));
      }
    } catch (SQLException e) {
      throw new CannotRunException(
          "cannot connect to OLD "
              + oldSpec.display()
              + ": "
              + e.getMessage()
              + " (SQLSTATE "
              + e.getSQLState()
              + ", error "
              + e.getErrorCode()
              + ")",
          e);
    }
  }

  private static void warn(PrintWriter err, String w) {
    err.println("warning: " + w);
    err.flush();
  }
}
