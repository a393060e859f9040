package io.querytester.cli;

import io.querytester.workload.ClassCoverage;
import io.querytester.workload.SourcePosition;
import io.querytester.workload.StatementKind;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadReader;
import io.querytester.workload.WorkloadStats;
import io.querytester.workload.WorkloadStats.ClassStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code querytester workload stats FILE}: what a workload contains, read as a stream: the busiest
 * query classes with an example each, statement kinds, the classes replay will skip as unsafe or
 * treat as nondeterministic, sessions and time span.
 */
@Command(
    name = "stats",
    mixinStandardHelpOptions = true,
    description = {
      "Summarise a workload file: query classes by count with an example each, statement kinds,"
          + " unsafe and nondeterministic classes, prepared-statement templates, sessions, time"
          + " span, skipped lines, and the server's class coverage when the capture recorded it."
    })
final class WorkloadStatsCommand implements Callable<Integer> {
  /** More warnings than this about bad lines are only counted. */
  private static final int WARNINGS_SHOWN = 20;

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "A workload file (.jsonl or .jsonl.gz).")
  Path file;

  @Option(
      names = "--top",
      defaultValue = "20",
      paramLabel = "N",
      description = "How many classes to list in each section (default: ${DEFAULT-VALUE}).")
  int top;

  @Mixin DebugOption debug;

  @Override
  public Integer call() throws IOException {
    if (top < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--top must be at least 1, not " + top);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long[] warnings = {0};
    try (WorkloadReader reader =
        WorkloadReader.open(
            file,
            w -> {
              if (++warnings[0] <= WARNINGS_SHOWN) {
                err.println("warning: " + w);
              }
            })) {
      WorkloadStats stats = WorkloadStats.of(reader);
      if (warnings[0] > WARNINGS_SHOWN) {
        err.println("warning: " + (warnings[0] - WARNINGS_SHOWN) + " more warnings not shown");
      }
      err.flush();
      header(out, reader.header());
      positions(out, reader);
      totals(out, stats, reader);
      kinds(out, stats);
      List<ClassStats> classes = stats.classes();
      topClasses(out, classes, stats.events());
      section(
          out,
          "Unsafe to replay (replay skips these reads)",
          classes,
          c -> c.unsafeReason() != null,
          c -> c.unsafeReason());
      section(
          out,
          "Nondeterministic classes (results may differ between runs)",
          classes,
          c -> !c.nondeterminism().isEmpty(),
          c -> String.join(", ", c.nondeterminism()));
      templates(out, stats, classes);
      coverage(out, reader.coverage());
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private void header(PrintWriter out, WorkloadHeader h) {
    out.printf(
        Locale.ROOT,
        "Workload %s: format version %d, source %s%s%n",
        file,
        h.version(),
        h.source() == null ? "unknown" : h.source(),
        h.serverVersion() == null ? "" : ", server " + h.serverVersion());
    if (h.start() != null) {
      out.printf(
          Locale.ROOT,
          "  captured from %s%s%n",
          h.start(),
          h.end() == null ? "" : " to " + h.end());
    }
    if (h.filters() != null && !h.filters().isEmpty()) {
      out.printf(Locale.ROOT, "  filters: %s%n", h.filters());
    }
  }

  /** What a write replay keeps, and where OLD and NEW must start from to replay writes. */
  private static void positions(PrintWriter out, WorkloadReader reader) {
    String order = reader.header().order();
    out.printf(
        Locale.ROOT,
        "  order of events: %s%n",
        order == null ? "as written (not recorded by the capture)" : order);
    SourcePosition start = reader.startPosition();
    SourcePosition end = reader.endPosition();
    if (start != null || end != null) {
      out.printf(
          Locale.ROOT,
          "  source binary log: %s at the start, %s at the end (restore OLD and NEW to the start"
              + " to replay writes)%n",
          start == null ? "unknown" : start.describe(),
          end == null ? "unknown" : end.describe());
    }
  }

  private static void totals(PrintWriter out, WorkloadStats s, WorkloadReader reader) {
    out.println();
    out.printf(
        Locale.ROOT,
        "Events:     %,d in %,d classes, %,d sessions%n",
        s.events(),
        s.classCount(),
        s.sessions());
    if (s.first() != null) {
      out.printf(
          Locale.ROOT,
          "Time span:  %s to %s (%s)%n",
          s.first(),
          s.last(),
          humanDuration(Duration.between(s.first(), s.last())));
    } else {
      out.println("Time span:  unknown (no event has a time)");
    }
    out.printf(
        Locale.ROOT,
        "Skipped:    %,d lines that are not events%s%n",
        reader.skipped(),
        reader.complete() ? "" : "; the file has no footer (capture cut short?)");
  }

  private static void kinds(PrintWriter out, WorkloadStats s) {
    out.println();
    out.printf(Locale.ROOT, "%-22s %12s %8s %8s%n", "Statement kinds", "events", "%", "classes");
    Map<StatementKind, Long> classes = s.classesByKind();
    s.eventsByKind()
        .forEach(
            (kind, n) ->
                out.printf(
                    Locale.ROOT,
                    "  %-20s %,12d %7.1f%% %,8d%n",
                    kind.name().toLowerCase(Locale.ROOT),
                    n,
                    percent(n, s.events()),
                    classes.getOrDefault(kind, 0L)));
  }

  private void topClasses(PrintWriter out, List<ClassStats> classes, long events) {
    out.println();
    out.printf(
        Locale.ROOT,
        "Top %d classes by count (of %,d)%n",
        Math.min(top, classes.size()),
        classes.size());
    out.printf(
        Locale.ROOT, "  %10s %7s  %-16s  %-11s  %s%n", "events", "%", "class", "kind", "example");
    for (ClassStats c : classes.subList(0, Math.min(top, classes.size()))) {
      out.printf(
          Locale.ROOT,
          "  %,10d %6.1f%%  %-16s  %-11s  %s%n",
          c.count(),
          percent(c.count(), events),
          c.classId(),
          c.kind().name().toLowerCase(Locale.ROOT),
          c.example());
    }
  }

  /** Prepared-statement templates: counted apart, since replay can never run them. */
  private void templates(PrintWriter out, WorkloadStats stats, List<ClassStats> classes) {
    if (stats.templates() == 0) {
      return;
    }
    section(
        out,
        "Prepared-statement templates (? placeholders, no values: replay skips them)",
        classes,
        c -> c.kind() == StatementKind.TEMPLATE,
        c -> "template");
    out.printf(Locale.ROOT, "  values: %s%n", WorkloadStats.TEMPLATE_VALUES_FROM);
  }

  private void coverage(PrintWriter out, ClassCoverage coverage) {
    if (coverage == null) {
      return;
    }
    out.println();
    coverage.describe(top).forEach(out::println);
  }

  private void section(
      PrintWriter out,
      String title,
      List<ClassStats> classes,
      Predicate<ClassStats> which,
      Function<ClassStats, String> why) {
    List<ClassStats> matching = classes.stream().filter(which).toList();
    long events = matching.stream().mapToLong(ClassStats::count).sum();
    out.println();
    out.printf(Locale.ROOT, "%s: %,d classes, %,d events%n", title, matching.size(), events);
    for (ClassStats c : matching.subList(0, Math.min(top, matching.size()))) {
      out.printf(
          Locale.ROOT,
          "  %,10d  %-16s  %-11s  %s%n      %s%n",
          c.count(),
          c.classId(),
          c.kind().name().toLowerCase(Locale.ROOT),
          why.apply(c),
          c.example());
    }
    if (matching.size() > top) {
      out.printf(Locale.ROOT, "  ... and %,d more (--top to see more)%n", matching.size() - top);
    }
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? 0 : 100.0 * part / whole;
  }

  static String humanDuration(Duration d) {
    long s = d.getSeconds();
    if (s < 60) {
      return String.format(Locale.ROOT, "%.3f s", d.toMillis() / 1000.0);
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
    }
    if (s < 86400) {
      return String.format(Locale.ROOT, "%dh %02dm %02ds", s / 3600, (s / 60) % 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dd %02dh %02dm", s / 86400, (s / 3600) % 24, (s / 60) % 60);
  }
}
