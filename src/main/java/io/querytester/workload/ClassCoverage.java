package io.querytester.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which of the server's own query classes a capture saw: the server counts every execution per
 * class (MySQL's and MariaDB's {@code events_statements_summary_by_digest}), a sampling capture
 * sees a share of them. A certification needs the share of classes, so a replay's blind spots are
 * named.
 *
 * @param source where the server's classes came from, e.g. {@code
 *     performance_schema.events_statements_summary_by_digest}
 * @param classes the server's classes that ran during the capture, most executions first
 */
public record ClassCoverage(String source, List<ServerClass> classes) {

  /**
   * One class as the server counts it.
   *
   * @param digest the server's digest of the class
   * @param schema the default schema the class ran in, null when none
   * @param text the server's normalised text of the class (literals as ?)
   * @param executions how often the server ran it during the capture
   * @param captured events of this class the capture saw with their text (replayable)
   * @param templates events of this class the capture saw only as a prepared template
   */
  public record ServerClass(
      String digest, String schema, String text, long executions, long captured, long templates) {

    /** Whether replay can run this class: the capture has at least one event with its values. */
    public boolean covered() {
      return captured > 0;
    }
  }

  public ClassCoverage {
    classes = List.copyOf(classes);
  }

  public long executions() {
    return classes.stream().mapToLong(ServerClass::executions).sum();
  }

  public long coveredClasses() {
    return classes.stream().filter(ServerClass::covered).count();
  }

  public long coveredExecutions() {
    return classes.stream().filter(ServerClass::covered).mapToLong(ServerClass::executions).sum();
  }

  /** The classes replay will not run, most executions first. */
  public List<ServerClass> missing() {
    return classes.stream().filter(c -> !c.covered()).toList();
  }

  /**
   * The coverage for people: classes and executions covered, then the {@code top} missing classes
   * with their executions and whether the capture saw them as templates only.
   */
  public List<String> describe(int top) {
    List<String> lines = new ArrayList<>();
    if (classes.isEmpty()) {
      lines.add(
          "class coverage: the server counted no query class during the capture (" + source + ")");
      return lines;
    }
    long executions = executions();
    lines.add(
        String.format(
            Locale.ROOT,
            "class coverage: %,d of the %,d classes the server ran during the capture (%s), %.1f%%"
                + " of their %,d executions",
            coveredClasses(),
            classes.size(),
            source,
            executions == 0 ? 0.0 : 100.0 * coveredExecutions() / executions,
            executions));
    List<ServerClass> missing = missing();
    if (!missing.isEmpty()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "missing top classes (replay will not run them): %,d classes, %,d executions",
              missing.size(),
              missing.stream().mapToLong(ServerClass::executions).sum()));
      for (ServerClass c : missing.subList(0, Math.min(top, missing.size()))) {
        lines.add(
            String.format(
                Locale.ROOT,
                "  %,10d  %s%s%s",
                c.executions(),
                c.schema() == null ? "" : c.schema() + ": ",
                WorkloadStats.example(c.text() == null ? "" : c.text()),
                c.templates() > 0 ? "  [captured only as a prepared template]" : ""));
      }
      if (missing.size() > top) {
        lines.add(String.format(Locale.ROOT, "  ... and %,d more", missing.size() - top));
      }
    }
    return lines;
  }
}
