package io.querytester.advisor;

import io.querytester.BadInputException;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.run.DiffKind;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.RunInfo;
import io.querytester.workload.QueryClass;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.StatementKind;
import io.querytester.workload.WorkloadReader;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * What a bisect replays: the example executions of the run's differing classes, and a workload
 * holding them with the session statements (SET, USE) that came before them in their sessions, so
 * each example runs in the state it ran in.
 *
 * @param info the run's run.json
 * @param classes the classes to bisect, with their examples
 * @param left the classes not bisected and why
 * @param workload the reduced workload file
 * @param lineToEvent the reduced workload's lines, mapped to the run's event ids
 */
record BisectPlan(
    RunInfo info,
    List<Target> classes,
    List<BisectReport.Left> left,
    Path workload,
    Map<Long, Long> lineToEvent) {

  /**
   * A class to bisect.
   *
   * @param summary the class as the run's analysis saw it
   * @param kinds the difference kinds that decide "like OLD" and "like NEW"
   * @param examples the run's executions of its examples
   */
  record Target(ClassSummary summary, Set<DiffKind> kinds, List<Execution> examples) {}

  static BisectPlan make(
      Path runDir, Path workloadFile, Path outDir, int perClass, Consumer<String> warnings) {
    RunInfo info = RunInfo.read(runDir);
    if (info.targets().size() != 2) {
      throw new BadInputException(
          runDir
              + " is a single-target run: bisect needs a run of OLD and NEW (replay or compare)");
    }
    RunSummary summary = new RunAnalyzer(GatePolicy.DEFAULT, perClass, warnings).analyze(runDir);
    List<BisectReport.Left> left = new ArrayList<>();
    Map<Long, ClassSummary> wanted = new HashMap<>();
    Map<String, Set<DiffKind>> kinds = new LinkedHashMap<>();
    for (ClassSummary c : summary.classes()) {
      Set<DiffKind> k = kinds(c);
      if (c.verdict() == ClassVerdict.SAME || c.verdict() == ClassVerdict.SKIPPED) {
        continue;
      }
      if (c.verdict() == ClassVerdict.NONDETERMINISTIC) {
        left.add(new BisectReport.Left(c.classId(), verdict(c), "nondeterministic"));
      } else if (k.isEmpty()) {
        left.add(new BisectReport.Left(c.classId(), verdict(c), "latency only: not bisected"));
      } else {
        kinds.put(c.classId(), k);
        c.examples().stream().limit(perClass).forEach(e -> wanted.put(e.event(), c));
      }
    }
    Map<String, List<Execution>> examples = examples(runDir, wanted, warnings);
    List<Target> targets = new ArrayList<>();
    for (ClassSummary c : summary.classes()) {
      List<Execution> ex = examples.get(c.classId());
      if (kinds.containsKey(c.classId()) && ex != null) {
        targets.add(new Target(c, kinds.get(c.classId()), ex));
      }
    }
    Path workload = outDir.resolve("bisect-workload.jsonl");
    Path original = workloadFile != null ? workloadFile : Path.of(info.workload());
    if (!Files.isReadable(original)) {
      throw new BadInputException(
          "the run's workload "
              + original
              + " is not readable from here: give it with --workload FILE");
    }
    Map<Long, Long> lines = writeWorkload(original, workload, targets, warnings);
    return new BisectPlan(info, targets, left, workload, lines);
  }

  static String verdict(ClassSummary c) {
    return c.verdict().name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The kinds that fail the gate, if the class has any; else every kind but latency. */
  static Set<DiffKind> kinds(ClassSummary c) {
    Set<DiffKind> all = EnumSet.noneOf(DiffKind.class);
    c.differences()
        .forEach(
            (k, n) -> {
              if (n > 0 && k != DiffKind.LATENCY && k != DiffKind.CRASH) {
                all.add(k);
              }
            });
    Set<DiffKind> failing = EnumSet.noneOf(DiffKind.class);
    all.stream().filter(GatePolicy.DEFAULT::fails).forEach(failing::add);
    return failing.isEmpty() ? all : failing;
  }

  private static Map<String, List<Execution>> examples(
      Path runDir, Map<Long, ClassSummary> wanted, Consumer<String> warnings) {
    Map<String, List<Execution>> byClass = new HashMap<>();
    for (Execution e : ExecutionLog.read(runDir, warnings)) {
      ClassSummary c = wanted.get(e.event());
      if (c != null && e.old() != null && e.neu() != null) {
        byClass.computeIfAbsent(c.classId(), k -> new ArrayList<>()).add(e);
      }
    }
    return byClass;
  }

  /**
   * Writes the examples and, before each, the session statements of its session that came before
   * it. Returns the new file's event lines mapped to the run's event ids (only the examples).
   */
  private static Map<Long, Long> writeWorkload(
      Path original, Path out, List<Target> targets, Consumer<String> warnings) {
    Set<Long> exampleEvents = new HashSet<>();
    Map<Long, Long> lastLine = new HashMap<>();
    for (Target t : targets) {
      for (Execution e : t.examples()) {
        exampleEvents.add(e.event());
        lastLine.merge(e.session(), e.event(), Math::max);
      }
    }
    List<Long> written = new ArrayList<>();
    try {
      Files.createDirectories(out.getParent());
      try (WorkloadReader reader = WorkloadReader.open(original, warnings);
          WorkloadWriter writer = WorkloadWriter.create(out, reader.header())) {
        for (WorkloadReader.Entry entry : reader) {
          QueryEvent ev = entry.event();
          long session = ev.sessionId();
          Long last = lastLine.get(session);
          if (last == null || entry.line() > last) {
            continue;
          }
          boolean example = exampleEvents.contains(entry.line());
          if (example || QueryClass.of(ev.sql()).kind() == StatementKind.SESSION) {
            writer.write(ev);
            written.add(example ? entry.line() : -1L);
          }
        }
      }
      Map<Long, Long> lines = new HashMap<>();
      int i = 0;
      try (WorkloadReader back = WorkloadReader.open(out, warnings)) {
        for (WorkloadReader.Entry entry : back) {
          long event = written.get(i++);
          if (event >= 0) {
            lines.put(entry.line(), event);
          }
        }
      }
      return lines;
    } catch (IOException e) {
      throw new io.querytester.CannotRunException(
          "cannot write the bisect workload " + out + ": " + e.getMessage(), e);
    }
  }

  /** The run's event ids of every example, sorted. */
  TreeSet<Long> exampleEvents() {
    TreeSet<Long> all = new TreeSet<>();
    classes.forEach(t -> t.examples().forEach(e -> all.add(e.event())));
    return all;
  }
}
