package io.querytester.explain;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.compare.LatencyThresholds;
import io.querytester.compare.LatencyVerdict;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.StatementProbe;
import io.querytester.run.DiffKind;
import io.querytester.run.Execution;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.server.Target;
import io.querytester.workload.SessionPrelude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The cause step of a run: after the replay and its plans, with OLD and NEW still running, reads
 * the settings delta and, for each class that is a regression or changed (or whose latency was
 * judged DEGRADED or IMPROVED), finds what explains it and, for a class slower on NEW, the fix that
 * brings OLD's latency back; into {@code causes.json}, which every report of the run shows.
 *
 * <p>Read-only like the plans: every trial runs on a read-only session, only statements the
 * replay's read-only gate lets through (writes are never run again), and settings only at session
 * scope. The step has a time budget; what it did not reach, it says.
 */
public final class Causes {
  public static final String FILE = "causes.json";
  static final String FORMAT = "querytester-causes";
  static final int VERSION = 1;

  /** Example statements re-run per class: the class's first differing executions. */
  static final int EXAMPLES = 3;

  /**
   * How to look for causes.
   *
   * @param on whether to look at all ({@code --causes})
   * @param budget the time the whole step may take ({@code --cause-budget})
   * @param timeout per statement
   * @param thresholds the gate's latency thresholds, which judge timed trials as the replay's
   * @param oldOptions OLD's {@code --old-option}s, whose settings are tried first
   * @param newOptions NEW's {@code --new-option}s, tried first of all
   */
  public record Settings(
      boolean on,
      Duration budget,
      Duration timeout,
      LatencyThresholds thresholds,
      List<String> oldOptions,
      List<String> newOptions) {}

  /**
   * The code changes known to meet a statement between two versions (the upgrade advisor's rules),
   * for a difference no setting explains. Owned here, filled in by the caller, so that this step
   * does not depend on the advisor.
   */
  @FunctionalInterface
  public interface KnownChanges {
    KnownChanges NONE = (old, neu, sql) -> List.of();

    /** One line per change ({@code rule-id (since 11.3.1): why}); empty when none is known. */
    List<String> of(String oldVersion, String newVersion, String sql);
  }

  /**
   * {@code causes.json}.
   *
   * @param format always {@code querytester-causes}
   * @param version the format version
   * @param delta the settings delta: candidates and the differing variables that are not
   * @param unavailable why the step could not run on the servers (a side gone), else null
   * @param budgetSeconds the time budget
   * @param seconds the time it took
   * @param classes per class looked into, in the report's order
   * @param skipped what was not done, and why
   * @param oldOptions OLD's server options ({@code --old-option}), which a repro bundle's run.sh
   *     gives its OLD again
   * @param newOptions NEW's ({@code --new-option})
   */
  public record Found(
      String format,
      int version,
      SettingsDelta delta,
      String unavailable,
      double budgetSeconds,
      double seconds,
      List<Cause> classes,
      List<String> skipped,
      List<String> oldOptions,
      List<String> newOptions) {

    public Found {
      classes = classes == null ? List.of() : classes;
      skipped = skipped == null ? List.of() : skipped;
      oldOptions = oldOptions == null ? List.of() : oldOptions;
      newOptions = newOptions == null ? List.of() : newOptions;
    }

    /** The causes by class id. */
    public Map<String, Cause> byClass() {
      Map<String, Cause> out = new LinkedHashMap<>();
      classes.forEach(c -> out.put(c.classId(), c));
      return out;
    }
  }

  private Causes() {}

  /** Whether the step looks into a class: a regression or changed, or a latency verdict. */
  static boolean wanted(ClassSummary c) {
    return c.verdict() == ClassVerdict.REGRESSION
        || c.verdict() == ClassVerdict.CHANGED
        || c.latency() == LatencyVerdict.DEGRADED
        || c.latency() == LatencyVerdict.IMPROVED;
  }

