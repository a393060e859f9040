package io.querytester.report;

import static io.querytester.report.HtmlParts.css;
import static io.querytester.report.HtmlParts.lower;
import static io.querytester.report.HtmlParts.n;

import io.querytester.explain.Plan;
import io.querytester.run.DiffKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The detail block of one class in report.html: statements, differences, samples, latency. */
final class HtmlClassDetail {
  private final Report.ClassEntry c;
  private final int minSamples;
  private final Html h;

  /**
   * @param minSamples executions each side needs for a latency chart: fewer draw noise
   */
  HtmlClassDetail(Report.ClassEntry c, int minSamples, Html h) {
    this.c = c;
    this.minSamples = minSamples;
    this.h = h;
  }

  void write() {
    h.open("article", "class", "cls v-" + css(c.verdict()), "id", "c-" + c.classId());
    h.open("h3").el("span", lower(c.verdict()), "class", "badge v-" + css(c.verdict()));
    h.text(" " + c.classId() + " ");
    h.el("small", lower(c.kind()) + ", " + n(c.executions()) + " executions").close().newline();
    String why = Triage.why(c);
    if (!why.isEmpty()) {
      h.open("p", "class", "why").el("b", "Why: ").text(why).close();
    }
    h.el("div", "Fingerprint", "class", "label").el("pre", c.fingerprint(), "class", "sql");
    if (c.example() != null) {
      h.el("div", "Example statement", "class", "label").el("pre", c.example(), "class", "sql");
    }
    differences();
    latency();
    plan();
    new HtmlCauses(h).of(c.cause());
    examples();
    h.open("p").el("a", "back to the table", "href", "#classes").close();
    h.close("article").newline();
  }

  private void differences() {
    if (c.differences().isEmpty() && c.nondeterminism().isEmpty()) {
      h.el("p", "No difference between OLD and NEW.", "class", "empty");
      return;
    }
    h.open("ul", "class", "diffs");
    for (Report.ClassDiff d : c.differences()) {
      h.open("li").el("b", d.label()).text(" ").el("small", d.kind());
      h.text(" in " + n(d.executions()) + " of " + n(c.executions()) + " executions: ");
      if (d.acceptedReason() != null) {
        h.el("span", "accepted", "class", "badge v-accepted").text(" " + d.acceptedReason());
      } else if (d.failsGate()) {
        h.el("b", "fails the run", "class", "bad");
      } else {
        h.text("does not fail the run");
      }
      h.close();
    }
    for (String why : c.nondeterminism()) {
      h.open("li").el("b", "nondeterministic").text(": " + why).close();
    }
    h.close("ul").newline();
  }

  private void latency() {
    Report.Latency l = c.latency();
    h.open("div", "class", "grid").open("div").open("table", "class", "data lat");
    h.open("thead").open("tr");
    for (String col : new String[] {"", "count", "p50", "p95", "p99", "max"}) {
      h.el("th", col);
    }
    h.close("thead").open("tbody");
    percentileRow("OLD", l.old());
    percentileRow("NEW", l.neu());
    h.close("table").open("p").text("Latency: ");
    h.el("b", LatencyEvidence.word(l.verdict()), "class", "lat-" + css(l.verdict()));
    h.text(", p50 " + Units.ratio(l.p50Ratio()) + ", p99 " + Units.ratio(l.p99Ratio()));
    if (l.pValue() != null) {
      h.text(String.format(Locale.ROOT, ", Mann-Whitney p = %.3g", l.pValue()));
    }
    String grounds = LatencyEvidence.text(l);
    if (grounds != null) {
      h.single("br").text(grounds);
    }
    h.close("p").close("div").open("div");
    long fewest = Math.min(l.old().count(), l.neu().count());
    if (fewest >= minSamples) {
      Charts.percentiles(
          h, c.curve(), "Latency percentiles of class " + c.classId() + ", OLD vs NEW");
    } else if (c.curve() != null) {
      h.el(
          "p",
          "No latency chart: "
              + n(fewest)
              + " executions on a side draw noise, not a curve (at least "
              + minSamples
              + ", --latency-min-samples).",
          "class",
          "empty nochart");
    }
    h.close("div").close("div").newline();
  }

