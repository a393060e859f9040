package io.querytester.explain;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.OwnerOnly;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.LatencyVerdict;
import io.querytester.compare.RunAnalyzer;
import io.querytester.run.DiffKind;
import io.querytester.run.Execution;
import io.querytester.run.RunInfo;
import io.querytester.server.Target;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SessionPrelude;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadReader;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Repro bundles: per class of a run, a folder that reproduces its difference anywhere. The run's
 * side (classes, examples, session state) is read first, so a wrong class id fails before any
 * server starts; OLD is then read for the tables the statement reads.
 */
public final class Repro {
  /**
   * What to write.
   *
   * @param runDir the run
   * @param workload the run's workload, null for the one run.json names
   * @param classIds the classes, one bundle each
   * @param out the bundle folder (one class) or the folder of bundles (several)
   * @param withData whether to write data.sql
   * @param redact whether data.sql and the row samples hide text values
   * @param maxRows rows per table in data.sql
   * @param launcher the querytester launcher writing the bundle, which its run.sh runs; null when
   *     not known: then run.sh runs {@code querytester} from PATH
   */
  public record Settings(
      Path runDir,
      Path workload,
      List<String> classIds,
      Path out,
      boolean withData,
      boolean redact,
      long maxRows,
      Path launcher) {}

  /**
   * One written bundle.
   *
   * @param classId its class
   * @param dir its folder
   * @param kinds the difference kinds it should reproduce
   */
  public record Bundle(String classId, Path dir, Set<DiffKind> kinds) {}

  /** A class to write: what the run saw of it. */
  record Case(
      ClassSummary summary,
      Execution execution,
      SessionPrelude prelude,
      PlanComparison plan,
      Set<DiffKind> kinds,
      Path dir,
      Cause cause,
      List<String> oldOptions,
      List<String> newOptions) {}

  private final Settings settings;
  private final RunInfo info;
  private final WorkloadHeader header;
  private final List<Case> cases;

  private Repro(Settings settings, RunInfo info, WorkloadHeader header, List<Case> cases) {
    this.settings = settings;
    this.info = info;
    this.header = header;
    this.cases = cases;
  }

  /** Reads the run for the classes asked; a class the run lacks is a usage error. */
  public static Repro prepare(Settings s, Consumer<String> warnings) {
    RunInfo info = RunInfo.read(s.runDir());
    if (info.targets().size() != 2) {
      throw new BadInputException(
          s.runDir() + " is a single-target run: repro needs a run of OLD and NEW");
    }
    Map<String, ClassSummary> byId = new LinkedHashMap<>();
    new RunAnalyzer(GatePolicy.DEFAULT, 1, warnings)
        .analyze(s.runDir())
        .classes()
        .forEach(c -> byId.put(c.classId(), c));
    Map<String, ClassSummary> wanted = new LinkedHashMap<>();
    for (String id : new LinkedHashSet<>(s.classIds())) {
      ClassSummary c = byId.get(id.strip().toUpperCase(java.util.Locale.ROOT));
      if (c == null) {
        throw new BadInputException(
            "--class "
                + id
                + ": no such class in "
                + s.runDir()
                + "; its classes are in report.json");
      }
      if (c.executions() == 0) {
        throw new BadInputException(
            "--class " + id + ": not replayed in the run (" + c.skipReason() + ")");
      }
      wanted.put(c.classId(), c);
    }
    Map<String, Execution> executions = executions(s.runDir(), wanted, warnings);
    Path workload = s.workload() != null ? s.workload() : Path.of(info.workload());
    if (!Files.isReadable(workload)) {
      throw new BadInputException(
          "the run's workload "
              + workload
              + " is not readable from here: give it with --workload FILE");
    }
    Map<Long, Long> sessions = new HashMap<>();
    executions.values().forEach(e -> sessions.put(e.event(), e.session()));
    Map<Long, SessionPrelude> preludes;
    WorkloadHeader header;
    try (WorkloadReader r = WorkloadReader.open(workload, warnings)) {
      header = r.header();
    } catch (IOException e) {
      throw new BadInputException("cannot read " + workload + ": " + e.getMessage(), e);
    }
    try {
      preludes = SessionPrelude.read(workload, sessions, warnings);
    } catch (IOException e) {
      throw new BadInputException("cannot read " + workload + ": " + e.getMessage(), e);
    }
    Map<String, PlanComparison> plans = Plans.load(s.runDir());
    Causes.Found found = Causes.load(s.runDir());
    Map<String, Cause> causes = found == null ? Map.of() : found.byClass();
    List<Case> cases = new ArrayList<>();
    for (ClassSummary c : wanted.values()) {
      Execution e = executions.get(c.classId());
      SessionPrelude p = e == null ? null : preludes.get(e.event());
      if (p == null) {
        throw new BadInputException(
            "--class "
                + c.classId()
                + ": its statements are not in "
                + workload
                + "; give the run's workload with --workload FILE");
      }
      Path dir = wanted.size() == 1 ? s.out() : s.out().resolve(c.classId());
      cases.add(
          new Case(
              c,
              e,
              p,
              plans.get(c.classId()),
              kinds(c, e),
              dir,
              causes.get(c.classId()),
              found == null ? List.of() : found.oldOptions(),
              found == null ? List.of() : found.newOptions()));
    }
    return new Repro(s, info, header, cases);
  }

