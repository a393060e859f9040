package io.querytester.report;

import io.querytester.health.CounterDelta;
import io.querytester.health.CrashEvent;
import io.querytester.health.HealthReport;
import io.querytester.health.LogClassRow;
import io.querytester.health.StatementRef;
import io.querytester.health.TargetHealth;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The health part of the console summary: crashes, new error-log classes, counter rises. */
final class ConsoleHealth {
  static final int MAX_LOG_ROWS = 10;
  static final int MAX_COUNTERS = 15;

  private final PrintWriter out;
  private final String red;
  private final String reset;

  ConsoleHealth(PrintWriter out, String red, String reset) {
    this.out = out;
    this.red = red;
    this.reset = reset;
  }

  void print(HealthReport h) {
    if (!h.watched()) {
      return;
    }
    out.println();
    out.println("health of the targets during the replay:");
    for (TargetHealth t : h.targets()) {
      out.println("  " + target(t));
    }
    crashes(h.crashes());
    errorLog(h.errorLog());
    counters(h.counters(), h.targets().size() > 1);
  }

  private static String target(TargetHealth t) {
    StringBuilder b = new StringBuilder(t.side() + ": ");
    b.append(t.crashes() == 0 ? "no crash" : t.crashes() + " crash(es)");
    if (t.restarts() > 0) {
      b.append(", ").append(t.restarts()).append(" restart(s)");
    }
    if (t.downReason() != null) {
      b.append(", DOWN at the end");
    } else if (t.uptimeEnd() != null) {
      b.append(", uptime at the end ").append(t.uptimeEnd()).append(" s");
    }
    b.append(String.format(Locale.ROOT, ", %,d statements", t.statements()));
    b.append(
        t.errorLogSource() == null ? ", error log not read" : ", error log " + t.errorLogSource());
    if (!t.complete()) {
      b.append(" (no summary: the tool stopped early)");
    }
    return b.toString();
  }

  private void crashes(List<CrashEvent> crashes) {
    for (CrashEvent c : crashes) {
      out.println(
          "  "
              + red
              + "CRASH"
              + reset
              + " of "
              + c.side()
              + " #"
              + c.number()
              + " at "
              + c.at()
              + ": "
              + c.cause());
      out.println("    then: " + c.action());
      if (c.inFlight().isEmpty()) {
        out.println("    no replayed statement was in flight");
      }
      for (StatementRef s : c.inFlight()) {
        out.println(
            "    in flight: event "
                + s.event()
                + "  class "
                + s.classId()
                + "  "
                + ConsoleReport.abbreviate(ConsoleReport.oneLine(s.sql()), 90));
      }
      for (String crasher : c.crashers()) {
        out.println(
            "    "
                + red
                + "crasher"
                + reset
                + ": class "
                + crasher
                + " is not replayed after this");
      }
      if (c.lostAfter() > 0) {
        out.println("    " + c.lostAfter() + " statement(s) sent after it had gone");
      }
      if (!c.recent().isEmpty()) {
        StatementRef last = c.recent().getLast();
        out.println(
            "    last completed before ("
                + c.recent().size()
                + " listed in the reports): event "
                + last.event()
                + "  "
                + ConsoleReport.abbreviate(ConsoleReport.oneLine(last.sql()), 80));
      }
    }
  }

  private void errorLog(List<LogClassRow> rows) {
    List<LogClassRow> shown =
        rows.stream().filter(r -> r.change() != LogClassRow.Change.BOTH).toList();
    if (shown.isEmpty()) {
      return;
    }
    out.println("  error-log classes logged during the replay on one side only or far more often:");
    int n = 0;
    for (LogClassRow r : shown) {
      if (n++ == MAX_LOG_ROWS) {
        out.println("    ... " + (shown.size() - MAX_LOG_ROWS) + " more in the report files");
        break;
      }
      out.println(
          String.format(
              Locale.ROOT,
              "    %-11s %-8s OLD %,5d  NEW %,5d  %s",
              r.change().label(),
              r.level() == null ? "-" : r.level(),
              r.old() == null ? 0 : r.old().count(),
              r.neu() == null ? 0 : r.neu().count(),
              ConsoleReport.abbreviate(ConsoleReport.oneLine(r.example()), 90)));
    }
  }

  private void counters(List<CounterDelta> counters, boolean pair) {
    if (counters.isEmpty()) {
      return;
    }
    out.println(
        pair
            ? "  server counters that rose (OLD / NEW, and per 1,000 statements):"
            : "  server counters that rose (and per 1,000 statements):");
    int n = 0;
    for (CounterDelta d : counters) {
      if (n++ == MAX_COUNTERS) {
        out.println("    ... " + (counters.size() - MAX_COUNTERS) + " more in the report files");
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
      out.println(d.worse() ? line + "  " + red + "worse on NEW" + reset : line);
    }
  }

  private static String number(Long v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%,d", v);
  }

  private static String rate(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