  /** OLD's and NEW's plans side by side, each cell that differs from the other side marked. */
  private void plan() {
    Report.PlanInfo p = c.plan();
    if (p == null) {
      return;
    }
    h.open("div", "class", "label").text("Plans (" + String.join("; ", p.reasons()) + ")").close();
    h.open("p", "class", "plan-" + css(p.status())).el("b", p.summary()).close();
    h.open("div", "class", "grid plans");
    planSide("OLD", p.old(), p.neu(), p.oldError());
    planSide("NEW", p.neu(), p.old(), p.newError());
    h.close("div").newline();
  }

  private void planSide(String side, Plan plan, Plan other, String error) {
    h.open("div").el("h4", side);
    if (plan == null) {
      h.el("p", "not read: " + error, "class", "empty");
      h.close("div");
      return;
    }
    Map<String, Plan.Table> others = new HashMap<>();
    if (other != null) {
      other.tables().forEach(t -> others.putIfAbsent(t.table(), t));
    }
    h.open("table", "class", "data plan").open("thead").open("tr");
    for (String col :
        new String[] {
          "table",
          "access",
          "key",
          "key len",
          "rows",
          "filtered",
          "rowid filter",
          "ICP",
          "join buffer"
        }) {
      h.el("th", col);
    }
    h.close("thead").open("tbody");
    int i = 0;
    for (Plan.Table t : plan.tables()) {
      Plan.Table o = others.get(t.table());
      boolean moved =
          other == null
              || i >= other.tables().size()
              || !other.tables().get(i).table().equals(t.table());
      i++;
      h.open("tr");
      planCell(t.table(), moved);
      planCell(t.access(), o == null || !Objects.equals(t.access(), o.access()));
      planCell(t.key(), o == null || !Objects.equals(t.key(), o.key()));
      planCell(t.keyLength(), o == null || !Objects.equals(t.keyLength(), o.keyLength()));
      planCell(t.rows(), o != null && !Objects.equals(t.rows(), o.rows()));
      planCell(t.filtered(), o != null && !Objects.equals(t.filtered(), o.filtered()));
      planCell(t.rowidFilter(), o == null || !Objects.equals(t.rowidFilter(), o.rowidFilter()));
      planCell(
          Boolean.TRUE.equals(t.indexCondition()) ? "yes" : null,
          o == null
              || Boolean.TRUE.equals(t.indexCondition())
                  != Boolean.TRUE.equals(o.indexCondition()));
      planCell(t.joinBuffer(), o == null || !Objects.equals(t.joinBuffer(), o.joinBuffer()));
      h.close("tr");
    }
    h.close("table");
    List<String> lines = plan.lines();
    if (lines.size() > plan.tables().size()) {
      boolean changed =
          other == null
              || plan.temporary() != other.temporary()
              || plan.filesort() != other.filesort()
              || !plan.subqueries().equals(other.subqueries())
              || !plan.notes().equals(other.notes())
              || !Objects.equals(plan.histograms(), other.histograms());
      h.el("p", lines.getLast(), "class", changed ? "chg" : null);
    }
    h.el("small", plan.source());
    h.close("div");
  }

  private void planCell(Object value, boolean changed) {
    h.el("td", value == null ? "-" : value, "class", changed ? "chg" : null);
  }

  private void percentileRow(String side, Report.Percentiles p) {
    h.open("tr").el("th", side);
    h.el("td", n(p.count()), "class", "num");
    for (long v : new long[] {p.p50(), p.p95(), p.p99(), p.max()}) {
      h.el("td", Units.micros(v), "class", "num");
    }
    h.close();
  }

  private void examples() {
    if (c.examples().isEmpty()) {
      return;
    }
    h.el("h4", "Differing executions");
    for (Report.Example e : c.examples()) {
      h.open("div", "class", "example").el("div", "Event " + e.event(), "class", "label");
      h.el("pre", e.sql(), "class", "sql");
      if (e.oldError() != null || e.newError() != null) {
        h.open("table", "class", "data sbs").open("thead").open("tr");
        h.el("th", "OLD").el("th", "NEW").close("thead").open("tbody").open("tr");
        errorCell(e.oldError());
        errorCell(e.newError());
        h.close("table");
      }
      for (Report.Diff d : e.differences()) {
        h.open("p", "class", "diff").el("b", label(d.kind())).text(": " + d.detail()).close();
        if (d.samples() != null) {
          samples(d.samples());
        }
      }
      h.close("div").newline();
    }
  }

  private void errorCell(String error) {
    h.open("td", "class", "val");
    if (error == null) {
      h.el("span", "no error", "class", "ok");
    } else {
      h.el("span", error, "class", "bad");
    }
    h.close();
  }

