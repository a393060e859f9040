package io.querytester.report;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.compare.DiffKind;
import io.querytester.compare.Difference;
import io.querytester.compare.RunSummary;
import io.querytester.replay.RunInfo;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The console summary: a verdict line, then a table of classes, worst first. */
public final class ConsoleReport {
  private final PrintWriter out;
  private final boolean color;
  private final int maxClasses;

  public ConsoleReport(PrintWriter out, boolean color, int maxClasses) {
    this.out = out;
    this.color = color;
    this.maxClasses = maxClasses;
  }

  public void print(RunSummary s) {
    verdictLine(s);
    sides(s.info());
    out.println();
    table(s.classes());
    examples(s.classes());
    skipped(s);
    s.notes().forEach(n -> out.println("note: " + n));
    out.flush();
  }

  private void verdictLine(RunSummary s) {
    long regressions = s.classesByVerdict().getOrDefault(ClassVerdict.REGRESSION, 0L);
    String text =
        switch (s.verdict()) {
          case REGRESSION ->
              "REGRESSIONS: " + regressions + " of " + s.classes().size() + " query classes";
          case CHANGED -> "NO REGRESSIONS (some minor differences)";
          default -> "NO REGRESSIONS";
        };
    out.println(
        paint(s.verdict() == ClassVerdict.REGRESSION ? RED : GREEN, text)
            + String.format(
                Locale.ROOT,
                "  -  %,d events, %,d run on both sides, %,d skipped, %.1f s",
                s.events(),
                s.executed(),
                s.skipped().values().stream().mapToLong(Long::longValue).sum(),
                s.durationSeconds()));
    if (!s.byKind().isEmpty()) {
      out.println(
          "executions with differences: "
              + s.byKind().entrySet().stream()
                  .map(e -> e.getKey().label() + " " + e.getValue())
                  .collect(Collectors.joining(", ")));
    }
  }

  private void sides(RunInfo info) {
    for (RunInfo.Side side : info.targets()) {
      out.println(side.label() + ": " + side.spec() + "  " + side.version());
    }
  }

  private void table(List<ClassSummary> classes) {
    out.println(
        String.format(
            Locale.ROOT,
            "%-17s %-16s %6s  %-34s %9s %9s %7s  %s",
            "verdict",
            "class",
            "execs",
            "differences",
            "p50 old",
            "p50 new",
            "ratio",
            "statement"));
    int shown = 0;
    for (ClassSummary c : classes) {
      if (c.verdict() == ClassVerdict.SKIPPED) {
        continue;
      }
      if (shown++ == maxClasses) {
        out.println(
            "... " + (classes.size() - maxClasses) + " more classes in the HTML and JSON reports");
        break;
      }
      out.println(
          String.format(
              Locale.ROOT,
              "%-17s %-16s %6d  %-34s %9s %9s %7s  %s",
              paint(
                      colorOf(c.verdict()),
                      String.format(
                          Locale.ROOT, "%-17s", c.verdict().name().toLowerCase(Locale.ROOT)))
                  .strip(),
              c.classId(),
              c.executions(),
              abbreviate(kinds(c.differences()), 34),
              micros(c.oldLatency().p50()),
              micros(c.newLatency().p50()),
              ratio(c),
              abbreviate(oneLine(c.example() == null ? c.fingerprint() : c.example()), 60)));
    }
  }

  private void examples(List<ClassSummary> classes) {
    boolean header = false;
    for (ClassSummary c : classes) {
      if (c.verdict() != ClassVerdict.REGRESSION || c.examples().isEmpty()) {
        continue;
      }
      if (!header) {
        out.println();
        out.println("regressions, one example each:");
        header = true;
      }
      ClassSummary.Example e = c.examples().getFirst();
      out.println(
          "  "
              + c.classId()
              + "  "
              + abbreviate(oneLine(e.sql() == null ? c.example() : e.sql()), 110));
      for (Difference d : e.differences()) {
        out.println("      " + d.kind().label() + ": " + abbreviate(oneLine(d.detail()), 120));
        if (d.samples() != null) {
          d.samples().onlyOld().stream()
              .limit(2)
              .forEach(
                  r -> out.println("        OLD only: " + abbreviate(oneLine(r.toString()), 110)));
          d.samples().onlyNew().stream()
              .limit(2)
              .forEach(
                  r -> out.println("        NEW only: " + abbreviate(oneLine(r.toString()), 110)));
        }
      }
    }
  }

  private void skipped(RunSummary s) {
    if (!s.skipped().isEmpty()) {
      out.println();
      out.println(
          "skipped (not replayed): "
              + s.skipped().entrySet().stream()
                  .map(e -> e.getKey() + " " + e.getValue())
                  .collect(Collectors.joining(", ")));
    }
  }

  private static String kinds(Map<DiffKind, Long> diffs) {
    if (diffs.isEmpty()) {
      return "-";
    }
    return diffs.entrySet().stream()
        .map(e -> e.getKey().label() + " " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  private static String ratio(ClassSummary c) {
    if (c.oldLatency().count() == 0 || c.newLatency().count() == 0 || c.oldLatency().p50() == 0) {
      return "-";
    }
    return String.format(
        Locale.ROOT, "%.2fx", (double) c.newLatency().p50() / c.oldLatency().p50());
  }

  static String micros(long us) {
    if (us == 0) {
      return "-";
    }
    return us < 1000
        ? us + "us"
        : us < 1_000_000
            ? String.format(Locale.ROOT, "%.1fms", us / 1000.0)
            : String.format(Locale.ROOT, "%.2fs", us / 1e6);
  }

  static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s+", " ").strip();
  }

  static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }

  private static final String RED = "\u001b[31;1m";
  private static final String GREEN = "\u001b[32;1m";
  private static final String YELLOW = "\u001b[33m";
  private static final String RESET = "\u001b[0m";

  private static String colorOf(ClassVerdict v) {
    return switch (v) {
      case REGRESSION -> RED;
      case NONDETERMINISTIC, CHANGED -> YELLOW;
      default -> "";
    };
  }

  private String paint(String code, String text) {
    return color && !code.isEmpty() ? code + text + RESET : text;
  }
}
