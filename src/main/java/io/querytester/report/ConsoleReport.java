package io.querytester.report;

import io.querytester.TextCut;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The console summary: a verdict line, the servers, then a table of classes, worst first, with
 * executions, result / metadata / warning differences, errors new / fixed / changed, latency p50
 * and p99 OLD vs NEW with the ratio and the latency verdict; then one example per regression.
 * Colour only when asked (on a terminal by default).
 */
public final class ConsoleReport {
  private static final String MIDDLE = "%-16s %7s %7s %6s %6s %-12s %8s %8s %8s %8s %6s";

  private final PrintWriter out;
  private final boolean color;
  private final int maxClasses;

  public ConsoleReport(PrintWriter out, boolean color, int maxClasses) {
    this.out = out;
    this.color = color;
    this.maxClasses = maxClasses;
  }

  /** The verdict line alone, for --quiet. */
  public void printVerdict(Report r) {
    out.println(verdictLine(r));
    out.flush();
  }

  public void print(Report r) {
    out.println(verdictLine(r));
    for (Report.Server s : r.servers()) {
      out.println("  " + s.label() + ": " + s.spec() + "  " + s.version());
    }
    if (!r.differences().isEmpty()) {
      out.println(
          "  executions with differences: "
              + r.differences().stream()
                  .map(k -> k.label() + " " + k.executions() + (k.failsGate() ? "" : " (ok)"))
                  .collect(Collectors.joining(", ")));
    }
    out.println();
    table(r.classes(), r.totals().classes());
    examples(r.classes());
    new ConsoleLatency(out).print(r);
    plans(r.classes());
    causes(r);
    health(r.health());
    new ConsoleData(out, color ? RED : "", color ? RESET : "").print(r.data());
    skipped(r);
    baseline(r.baseline());
    r.notes().forEach(n -> out.println("note: " + n));
    r.cut()
        .forEach(
            c ->
                out.printf(
                    Locale.ROOT,
                    "cut: %s: %,d of %,d (%s)%n",
                    c.what(),
                    c.shown(),
                    c.total(),
                    c.option()));
    if (r.redacted()) {
      out.println("note: literals and values are redacted (--redact)");
    }
    out.flush();
  }

  String verdictLine(Report r) {
    String code = r.verdict().equals("REGRESSION") ? RED : GREEN;
    return paint(code, r.headline())
        + String.format(
            Locale.ROOT,
            "  -  %,d events, %,d run on both sides, %,d skipped, %.1f s",
            r.totals().events(),
            r.totals().executed(),
            r.totals().skippedEvents(),
            r.run().durationSeconds())
        + (r.run().shards() == null ? "" : "  -  " + r.run().shardText());
  }

  private void table(List<Report.ClassEntry> classes, long total) {
    out.println(
        line(
            "verdict",
            String.format(
                Locale.ROOT,
                MIDDLE,
                "class",
                "execs",
                "result",
                "meta",
                "warn",
                "errors n/f/c",
                "p50 OLD",
                "p50 NEW",
                "p99 OLD",
                "p99 NEW",
                "p50 x"),
            "latency",
            "statement",
            null));
    int shown = 0;
    for (Report.ClassEntry c : classes) {
      if (c.verdict().equals("SKIPPED")) {
        continue;
      }
      if (shown == maxClasses) {
        out.printf(
            Locale.ROOT,
            "... %,d more classes in report.html and report.json (--console-classes N)%n",
            total - shown);
        break;
      }
      shown++;
      out.println(row(c));
    }
  }

  private String row(Report.ClassEntry c) {
    Report.Latency l = c.latency();
    String middle =
        String.format(
            Locale.ROOT,
            MIDDLE,
            c.classId(),
            c.executions(),
            count(c, "RESULT", "ROW_COUNT", "ROW_ORDER"),
            count(c, "METADATA", "METADATA_WIDTH", "COLUMN_DEFINITION"),
            count(c, "WARNINGS"),
            errors(c.errors()),
            Units.micros(l.old().p50()),
            Units.micros(l.neu().p50()),
            Units.micros(l.old().p99()),
            Units.micros(l.neu().p99()),
            Units.ratio(l.p50Ratio()));
    String statement =
        TextCut.abbreviate(Units.oneLine(c.example() == null ? c.fingerprint() : c.example()), 60);
    return line(
        c.verdict().toLowerCase(Locale.ROOT),
        middle,
        LatencyEvidence.word(l.verdict()),
        statement,
        c);
  }

  /** Cells are padded before they are coloured, so that colour codes never shift the columns. */
  private String line(
      String verdict, String middle, String latency, String statement, Report.ClassEntry c) {
    String v = String.format(Locale.ROOT, "%-16s", verdict);
    String l = String.format(Locale.ROOT, "%-10s", latency);
    if (c != null) {
      v = paint(colorOf(c.verdict()), v);
      l = paint(colorOfLatency(c.latency().verdict()), l);
    }
    return v + " " + middle + " " + l + " " + statement;
  }

  private static String count(Report.ClassEntry c, String... kinds) {
    long n = 0;
    boolean any = false;
    for (Report.ClassDiff d : c.differences()) {
      for (String k : kinds) {
        if (d.kind().equals(k)) {
          n += d.executions();
          any = true;
        }
      }
    }
    return any ? Long.toString(n) : "-";
  }

  private static String errors(Report.Errors e) {
    if (e.neu() + e.fixed() + e.changed() == 0) {
      return "-";
    }
    return e.neu() + "/" + e.fixed() + "/" + e.changed();
  }