  /**
   * Looks for the causes of a two-sided run's differences on its targets, OLD first, and writes
   * {@code causes.json}. Returns what it found, or null when it did not look (off, one target, no
   * class to look into). A class it cannot look into says why; the step never fails the run.
   */
  public static Found find(
      List<Target> targets,
      Path runDir,
      Settings s,
      Supplier<List<ClassSummary>> judged,
      KnownChanges known,
      Clock clock,
      Consumer<String> progress) {
    if (!s.on() || targets.size() != 2) {
      return null;
    }
    List<ClassSummary> classes = judged.get().stream().filter(Causes::wanted).toList();
    if (classes.isEmpty()) {
      return null;
    }
    long start = System.nanoTime();
    CauseBudget budget = new CauseBudget(clock, s.budget());
    RunInfo info = RunInfo.read(runDir);
    Found found;
    try {
      found = look(targets, runDir, info, s, classes, known, budget, progress);
    } catch (SQLException | RuntimeException e) {
      // A side that crashed or went away: the run is reported all the same, saying why.
      String why = "causes not looked for: " + e;
      progress.accept(why);
      found =
          new Found(
              FORMAT, VERSION, null, why, seconds(s.budget()), 0, List.of(), List.of(), null, null);
    }
    found =
        new Found(
            FORMAT,
            VERSION,
            found.delta(),
            found.unavailable(),
            seconds(s.budget()),
            Math.round((System.nanoTime() - start) / 1e6) / 1000.0,
            found.classes(),
            found.skipped(),
            s.oldOptions(),
            s.newOptions());
    write(runDir, found);
    return found;
  }

  private static Found look(
      List<Target> targets,
      Path runDir,
      RunInfo info,
      Settings s,
      List<ClassSummary> classes,
      KnownChanges known,
      CauseBudget budget,
      Consumer<String> progress)
      throws SQLException {
    ReadOnlyGate gate = ReadOnlyGate.of(targets);
    SettingsDelta.Read delta =
        SettingsDelta.read(targets.get(0), targets.get(1), s.oldOptions(), s.newOptions());
    long fromOptions = delta.delta().candidates().stream().filter(c -> c.option() != null).count();
    progress.accept(
        "causes: "
            + classes.size()
            + " classes, "
            + delta.delta().candidates().size()
            + " candidate settings"
            + (fromOptions > 0 ? " (" + fromOptions + " from --old-option/--new-option)" : ""));
    Map<String, List<SessionPrelude>> examples = examples(runDir, classes);
    Map<String, PlanComparison> plans = Plans.load(runDir);
    List<Cause> out = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    int floatDigits =
        intSetting(info, "float_digits", ReplaySettings.Compare.DEFAULT.floatDigits());
    try (StatementProbe probe =
        new StatementProbe(targets, s.timeout(), floatDigits, 10_000_000L)) {
      Trials trials = new Trials(targets, gate, probe, delta, s.thresholds());
      ClassCauses each =
          new ClassCauses(
              new CauseSearch(trials, delta, budget),
              new FixSearch(trials, delta, budget),
              gate,
              budget,
              known,
              targets.get(0).info(),
              targets.get(1).info());
      List<String> notExamined = new ArrayList<>();
      for (ClassSummary c : classes) {
        Cause cause =
            each.of(c, examples.getOrDefault(c.classId(), List.of()), plans.get(c.classId()));
        out.add(cause);
        if (Cause.NOT_EXAMINED.equals(cause.status())) {
          notExamined.add(c.classId());
        }
      }
      if (!notExamined.isEmpty()) {
        // one line, however many: each such class says so itself
        skipped.add(
            notExamined.size()
                + " of "
                + classes.size()
                + " classes not examined: "
                + budget.name()
                + " ran out (the first: "
                + String.join(", ", notExamined.subList(0, Math.min(5, notExamined.size())))
                + ")");
      }
    }
    return new Found(FORMAT, VERSION, delta.delta(), null, 0, 0, out, skipped, null, null);
  }