  /**
   * The kinds a bundle should show again: those of the execution it replays (another execution of
   * the class may differ in other ways), and latency when the class was slower.
   */
  static Set<DiffKind> kinds(ClassSummary c, Execution e) {
    Set<DiffKind> k = EnumSet.noneOf(DiffKind.class);
    e.differences().stream()
        .map(d -> d.kind())
        .filter(kind -> kind != DiffKind.LATENCY)
        .forEach(k::add);
    if (c.latency() == LatencyVerdict.DEGRADED) {
      k.add(DiffKind.LATENCY);
    }
    return k;
  }

  /** Writes every bundle, reading the tables from OLD. */
  public List<Bundle> write(Target old, Consumer<String> progress) {
    ReproTables tables = new ReproTables(old);
    List<Bundle> out = new ArrayList<>();
    for (Case c : cases) {
      progress.accept("repro: class " + c.summary().classId() + " into " + c.dir());
      try {
        out.add(write(c, tables));
      } catch (IOException e) {
        throw new CannotRunException(
            "cannot write the bundle " + c.dir() + ": " + e.getMessage(), e);
      } catch (SQLException e) {
        throw new CannotRunException(
            "cannot read the tables of class "
                + c.summary().classId()
                + " on OLD: ERROR "
                + e.getErrorCode()
                + " ("
                + e.getSQLState()
                + "): "
                + e.getMessage()
                + "; give the run's --load files when OLD is a fresh embedded server",
            e);
      }
    }
    return out;
  }

  private Bundle write(Case c, ReproTables tables) throws IOException, SQLException {
    OwnerOnly.directories(c.dir());
    Set<String> schemas = new LinkedHashSet<>();
    for (QueryEvent e : c.prelude().statements()) {
      if (e.schema() != null && !e.schema().isEmpty()) {
        schemas.add(e.schema());
      }
    }
    schemas.addAll(ReproText.usedSchemas(c.prelude()));
    List<ReproTables.Name> names = tables.tablesOf(c.prelude().event().sql(), schemas);
    tables.writeSchema(names, c.dir().resolve("schema.sql"));
    Path data = c.dir().resolve("data.sql");
    Files.deleteIfExists(data);
    List<Long> rows = List.of();
    if (settings.withData()) {
      rows = tables.writeData(names, data, settings.maxRows(), settings.redact());
    }
    try (WorkloadWriter w = WorkloadWriter.create(c.dir().resolve("workload.jsonl"), header)) {
      for (QueryEvent e : c.prelude().statements()) {
        w.write(e);
      }
    }
    ReproFix fix = ReproFix.of(c.cause());
    Path fixed = c.dir().resolve(ReproFix.WORKLOAD);
    Files.deleteIfExists(fixed);
    if (fix != null) {
      try (WorkloadWriter w = WorkloadWriter.create(fixed, header)) {
        for (QueryEvent e : fix.apply(c.prelude())) {
          w.write(e);
        }
      }
    }
    ReproText text =
        new ReproText(
            info, c, settings.redact() ? tables::redact : v -> v, fix, settings.launcher());
    write(c.dir().resolve("statement.sql"), text.statement());
    write(c.dir().resolve("old.txt"), text.side(0));
    write(c.dir().resolve("new.txt"), text.side(1));
    write(c.dir().resolve("README.md"), text.readme(names, rows, settings.withData()));
    Path script = c.dir().resolve("run.sh");
    write(script, text.script(settings.withData()));
    script.toFile().setExecutable(true);
    return new Bundle(c.summary().classId(), c.dir(), c.kinds());
  }

  private static void write(Path file, String text) throws IOException {
    OwnerOnly.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** The example execution of each class: its first differing example, else its first. */
  private static Map<String, Execution> executions(
      Path runDir, Map<String, ClassSummary> wanted, Consumer<String> warnings) {
    return ExampleRuns.pick(runDir, wanted.values(), warnings);
  }
}
