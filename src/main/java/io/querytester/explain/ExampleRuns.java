package io.querytester.explain;

import io.querytester.compare.ClassSummary;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** The execution that stands for a class: its first differing example, else its first. */
final class ExampleRuns {
  private ExampleRuns() {}

  /**
   * One pass over the run's executions, for the classes given, ending when each has its execution:
   * a chosen one is never replaced (the preferred example, else the first), and the classes whose
   * plans are read usually run early in a workload, so most of the log (20,000 executions: 75 ms of
   * decoding after the last statement) need not be read again.
   */
  static Map<String, Execution> pick(
      Path runDir, Collection<ClassSummary> wanted, Consumer<String> warnings) {
    Set<String> classes = new HashSet<>();
    Map<String, Long> preferred = new HashMap<>();
    for (ClassSummary c : wanted) {
      classes.add(c.classId());
      c.examples().stream().findFirst().ifPresent(e -> preferred.put(c.classId(), e.event()));
    }
    Map<String, Execution> out = new HashMap<>();
    ExecutionLog.readWhile(
        runDir,
        warnings,
        e -> {
          if (classes.contains(e.classId()) && e.old() != null && e.neu() != null) {
            Long p = preferred.get(e.classId());
            if (p == null ? !out.containsKey(e.classId()) : p == e.event()) {
              out.put(e.classId(), e);
            }
          }
          return out.size() < classes.size();
        });
    return out;
  }

  /**
   * The executions at {@code events} (lines of the workload), with their sessions; one pass over
   * the log that ends when all are found.
   */
  static Map<Long, Execution> byEvent(Path runDir, Set<Long> events, Consumer<String> warnings) {
    Map<Long, Execution> out = new HashMap<>();
    if (events.isEmpty()) {
      return out;
    }
    ExecutionLog.readWhile(
        runDir,
        warnings,
        e -> {
          if (events.contains(e.event()) && e.old() != null && e.neu() != null) {
            out.put(e.event(), e);
          }
          return out.size() < events.size();
        });
    return out;
  }
}
