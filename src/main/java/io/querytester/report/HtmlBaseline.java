package io.querytester.report;

import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.n;
import static io.querytester.report.HtmlParts.time;

/**
 * The "Baseline" section of report.html: the baseline applied, how much of it matched, and its
 * stale entries; or how to accept differences when none was applied.
 */
final class HtmlBaseline {
  private final Report.BaselineInfo b;
  private final Html h;

  /**
   * @param b the baseline applied; null when there was none
   */
  HtmlBaseline(Report.BaselineInfo b, Html h) {
    this.b = b;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "baseline").el("h2", "Baseline of accepted differences").newline();
    if (b == null) {
      h.open("p", "class", "empty")
          .text("No baseline was applied. Accept reviewed differences with ");
      h.el("code", "querytester baseline accept RUN_DIR --reason \"...\"").text(".");
      h.close("section").newline();
      return;
    }
    h.el(
        "p",
        b.file()
            + ": "
            + n(b.entries())
            + " entries, "
            + n(b.applied())
            + " matched a difference of this run, "
            + n(b.stale().size())
            + " stale.");
    if (!b.stale().isEmpty()) {
      h.el("h3", "Stale entries (no such difference in this run: remove them from the baseline)");
      h.open("table", "class", "data");
      head(h, "class", "kind", "reason", "by", "at", "fingerprint");
      h.open("tbody");
      for (Report.BaselineEntry e : b.stale()) {
        h.open("tr").el("td", e.classId(), "class", "id").el("td", e.kind());
        h.el("td", e.reason()).el("td", e.by()).el("td", e.at() == null ? "" : time(e.at()));
        h.el("td", e.fingerprint(), "class", "sql").close("tr");
      }
      h.close("table");
    }
    h.close("section").newline();
  }
}
