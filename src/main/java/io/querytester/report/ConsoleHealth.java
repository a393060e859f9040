package io.querytester.report;

import io.querytester.TextCut;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The health part of the console summary: each target's crashes, restarts and uptime, each crash
 * with its statements in flight, the error-log classes of one side only, the counters that rose.
 */
final class ConsoleHealth {
  static final int MAX_LOG_ROWS = 10;
  static final int MAX_COUNTERS = 15;
  static final int WIDTH = 100;

  private final PrintWriter out;
  private final String red;
  private final String reset;

  ConsoleHealth(PrintWriter out, String red, String reset) {
    this.out = out;
    this.red = red;
    this.reset = reset;
  }

  void print(Report.Health h) {
    if (h.targets().isEmpty() && h.crashes().isEmpty()) {
      return;
    }
    out.println();
    out.println("health of the targets during the replay:");
    for (Report.HealthTarget t : h.targets()) {
      out.println("  " + target(t));
    }
    crashes(h.crashes());
    errorLog(h.errorLog());
    counters(h.counters(), h.targets().size() > 1);
  }

  private static String target(Report.HealthTarget t) {
    StringBuilder b = new StringBuilder(t.side() + ": ");
    b.append(t.crashes() == 0 ? "no crash" : t.crashes() + " crash(es)");
    if (t.restarts() > 0) {
      b.append(", ").append(t.restarts()).append(" restart(s)");
    }
    if (t.down() != null) {
      b.append(", DOWN at the end");
    } else if (t.uptimeEnd() != null) {
      b.append(", uptime at the end ").append(t.uptimeEnd()).append(" s");
    }
    b.append(String.format(Locale.ROOT, ", %,d statements", t.statements()));
    b.append(t.errorLog() == null ? ", error log not read" : ", error log " + t.errorLog());
    if (!t.complete()) {
      b.append(" (no summary: the tool stopped early)");
    }
    return b.toString();
  }

  private void crashes(List<Report.Finding> crashes) {
    for (Report.Finding c : crashes) {
      out.println(
          "  " + red + "CRASH" + reset + " of " + c.side() + " at " + c.at() + ": " + c.title());
      if (c.detail() != null) {
        for (String l : c.detail().lines().toList()) {
          String indent = l.substring(0, l.length() - l.stripLeading().length());
          out.println("    " + indent + cut(l, WIDTH));
        }
      }
    }
  }

  private void errorLog(List<Report.Finding> rows) {
    if (rows.isEmpty()) {
      return;
    }
    out.println("  error-log classes logged during the replay on one side only or far more often:");
    int n = 0;
    for (Report.Finding r : rows) {
      if (n++ == MAX_LOG_ROWS) {
        out.println(
            "    ... " + (rows.size() - MAX_LOG_ROWS) + " more in report.html and report.json");
        break;
      }
      out.println(
          String.format(
              Locale.ROOT, "    %-4s %,6d  %s", r.side(), r.count(), cut(r.title(), WIDTH)));
    }
  }

  private void counters(List<Report.Counter> counters, boolean pair) {
    if (counters.isEmpty()) {
      return;
    }
    out.println(
        pair
            ? "  server counters that rose (OLD / NEW, and per 1,000 statements):"
            : "  server counters that rose (and per 1,000 statements):");
    int n = 0;
    for (Report.Counter d : counters) {
      if (n++ == MAX_COUNTERS) {
        out.println(
            "    ... " + (counters.size() - MAX_COUNTERS) + " more in report.html and report.json");
        break;
      }
      String line =
          pair
              ? String.format(
                  Locale.ROOT,
                  "    %-36s %9s / %-9s  %9s / %-9s",
                  d.name(),
                  number(d.old()),
                  number(d.neu()),
                  rate(d.oldPer1000()),
                  rate(d.newPer1000()))
              : String.format(
                  Locale.ROOT,
                  "    %-36s %9s  %9s",
                  d.name(),
                  number(d.old()),
                  rate(d.oldPer1000()));
      out.println(
          d.worseOnNew() ? line + "  " + red + "worse on NEW" + reset : line.stripTrailing());
    }
  }

  private static String cut(String s, int max) {
    String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
    return TextCut.abbreviate(t, max);
  }

  private static String number(Long v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%,d", v);
  }

  private static String rate(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
