package io.querytester.report;

import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.lower;
import static io.querytester.report.HtmlParts.num;

import io.querytester.TextCut;
import java.util.Map;
import java.util.TreeMap;

/**
 * The "Skipped statements" section of report.html: the events not replayed, by reason, by statement
 * kind and by class.
 */
final class HtmlSkipped {
  private final Report r;
  private final Html h;

  HtmlSkipped(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "skipped").el("h2", "Skipped statements").newline();
    if (r.skipped().isEmpty()) {
      h.el("p", "Every event was replayed on both sides.", "class", "empty");
      h.close("section").newline();
      return;
    }
    h.el("p", "Not replayed, by reason (writes need --allow-writes; unsafe reads are never run):");
    h.open("table", "class", "data");
    head(h, "reason", "events");
    h.open("tbody");
    for (Report.SkipCount s : r.skipped()) {
      h.open("tr").el("td", s.reason());
      num(h, s.events());
      h.close("tr");
    }
    h.close("table");
    byKind();
    h.close("section").newline();
  }

  /** Skipped events by statement kind, with the classes that had them (listed classes only). */
  private void byKind() {
    Map<String, long[]> byKind = new TreeMap<>();
    for (Report.ClassEntry c : r.classes()) {
      if (c.skipped() > 0) {
        long[] n = byKind.computeIfAbsent(lower(c.kind()), k -> new long[2]);
        n[0] += c.skipped();
        n[1]++;
      }
    }
    h.el("h3", "By statement kind").open("table", "class", "data");
    head(h, "kind", "events", "classes");
    h.open("tbody");
    for (Map.Entry<String, long[]> e : byKind.entrySet()) {
      h.open("tr").el("td", e.getKey());
      num(h, e.getValue()[0]);
      num(h, e.getValue()[1]);
      h.close("tr");
    }
    h.close("table").open("details").el("summary", "Skipped classes");
    h.open("table", "class", "data");
    head(h, "class", "kind", "events", "reason", "statement");
    h.open("tbody");
    for (Report.ClassEntry c : r.classes()) {
      if (c.skipped() > 0) {
        h.open("tr").el("td", c.classId(), "class", "id").el("td", lower(c.kind()));
        num(h, c.skipped());
        h.el("td", c.skipReason());
        h.el("td", TextCut.abbreviate(Units.oneLine(c.example()), 200), "class", "sql");
        h.close("tr");
      }
    }
    h.close("details");
  }
}
