package io.querytester.report;

import static io.querytester.report.HtmlParts.n;

import io.querytester.run.DataCheck;
import java.util.Collection;

/**
 * The "Data at the end" section of report.html: a write replay's final data, OLD against NEW, a row
 * per table the workload wrote, then each differing table's first differing chunk and rows.
 */
final class HtmlData {
  private final Report.Data d;
  private final Html h;

  HtmlData(Report.Data d, Html h) {
    this.d = d;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "data").el("h2", "Data at the end").newline();
    if (d == null) {
      h.el(
          "p",
          "Not compared: a replay compares the tables it wrote only with --allow-writes.",
          "class",
          "empty");
      h.close("section").newline();
      return;
    }
    boolean bad = d.failsGate() && d.verdict().equals("DIFFERENT");
    h.el("p", d.summary(), "class", bad ? "bad" : null);
    if (!d.tables().isEmpty()) {
      tables();
    }
    for (DataCheck.Table t : d.tables()) {
      if (!t.samples().isEmpty()) {
        rows(t);
      }
    }
    if (!d.notes().isEmpty()) {
      h.open("ul");
      d.notes().forEach(note -> h.el("li", note));
      h.close("ul");
    }
    h.close("section").newline();
  }

  private void tables() {
    h.open("table", "class", "data").open("thead").open("tr");
    for (String c :
        new String[] {
          "table", "status", "rows OLD", "rows NEW", "chunks", "differing", "key", "what differs"
        }) {
      h.el("th", c);
    }
    h.close("thead").open("tbody");
    for (DataCheck.Table t : d.tables()) {
      h.open("tr").el("td", t.table(), "class", "id").open("td");
      h.el("span", t.status().words(), "class", "badge " + badge(t.status())).close();
      h.el("td", n(t.rowsOld()), "class", "num").el("td", n(t.rowsNew()), "class", "num");
      h.el("td", n(t.chunks()), "class", "num").el("td", n(t.differingChunks()), "class", "num");
      h.el(
          "td",
          t.key().isEmpty()
              ? (t.chunks() > 0 ? "none: compared whole" : "")
              : t.key() + " (" + String.join(", ", t.keyColumns()) + ")");
      h.el("td", DataText.line(t), "class", "why").close("tr");
    }
    h.close("table").newline();
  }

  private void rows(DataCheck.Table t) {
    h.open("details", "open", "").el("summary", t.table() + ": differing rows");
    if (t.first() != null) {
      h.el("p", "First differing " + DataText.chunk(t) + ".");
    }
    h.open("div", "class", "scroll").open("table", "class", "data samples");
    h.open("thead").open("tr");
    for (String c : new String[] {"row", "key", "column", "OLD", "NEW"}) {
      h.el("th", c);
    }
    h.close("thead").open("tbody");
    for (DataCheck.Row r : t.samples()) {
      String kind =
          switch (r.kind()) {
            case ONLY_OLD -> "on OLD only";
            case ONLY_NEW -> "on NEW only";
            case DIFFERENT -> "other values";
          };
      Collection<String> columns =
          r.kind() == DataCheck.Row.Kind.DIFFERENT
              ? r.columns()
              : (r.old().isEmpty() ? r.neu() : r.old()).keySet();
      boolean first = true;
      for (String c : columns) {
        h.open("tr").el("td", first ? kind : "");
        h.el("td", first ? String.join(", ", r.key()) : "", "class", "val").el("td", c);
        h.el("td", r.old().get(c), "class", "val").el("td", r.neu().get(c), "class", "val");
        h.close("tr");
        first = false;
      }
    }
    h.close("details").newline();
  }

  private String badge(DataCheck.Status s) {
    if (s.diverged()) {
      return d.failsGate() ? "v-regression" : "v-changed";
    }
    return s == DataCheck.Status.EQUAL ? "v-same" : "v-skipped";
  }
}