  /** Each class's example statements with their session state, at most {@value #EXAMPLES}. */
  private static Map<String, List<SessionPrelude>> examples(
      Path runDir, List<ClassSummary> classes) {
    Map<String, List<Long>> events = new LinkedHashMap<>();
    List<ClassSummary> without = new ArrayList<>();
    for (ClassSummary c : classes) {
      Set<Long> e = new LinkedHashSet<>();
      c.examples().forEach(x -> e.add(x.event()));
      if (e.isEmpty()) {
        without.add(c);
      } else {
        events.put(c.classId(), e.stream().limit(EXAMPLES).toList());
      }
    }
    Map<Long, Execution> executions = new HashMap<>();
    ExampleRuns.pick(runDir, without, w -> {})
        .forEach(
            (id, e) -> {
              events.put(id, List.of(e.event()));
              executions.put(e.event(), e);
            });
    Set<Long> wanted = new LinkedHashSet<>();
    events.values().forEach(wanted::addAll);
    wanted.removeAll(executions.keySet());
    executions.putAll(ExampleRuns.byEvent(runDir, wanted, w -> {}));
    Map<Long, Long> sessions = new HashMap<>();
    executions.values().forEach(e -> sessions.put(e.event(), e.session()));
    // none found: each class then says its statements were not found
    Map<Long, SessionPrelude> preludes = ExampleSession.preludes(runDir, sessions, w -> {});
    Map<String, List<SessionPrelude>> out = new HashMap<>();
    for (Map.Entry<String, List<Long>> e : events.entrySet()) {
      List<SessionPrelude> list = new ArrayList<>();
      for (long event : e.getValue()) {
        SessionPrelude p = preludes.get(event);
        if (p != null) {
          list.add(p);
        }
      }
      out.put(e.getKey(), list);
    }
    return out;
  }

  /** The kinds of a class that a setting may explain. */
  static Set<DiffKind> explainable(ClassSummary c) {
    Set<DiffKind> out = EnumSet.noneOf(DiffKind.class);
    c.differences().keySet().stream().filter(Trials.EXPLAINABLE::contains).forEach(out::add);
    return out;
  }

  private static int intSetting(RunInfo info, String name, int otherwise) {
    try {
      String v = info.settings() == null ? null : info.settings().get(name);
      return v == null ? otherwise : Integer.parseInt(v.strip());
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }

  private static double seconds(Duration d) {
    return d.toMillis() / 1000.0;
  }

  static void write(Path runDir, Found found) {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try {
      try (java.io.OutputStream out = io.querytester.OwnerOnly.newOutputStream(tmp)) {
        RunJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, found);
      }
      Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + runDir.resolve(FILE) + ": " + e, e);
    }
  }

  /** What the run's cause step found; null when it did not look. */
  public static Found load(Path runDir) {
    Path file = runDir.resolve(FILE);
    try {
      Found f = RunJson.MAPPER.readValue(file.toFile(), Found.class);
      if (!FORMAT.equals(f.format()) || f.version() > VERSION) {
        throw new BadInputException(
            file + " is not a causes file this querytester reads (version 1 of " + FORMAT + ")");
      }
      return f;
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      return null;
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The causes of a sharded replay: the union of the shards' classes, a class several shards looked
   * into keeping the lowest shard's, the first shard's settings delta (the pairs are alike: merging
   * refuses other servers or settings). Writes nothing when no shard looked.
   */
  public static void merge(List<Path> shards, Path out) {
    Map<String, Cause> union = new LinkedHashMap<>();
    List<String> skipped = new ArrayList<>();
    Found first = null;
    double seconds = 0;
    for (Path shard : shards) {
      Found f = load(shard);
      if (f == null) {
        continue;
      }
      first = first == null ? f : first;
      seconds += f.seconds();
      f.classes().forEach(c -> union.putIfAbsent(c.classId(), c));
      skipped.addAll(f.skipped());
    }
    if (first != null) {
      write(
          out,
          new Found(
              FORMAT,
              VERSION,
              first.delta(),
              first.unavailable(),
              first.budgetSeconds(),
              seconds,
              List.copyOf(union.values()),
              skipped,
              first.oldOptions(),
              first.newOptions()));
    }
  }
}