  /** OLD-only and NEW-only rows side by side, paired, with the differing values marked. */
  private void samples(Report.Samples s) {
    List<int[]> pairs = pair(s.onlyOld(), s.onlyNew());
    String paired = byKey(s.onlyOld(), s.onlyNew()) ? "paired by-key" : "paired by-position";
    String span = Integer.toString(s.columns().size());
    h.open("div", "class", "scroll").open("table", "class", "data sbs samples");
    h.open("thead").open("tr");
    h.el("th", "OLD only", "class", "side", "colspan", span);
    h.el("th", "NEW only", "class", "side new", "colspan", span).close().open("tr");
    for (int side = 0; side < 2; side++) {
      for (int i = 0; i < s.columns().size(); i++) {
        h.el("th", s.columns().get(i), "class", i == 0 && side == 1 ? "split" : null);
      }
    }
    h.close("thead").open("tbody");
    for (int[] p : pairs) {
      List<String> old = p[0] < 0 ? null : s.onlyOld().get(p[0]);
      List<String> neu = p[1] < 0 ? null : s.onlyNew().get(p[1]);
      h.open("tr", "class", old != null && neu != null ? paired : null);
      rowCells(old, neu, s.columns().size(), false);
      rowCells(neu, old, s.columns().size(), true);
      h.close();
    }
    h.close("div");
    if (s.truncated()) {
      h.el(
          "p",
          "More rows differ than are shown (--max-sample-rows; replay --max-samples).",
          "class",
          "cut");
    }
  }

  private void rowCells(List<String> row, List<String> other, int columns, boolean split) {
    for (int i = 0; i < columns; i++) {
      String cls = i == 0 && split ? "split " : "";
      if (row == null) {
        h.el("td", "", "class", cls + "none");
        continue;
      }
      String v = i < row.size() ? row.get(i) : null;
      boolean differs = other != null && !Objects.equals(v, i < other.size() ? other.get(i) : null);
      h.open("td", "class", cls + "val" + (differs ? " d" : ""));
      if (v == null) {
        h.el("i", "NULL", "class", "null");
      } else if (v.isEmpty()) {
        h.el("i", "''", "class", "null");
      } else {
        h.text(v);
      }
      h.close();
    }
  }

  /**
   * Pairs OLD-only with NEW-only rows: by the first column when it identifies rows on both sides (a
   * key), otherwise by position. Returns pairs of row indexes, -1 for a missing side.
   */
  static List<int[]> pair(List<List<String>> old, List<List<String>> neu) {
    List<int[]> out = new ArrayList<>();
    Map<String, Integer> newByKey = keys(neu);
    if (!byKey(old, neu)) {
      for (int i = 0; i < Math.max(old.size(), neu.size()); i++) {
        out.add(new int[] {i < old.size() ? i : -1, i < neu.size() ? i : -1});
      }
      return out;
    }
    Set<Integer> usedNew = new HashSet<>();
    for (int i = 0; i < old.size(); i++) {
      Integer j = newByKey.get(first(old.get(i)));
      if (j != null) {
        usedNew.add(j);
      }
      out.add(new int[] {i, j == null ? -1 : j});
    }
    for (int j = 0; j < neu.size(); j++) {
      if (!usedNew.contains(j)) {
        out.add(new int[] {-1, j});
      }
    }
    return out;
  }

  /** Whether {@link #pair} pairs these rows by their first column (else by position). */
  static boolean byKey(List<List<String>> old, List<List<String>> neu) {
    Map<String, Integer> newByKey = keys(neu);
    Map<String, Integer> oldByKey = keys(old);
    return newByKey != null && oldByKey != null && shareKey(oldByKey, newByKey);
  }

  /** First-column value to row index, or null when the first column repeats (not a key). */
  private static Map<String, Integer> keys(List<List<String>> rows) {
    Map<String, Integer> out = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      if (out.put(first(rows.get(i)), i) != null) {
        return null;
      }
    }
    return out;
  }

  private static boolean shareKey(Map<String, Integer> a, Map<String, Integer> b) {
    for (String k : a.keySet()) {
      if (b.containsKey(k)) {
        return true;
      }
    }
    return false;
  }

  private static String first(List<String> row) {
    return row.isEmpty() ? "\u0000empty" : String.valueOf(row.getFirst());
  }

  private static String label(String kind) {
    try {
      return DiffKind.valueOf(kind).label();
    } catch (IllegalArgumentException e) {
      return kind;
    }
  }
}
