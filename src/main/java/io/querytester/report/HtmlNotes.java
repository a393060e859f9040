package io.querytester.report;

import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.num;

/**
 * The "Notes and limits" section of report.html: the run's notes and what was left out to keep the
 * report small, with the option that shows more.
 */
final class HtmlNotes {
  private final Report r;
  private final Html h;

  HtmlNotes(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "notes").el("h2", "Notes and limits").newline();
    if (r.notes().isEmpty() && r.cut().isEmpty()) {
      h.el("p", "Nothing was left out of this report.", "class", "empty");
    }
    if (!r.notes().isEmpty()) {
      h.open("ul");
      for (String note : r.notes()) {
        h.el("li", note);
      }
      h.close("ul");
    }
    if (!r.cut().isEmpty()) {
      h.el("p", "Left out to keep this report small:").open("table", "class", "data");
      head(h, "what", "shown", "of", "raise with");
      h.open("tbody");
      for (Report.Cut c : r.cut()) {
        h.open("tr").el("td", c.what());
        num(h, c.shown());
        num(h, c.total());
        h.open("td").el("code", c.option()).close("tr");
      }
      h.close("table");
    }
    h.close("section").newline();
  }
}
