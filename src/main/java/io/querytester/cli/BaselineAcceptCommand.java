package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.TextCut;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.report.Baseline;
import io.querytester.report.ConfigFile;
import io.querytester.report.ReportSettings;
import io.querytester.run.DiffKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code querytester baseline accept RUN_DIR}: writes the differences of a run that people reviewed
 * into the baseline file, with the reason, who and when, so that later runs show them as accepted
 * instead of failing. Without --class, every regression of the run is accepted.
 */
@Command(
    name = "accept",
    mixinStandardHelpOptions = true,
    description = {
      "Accept differences of a run: write them into the baseline file with a reason, who and"
          + " when. Later reports (--baseline FILE, or querytester-baseline.yaml in the current folder) show them as"
          + " ACCEPTED instead of failing, and list entries that no longer match as stale.",
      "Without --class: every regression of the run. Without --kind: the kinds that fail the"
          + " gate (all kinds of a class that has none)."
    })
final class BaselineAcceptCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "RUN_DIR", description = "A run folder (replay, compare or demo).")
  Path runDir;

  @Option(
      names = "--class",
      paramLabel = "ID",
      split = ",",
      description = "Accept this class (repeatable; class ids as in the reports).")
  List<String> classes = new ArrayList<>();

  @Option(
      names = "--kind",
      paramLabel = "KIND",
      split = ",",
      description = "Accept only this kind of difference (repeatable), e.g. RESULT, ERROR_NEW.")
  List<String> kinds = new ArrayList<>();

  @Option(
      names = "--reason",
      required = true,
      paramLabel = "TEXT",
      description = "Why the difference is fine (shown in every report).")
  String reason;

  @Option(
      names = "--baseline",
      paramLabel = "FILE",
      description =
          "The baseline file to add to (default: "
              + Baseline.DEFAULT_FILE
              + " in the current folder).")
  Path file;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Gate configuration deciding what is a regression (default: querytester.yaml in the current folder).")
  Path config;

  @Option(
      names = "--by",
      paramLabel = "NAME",
      description = "Who accepts (default: the user name).")
  String by;

  @Mixin DebugOption debug;

  private final Clock clock = Clock.systemUTC();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (reason.isBlank()) {
      throw new BadInputException("--reason must say why the differences are fine");
    }
    Path cwd = RunDirs.workingDir();
    ReportSettings settings = ReportSettings.NONE.over(ConfigFile.load(config, cwd));
    Path target = target(settings, cwd);
    Baseline existing =
        Files.isRegularFile(target) ? Baseline.read(target) : Baseline.empty(target);
    Set<DiffKind> wanted = kinds.isEmpty() ? null : parseKinds(kinds);
    RunSummary summary =
        new RunAnalyzer(settings.gate(), 1, w -> err.println("warning: " + w)).analyze(runDir);
    List<Baseline.Entry> added = select(summary, settings.gate(), wanted);
    if (added.isEmpty()) {
      out.println(
          "nothing to accept: "
              + runDir
              + " has no regressions"
              + (wanted == null ? "" : " of those kinds"));
      out.flush();
      return ExitCode.OK.code();
    }
    try {
      existing.with(added).write();
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + target + ": " + e.getMessage(), e);
    }
    for (Baseline.Entry e : added) {
      out.println("accepted " + e.classId() + " " + e.kind() + "  " + abbreviate(e.fingerprint()));
    }
    out.println(
        added.size()
            + " accepted differences written to "
            + target
            + "; review it and commit it next to your CI job");
    out.flush();
    return ExitCode.OK.code();
  }

  private Path target(ReportSettings settings, Path cwd) {
    if (file != null) {
      return file;
    }
    return settings.baseline() != null ? settings.baseline() : cwd.resolve(Baseline.DEFAULT_FILE);
  }

  private List<Baseline.Entry> select(RunSummary s, GatePolicy gate, Set<DiffKind> wanted) {
    Map<String, ClassSummary> byId = new LinkedHashMap<>();
    s.classes().forEach(c -> byId.put(c.classId(), c));
    List<ClassSummary> chosen = new ArrayList<>();
    if (classes.isEmpty()) {
      s.classes().stream().filter(c -> c.verdict() == ClassVerdict.REGRESSION).forEach(chosen::add);
    } else {
      for (String id : classes) {
        ClassSummary c = byId.get(id.strip().toUpperCase(java.util.Locale.ROOT));
        if (c == null) {
          throw new BadInputException(
              "--class "
                  + id
                  + ": no such class in "
                  + runDir
                  + "; class ids are in its report.json");
        }
        chosen.add(c);
      }
    }
    String who = by != null ? by : System.getProperty("user.name", "unknown");
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    List<Baseline.Entry> out = new ArrayList<>();
    for (ClassSummary c : chosen) {
      for (DiffKind k : kindsOf(c, gate, wanted)) {
        out.add(new Baseline.Entry(c.classId(), c.fingerprint(), k, reason.strip(), who, now));
      }
    }
    return out;
  }

  private List<DiffKind> kindsOf(ClassSummary c, GatePolicy gate, Set<DiffKind> wanted) {
    List<DiffKind> present = new ArrayList<>(c.differences().keySet());
    if (wanted != null) {
      List<DiffKind> hit = present.stream().filter(wanted::contains).toList();
      if (hit.isEmpty() && !classes.isEmpty()) {
        throw new BadInputException(
            "class "
                + c.classId()
                + " has no "
                + wanted
                + " difference in "
                + runDir
                + "; it has "
                + present);
      }
      return hit;
    }
    List<DiffKind> failing = present.stream().filter(gate::fails).toList();
    return failing.isEmpty() ? present : failing;
  }

  private static String abbreviate(String s) {
    if (s == null) {
      return "";
    }
    String one = s.replaceAll("\\s+", " ");
    return TextCut.abbreviate(one, 90);
  }

  /** --kind values, with the same names and messages as --fail-on. */
  private static Set<DiffKind> parseKinds(List<String> names) {
    try {
      return ConfigFile.Gates.kinds(names);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--kind: " + e.getMessage());
    }
  }
}
