package io.querytester.report;

import static io.querytester.report.HtmlParts.n;

/**
 * The "Class details" section of report.html: the detail of each detailed class, worst first, and
 * how many were left out.
 */
final class HtmlDetails {
  private final Report r;
  private final Html h;

  HtmlDetails(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "details").el("h2", "Class details").newline();
    long shown = 0;
    for (Report.ClassEntry c : r.classes()) {
      if (c.detailed()) {
        new HtmlClassDetail(c, r.gate().latencyMinSamples(), h).write();
        shown++;
      }
    }
    if (shown == 0) {
      h.el("p", "No class to detail.", "class", "empty");
    }
    if (shown < r.totals().classesListed()) {
      h.el(
          "p",
          "Details are shown for the first "
              + n(shown)
              + " classes, worst first (--max-detailed-classes); the table above lists "
              + n(r.totals().classesListed())
              + ".",
          "class",
          "cut");
    }
    h.close("section").newline();
  }
}
