package io.querytester.report;

import static io.querytester.report.HtmlParts.badge;
import static io.querytester.report.HtmlParts.cell;
import static io.querytester.report.HtmlParts.classId;
import static io.querytester.report.HtmlParts.css;
import static io.querytester.report.HtmlParts.lower;
import static io.querytester.report.HtmlParts.n;
import static io.querytester.report.HtmlParts.num;

import io.querytester.TextCut;

/**
 * The "Query classes" section of report.html: every listed class in a row, worst first, with a
 * filter and columns that sort.
 */
final class HtmlClassTable {
  private final Report r;
  private final Html h;

  HtmlClassTable(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "classes").el("h2", "Query classes").newline();
    h.open("div", "class", "filters");
    h.single(
        "input",
        "id",
        "qt-filter",
        "type",
        "search",
        "placeholder",
        "Filter: class id, why, statement, kind...");
    h.open("select", "id", "qt-verdict").el("option", "every verdict", "value", "");
    for (String v : r.classesByVerdict().keySet()) {
      h.el("option", lower(v), "value", v);
    }
    h.close("select").text(" ").el("span", "", "id", "qt-count").close("div").newline();
    h.open("div", "class", "scroll tall")
        .open("table", "id", "qt-classes", "class", "data sortable");
    h.open("thead").open("tr");
    String[][] cols = {
      {"verdict", "n"},
      {"class", "s"},
      {"why", "s"},
      {"kind", "s"},
      {"execs", "n"},
      {"result", "n"},
      {"meta", "n"},
      {"warn", "n"},
      {"errors n/f/c", "n"},
      {"p50 OLD", "n"},
      {"p50 NEW", "n"},
      {"p99 OLD", "n"},
      {"p99 NEW", "n"},
      {"p50 ratio", "n"},
      {"latency", "s"},
      {"statement", "s"}
    };
    for (String[] c : cols) {
      String title =
          c[0].startsWith("errors")
              ? "executions failing on NEW only / on OLD only / on both, differently; "
              : c[0].equals("why") ? "the first difference that fails the run, in words; " : "";
      h.el("th", c[0], "data-type", c[1], "title", title + "click to sort");
    }
    h.close("thead").open("tbody").newline();
    int rank = 0;
    for (Report.ClassEntry c : r.classes()) {
      row(c, rank++);
    }
    h.close("div");
    if (r.totals().classesListed() < r.totals().classes()) {
      h.el(
          "p",
          n(r.totals().classes() - r.totals().classesListed())
              + " more classes are not listed (--max-classes); they are the least different.",
          "class",
          "cut");
    }
    h.close("section").newline();
  }

  private void row(Report.ClassEntry c, int rank) {
    Report.Latency l = c.latency();
    long result = count(c, "RESULT", "ROW_COUNT", "ROW_ORDER");
    long meta = count(c, "METADATA", "METADATA_WIDTH", "COLUMN_DEFINITION");
    long warn = count(c, "WARNINGS");
    Report.Errors e = c.errors();
    h.open("tr", "data-verdict", c.verdict());
    cell(h, "v-" + css(c.verdict()), rank);
    badge(h, c.verdict()).close();
    h.open("td", "class", "id");
    classId(h, c).close();
    h.el("td", TextCut.abbreviate(Triage.why(c), 200), "class", "why");
    h.el("td", lower(c.kind()));
    num(h, c.executions());
    cell(h, "num", result).text(result < 0 ? "-" : n(result)).close();
    cell(h, "num", meta).text(meta < 0 ? "-" : n(meta)).close();
    cell(h, "num", warn).text(warn < 0 ? "-" : n(warn)).close();
    long errors = e.neu() + e.fixed() + e.changed();
    cell(h, "num", errors)
        .text(errors == 0 ? "-" : e.neu() + "/" + e.fixed() + "/" + e.changed())
        .close();
    cell(h, "num", l.old().p50()).text(Units.micros(l.old().p50())).close();
    cell(h, "num", l.neu().p50()).text(Units.micros(l.neu().p50())).close();
    cell(h, "num", l.old().p99()).text(Units.micros(l.old().p99())).close();
    cell(h, "num", l.neu().p99()).text(Units.micros(l.neu().p99())).close();
    double ratio = l.p50Ratio() == null ? -1 : l.p50Ratio();
    cell(h, "num", ratio).text(Units.ratio(l.p50Ratio())).close();
    String grounds = LatencyEvidence.text(l);
    h.el(
        "td",
        LatencyEvidence.word(l.verdict()),
        "class",
        "lat-" + css(l.verdict()),
        "title",
        grounds);
    String text = c.fingerprint() != null ? c.fingerprint() : c.example();
    h.el("td", TextCut.abbreviate(Units.oneLine(text), 160), "class", "sql").close("tr").newline();
  }

  /** Executions with any of these kinds; -1 when the class has none of them. */
  private static long count(Report.ClassEntry c, String... kinds) {
    long n = -1;
    for (Report.ClassDiff d : c.differences()) {
      for (String k : kinds) {
        if (d.kind().equals(k)) {
          n = Math.max(0, n) + d.executions();
        }
      }
    }
    return n;
  }
}
