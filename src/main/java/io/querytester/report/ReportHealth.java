package io.querytester.report;

import io.querytester.run.CounterDelta;
import io.querytester.run.CrashEvent;
import io.querytester.run.HealthReport;
import io.querytester.run.LogClassRow;
import io.querytester.run.RestartEvent;
import io.querytester.run.StatementRef;
import io.querytester.run.TargetHealth;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Turns what the health watch saw into the report's health section: one finding per crash (with the
 * statements in flight), one per error-log class that one side logged and the other did not (or far
 * less), the counters side by side. Statements and messages go through the report's redaction.
 */
final class ReportHealth {
  /** Completed statements before a crash shown in its detail; report.json has no more room. */
  static final int RECENT_SHOWN = 5;

  private final UnaryOperator<String> statement;
  private final UnaryOperator<String> message;

  /**
   * @param statement redacts and cuts a statement
   * @param message redacts and cuts a message (error-log lines, causes)
   */
  ReportHealth(UnaryOperator<String> statement, UnaryOperator<String> message) {
    this.statement = statement;
    this.message = message;
  }

  Report.Health of(HealthReport h) {
    return new Report.Health(
        h.targets().stream().map(ReportHealth::target).toList(),
        crashes(h),
        errorLog(h.errorLog(), h.targets()),
        h.counters().stream().map(ReportHealth::counter).toList(),
        other(h.targets()));
  }

  private static Report.HealthTarget target(TargetHealth t) {
    return new Report.HealthTarget(
        t.side(),
        t.crashes(),
        t.restarts(),
        t.downReason(),
        t.uptimeEnd(),
        t.statements(),
        t.errorLogSource(),
        t.startup().size(),
        t.complete());
  }

  private static Report.Counter counter(CounterDelta d) {
    return new Report.Counter(
        d.name(), d.old(), d.neu(), d.oldPer1000(), d.newPer1000(), d.worse());
  }

  private List<Report.Finding> crashes(HealthReport h) {
    List<Report.Finding> out = new ArrayList<>();
    for (CrashEvent c : h.crashes()) {
      RestartEvent after =
          h.restarts().stream()
              .filter(r -> r.side().equals(c.side()) && r.crash() == c.number())
              .findFirst()
              .orElse(null);
      String title =
          "crash #"
              + c.number()
              + ": "
              + c.cause()
              + " - "
              + (after == null ? c.action() : after.message());
      out.add(
          new Report.Finding(
              c.side(),
              message.apply(title),
              detail(c),
              1,
              c.at(),
              c.inFlight().stream()
                  .map(
                      s ->
                          new Report.FindingStatement(
                              s.event(), s.classId(), statement.apply(s.sql())))
                  .toList()));
    }
    return out;
  }

  private String detail(CrashEvent c) {
    StringBuilder b = new StringBuilder();
    b.append(c.inFlight().isEmpty() ? "no replayed statement was in flight" : "in flight:");
    for (StatementRef s : c.inFlight()) {
      b.append("\n  event ")
          .append(s.event())
          .append(", class ")
          .append(s.classId())
          .append(": ")
          .append(statement.apply(s.sql()));
    }
    if (c.lostAfter() > 0) {
      b.append("\n").append(c.lostAfter()).append(" statement(s) sent after it had gone");
    }
    List<StatementRef> recent = c.recent();
    if (!recent.isEmpty()) {
      b.append("\nlast completed before:");
      for (StatementRef s :
          recent.subList(Math.max(0, recent.size() - RECENT_SHOWN), recent.size())) {
        b.append("\n  event ").append(s.event()).append(": ").append(statement.apply(s.sql()));
      }
    }
    for (String crasher : c.crashers()) {
      b.append("\nclass ").append(crasher).append(" is a crasher: not replayed after this crash");
    }
    b.append("\nlast seen up: ")
        .append(c.lastSeenUp())
        .append(", uptime then: ")
        .append(c.uptimeBefore())
        .append(" s");
    return b.toString();
  }

  private List<Report.Finding> errorLog(List<LogClassRow> rows, List<TargetHealth> targets) {
    String oldSide = targets.isEmpty() ? "OLD" : targets.get(0).side();
    String newSide = targets.size() > 1 ? targets.get(1).side() : "NEW";
    List<Report.Finding> out = new ArrayList<>();
    for (LogClassRow r : rows) {
      if (r.change() == LogClassRow.Change.BOTH) {
        continue;
      }
      boolean onNew = r.regression();
      LogClassRow.Count mine = onNew ? r.neu() : r.old();
      String title =
          r.change().label()
              + ": "
              + (r.level() == null ? "" : "[" + r.level() + "] ")
              + (r.code() == null ? "" : "[" + r.code() + "] ")
              + r.example();
      String detail =
          "class: "
              + r.key()
              + "\n"
              + oldSide
              + ": "
              + count(r.old())
              + "\n"
              + newSide
              + ": "
              + count(r.neu());
      out.add(
          new Report.Finding(
              onNew ? newSide : oldSide,
              message.apply(title),
              message.apply(detail),
              mine == null ? 0 : mine.count(),
              mine == null ? null : mine.first(),
              List.of()));
    }
    return out;
  }

  private static String count(LogClassRow.Count c) {
    if (c == null) {
      return "not read";
    }
    if (c.count() == 0) {
      return "none";
    }
    return String.format(
        Locale.ROOT, "%,d line(s), %s to %s", c.count(), time(c.first()), time(c.last()));
  }

  private static String time(Instant t) {
    return t == null ? "?" : t.toString();
  }

  private List<Report.Finding> other(List<TargetHealth> targets) {
    List<Report.Finding> out = new ArrayList<>();
    for (TargetHealth t : targets) {
      for (String n : t.notes()) {
        out.add(new Report.Finding(t.side(), message.apply(n), null, 1, null, List.of()));
      }
    }
    return out;
  }
}