  private void examples(List<Report.ClassEntry> classes) {
    boolean header = false;
    for (Report.ClassEntry c : classes) {
      if (!c.verdict().equals("REGRESSION")) {
        continue;
      }
      if (!header) {
        out.println();
        out.println("regressions, one example each:");
        header = true;
      }
      out.println(
          "  "
              + paint(RED, c.classId())
              + "  "
              + TextCut.abbreviate(Units.oneLine(JunitReport.message(c)), 120));
      if (c.examples().isEmpty()) {
        out.println("      " + TextCut.abbreviate(Units.oneLine(c.example()), 110));
        continue;
      }
      Report.Example e = c.examples().getFirst();
      out.println("      " + TextCut.abbreviate(Units.oneLine(e.sql()), 110));
      if (c.cause() != null) {
        out.println("      cause: " + TextCut.abbreviate(Units.oneLine(c.cause().summary()), 200));
      }
      for (Report.Diff d : e.differences()) {
        out.println(
            "      " + label(d.kind()) + ": " + TextCut.abbreviate(Units.oneLine(d.detail()), 120));
        if (d.samples() != null) {
          d.samples().onlyOld().stream()
              .limit(2)
              .forEach(r -> out.println("        OLD only: " + row(r)));
          d.samples().onlyNew().stream()
              .limit(2)
              .forEach(r -> out.println("        NEW only: " + row(r)));
        }
      }
    }
  }

  /**
   * The cause step: a line per class that settings explain (what, and the statement that restores
   * OLD's behaviour), then the others counted by what the step found.
   */
  private void causes(Report r) {
    Report.CauseStep step = r.causes();
    if (step == null) {
      return;
    }
    out.println();
    out.println(
        String.format(
            Locale.ROOT,
            "causes, OLD's session settings tried on NEW (%d candidates, %.1f s):",
            step.candidates().size(),
            step.seconds()));
    if (step.unavailable() != null) {
      out.println("  " + step.unavailable());
      return;
    }
    java.util.Map<String, List<String>> others = new java.util.TreeMap<>();
    for (Report.ClassEntry c : r.classes()) {
      if (c.cause() == null) {
        continue;
      }
      if (io.querytester.explain.Cause.SETTINGS.equals(c.cause().status())) {
        out.println(
            "  "
                + c.classId()
                + "  "
                + TextCut.abbreviate(Units.oneLine(c.cause().summary()), 220));
      } else {
        others
            .computeIfAbsent(c.cause().status(), k -> new java.util.ArrayList<>())
            .add(c.classId());
      }
    }
    others.forEach(
        (status, ids) ->
            out.println(
                "  "
                    + ids.size()
                    + (ids.size() == 1 ? " class: " : " classes: ")
                    + io.querytester.explain.CauseText.status(status)
                    + " ("
                    + String.join(" ", ids.subList(0, Math.min(8, ids.size())))
                    + (ids.size() > 8 ? " ..." : "")
                    + ")"));
    step.skipped().forEach(s -> out.println("  not done: " + s));
  }

  /** One line per class whose plans were read: what changed, or that nothing did. */
  private void plans(List<Report.ClassEntry> classes) {
    List<Report.ClassEntry> with = classes.stream().filter(c -> c.plan() != null).toList();
    if (with.isEmpty()) {
      return;
    }
    out.println();
    out.println(
        "plans, OLD vs NEW (classes whose latency, row order or ORDER BY ... LIMIT result changed):");
    for (Report.ClassEntry c : with) {
      out.println(
          "  "
              + c.classId()
              + "  "
              + TextCut.abbreviate(Units.oneLine(c.plan().summary()), 100)
              + "  ["
              + String.join("; ", c.plan().reasons())
              + "]");
    }
  }

  private static String row(List<String> values) {
    return TextCut.abbreviate(
        Units.oneLine(
            values.stream().map(v -> v == null ? "NULL" : v).collect(Collectors.joining(" | "))),
        110);
  }

  private static String label(String kind) {
    try {
      return io.querytester.run.DiffKind.valueOf(kind).label();
    } catch (IllegalArgumentException e) {
      return kind;
    }
  }

  private void health(Report.Health h) {
    new ConsoleHealth(out, color ? RED : "", color ? RESET : "").print(h);
  }

  private void skipped(Report r) {
    if (!r.skipped().isEmpty()) {
      out.println();
      out.println(
          "skipped (not replayed): "
              + r.skipped().stream()
                  .map(s -> s.reason() + " " + s.events())
                  .collect(Collectors.joining(", ")));
    }
  }

  private void baseline(Report.BaselineInfo b) {
    if (b == null) {
      return;
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "baseline %s: %d entries, %d applied, %d stale%n",
        b.file(),
        b.entries(),
        b.applied(),
        b.stale().size());
    b.stale()
        .forEach(
            e ->
                out.println(
                    "  stale: "
                        + e.classId()
                        + " "
                        + e.kind()
                        + " ("
                        + e.reason()
                        + "): no such difference in this run"));
  }

  private static final String RED = "\u001b[31;1m";
  private static final String GREEN = "\u001b[32;1m";
  private static final String YELLOW = "\u001b[33m";
  private static final String CYAN = "\u001b[36m";
  private static final String RESET = "\u001b[0m";

  private static String colorOf(String verdict) {
    return switch (verdict) {
      case "REGRESSION" -> RED;
      case "NONDETERMINISTIC", "CHANGED" -> YELLOW;
      case "ACCEPTED" -> CYAN;
      default -> "";
    };
  }

  private static String colorOfLatency(String verdict) {
    return verdict == null
        ? ""
        : switch (verdict) {
          case "DEGRADED" -> RED;
          case "BORDERLINE" -> YELLOW;
          case "IMPROVED" -> GREEN;
          default -> "";
        };
  }

  private String paint(String code, String text) {
    return color && !code.isEmpty() ? code + text + RESET : text;
  }
}
