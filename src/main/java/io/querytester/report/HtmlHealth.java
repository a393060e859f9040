package io.querytester.report;

import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.n;
import static io.querytester.report.HtmlParts.num;
import static io.querytester.report.HtmlParts.time;

import java.util.List;
import java.util.Locale;

/**
 * The health sections of report.html: the servers during the replay, their crashes and restarts,
 * the error-log messages of one side, the trouble counters and any other health finding.
 */
final class HtmlHealth {
  private final Report.Health health;
  private final Html h;

  HtmlHealth(Report.Health health, Html h) {
    this.health = health;
    this.h = h;
  }

  void write() {
    targets();
    String notWatched = "The health watch did not run for this run.";
    boolean watched = !health.targets().isEmpty();
    findings(
        "crashes",
        "Crashes and restarts",
        health.crashes(),
        watched ? "No server crashed, restarted or went away during the replay." : notWatched);
    findings(
        "error-log",
        "Error-log messages of one side",
        health.errorLog(),
        watched
            ? "No error-log message class was logged during the replay by one side only (or far"
                + " more often); start-up lines are not compared."
            : notWatched);
    counters();
    if (!health.other().isEmpty()) {
      findings("health-other", "Other health findings", health.other(), "");
    }
  }

  private void targets() {
    h.open("section", "id", "health").el("h2", "The servers during the replay").newline();
    if (health.targets().isEmpty()) {
      h.el(
          "p",
          "The health watch did not run for this run (it watches every replay's servers: uptime,"
              + " crashes, error log, counters).",
          "class",
          "empty");
      h.close("section").newline();
      return;
    }
    h.open("table", "class", "data");
    head(
        h,
        "side",
        "crashes",
        "restarts",
        "uptime at the end",
        "statements",
        "error log",
        "start-up log classes");
    h.open("tbody");
    for (Report.HealthTarget t : health.targets()) {
      h.open("tr").el("td", t.side());
      num(h, t.crashes());
      num(h, t.restarts());
      h.el(
          "td",
          t.down() != null
              ? "down: " + t.down()
              : t.uptimeEnd() == null ? "not read" : t.uptimeEnd() + " s");
      num(h, t.statements());
      h.el("td", t.errorLog() == null ? "not read" : t.errorLog());
      num(h, t.startupClasses());
      h.close("tr");
    }
    h.close("section").newline();
  }

  private void counters() {
    h.open("section", "id", "counters").el("h2", "Server counters").newline();
    List<Report.Counter> list = health.counters();
    if (list.isEmpty()) {
      h.el(
          "p",
          "No trouble counter rose during the replay (aborted connections, deadlocks, lock waits,"
              + " temporary tables on disk ...).",
          "class",
          "empty");
      h.close("section").newline();
      return;
    }
    h.el(
        "p",
        "How much each counter rose during the replay, and per 1,000 statements replayed on each"
            + " side.");
    h.open("table", "class", "data");
    head(h, "counter", "OLD", "NEW", "OLD per 1,000", "NEW per 1,000", "");
    h.open("tbody");
    for (Report.Counter c : list) {
      h.open("tr").el("td", c.name());
      h.el("td", c.old() == null ? "-" : n(c.old()), "class", "num");
      h.el("td", c.neu() == null ? "-" : n(c.neu()), "class", "num");
      h.el("td", rate(c.oldPer1000()), "class", "num");
      h.el("td", rate(c.newPer1000()), "class", "num").open("td");
      if (c.worseOnNew()) {
        h.el("strong", "worse on NEW");
      }
      h.close("tr");
    }
    h.close("section").newline();
  }

  private static String rate(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  private void findings(String id, String title, List<Report.Finding> list, String empty) {
    h.open("section", "id", id).el("h2", title).newline();
    if (list.isEmpty()) {
      h.el("p", empty, "class", "empty").close("section").newline();
      return;
    }
    h.open("table", "class", "data");
    head(h, "side", "what", "count", "first seen", "detail");
    h.open("tbody");
    for (Report.Finding f : list) {
      h.open("tr").el("td", f.side()).el("td", f.title());
      num(h, f.count());
      h.el("td", f.at() == null ? "" : time(f.at()));
      h.open("td").el("pre", f.detail()).close("tr");
    }
    h.close("section").newline();
  }
}
