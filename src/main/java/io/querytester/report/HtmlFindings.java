package io.querytester.report;

import static io.querytester.report.HtmlParts.badge;
import static io.querytester.report.HtmlParts.classId;
import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.n;
import static io.querytester.report.HtmlParts.num;
import static io.querytester.report.HtmlParts.plural;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The "Findings" section of report.html: classes grouped by cause, one row per thing to look at.
 */
final class HtmlFindings {
  /** Class ids shown in a finding's row; the rest are counted. */
  private static final int FINDING_CLASSES = 12;

  private final Report r;
  private final Html h;

  HtmlFindings(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "findings").el("h2", "Findings: classes grouped by cause").newline();
    List<Report.FindingEntry> list = r.findings() == null ? List.of() : r.findings();
    if (list.isEmpty()) {
      h.el("p", "No class differs between OLD and NEW.", "class", "empty").close("section");
      h.newline();
      return;
    }
    long classes = list.stream().mapToLong(f -> f.classIds().size()).sum();
    h.el(
        "p",
        plural(classes, "listed class", "listed classes")
            + " with differences come down to "
            + plural(list.size(), "finding", "findings")
            + ": classes share one when the cause step found the same settings to explain them,"
            + " when their first difference has the same error, warning or column type change"
            + " (names and numbers masked), when their first differing values show the same word"
            + " replaced by the same other word, or the same change of a value's shape with the"
            + " same warnings. The biggest first within each verdict.");
    Map<String, Report.ClassEntry> byId = new HashMap<>();
    r.classes().forEach(c -> byId.put(c.classId(), c));
    h.open("div", "class", "scroll tall").open("table", "id", "qt-findings", "class", "data");
    // the cause last: scripts and readers count the columns before it
    head(h, "verdict", "why", "classes", "executions", "class ids", "cause");
    h.open("tbody");
    for (Report.FindingEntry f : list) {
      h.open("tr", "data-verdict", f.verdict(), "data-kind", f.kind()).open("td");
      badge(h, f.verdict()).close();
      h.el("td", f.why(), "class", "why");
      num(h, f.classIds().size());
      num(h, f.executions());
      h.open("td", "class", "ids");
      int shown = 0;
      for (String id : f.classIds()) {
        if (shown++ == FINDING_CLASSES) {
          h.text(" and " + n(f.classIds().size() - FINDING_CLASSES) + " more");
          break;
        }
        Report.ClassEntry c = byId.get(id);
        if (c != null) {
          classId(h, c).text(" ");
        }
      }
      h.close("td");
      h.el("td", f.cause() == null ? "" : f.cause(), "class", "why cause");
      h.close("tr").newline();
    }
    h.close("div").close("section").newline();
  }
}
