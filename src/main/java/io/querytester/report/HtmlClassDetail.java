package io.querytester.report;

import static io.querytester.report.HtmlReport.css;
import static io.querytester.report.HtmlReport.n;
import static io.querytester.report.Xml.escape;

import io.querytester.run.DiffKind;
import java.io.IOException;
import java.io.Writer;
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
  private final Writer w;

  HtmlClassDetail(Report.ClassEntry c, Writer w) {
    this.c = c;
    this.w = w;
  }

  void write() throws IOException {
    out("<article class=\"cls v-" + css(c.verdict()) + "\" id=\"c-" + escape(c.classId()) + "\">");
    out("<h3><span class=\"badge v-" + css(c.verdict()) + "\">" + escape(lower(c.verdict())));
    out("</span> " + escape(c.classId()) + " <small>" + escape(lower(c.kind())) + ", ");
    out(n(c.executions()) + " executions</small></h3>\n");
    out(
        "<div class=\"label\">Fingerprint</div><pre class=\"sql\">"
            + escape(c.fingerprint())
            + "</pre>");
    if (c.example() != null) {
      out(
          "<div class=\"label\">Example statement</div><pre class=\"sql\">"
              + escape(c.example())
              + "</pre>");
    }
    differences();
    latency();
    examples();
    out("<p><a href=\"#classes\">back to the table</a></p></article>\n");
  }

  private void differences() throws IOException {
    if (c.differences().isEmpty() && c.nondeterminism().isEmpty()) {
      out("<p class=\"empty\">No difference between OLD and NEW.</p>");
      return;
    }
    out("<ul class=\"diffs\">");
    for (Report.ClassDiff d : c.differences()) {
      String status =
          d.acceptedReason() != null
              ? "<span class=\"badge v-accepted\">accepted</span> " + escape(d.acceptedReason())
              : d.failsGate() ? "<b class=\"bad\">fails the run</b>" : "does not fail the run";
      out(
          "<li><b>"
              + escape(d.label())
              + "</b> <small>"
              + escape(d.kind())
              + "</small> in "
              + n(d.executions())
              + " of "
              + n(c.executions())
              + " executions: "
              + status
              + "</li>");
    }
    for (String why : c.nondeterminism()) {
      out("<li><b>nondeterministic</b>: " + escape(why) + "</li>");
    }
    out("</ul>\n");
  }

  private void latency() throws IOException {
    Report.Latency l = c.latency();
    out("<div class=\"grid\"><div><table class=\"data lat\"><thead><tr><th></th><th>count</th>");
    out("<th>p50</th><th>p95</th><th>p99</th><th>max</th></tr></thead><tbody>");
    percentileRow("OLD", l.old());
    percentileRow("NEW", l.neu());
    out("</tbody></table><p>Latency: <b class=\"lat-" + css(l.verdict()) + "\">");
    out(escape(HtmlReport.latencyWord(l.verdict())) + "</b>");
    out(
        ", p50 "
            + escape(Units.ratio(l.p50Ratio()))
            + ", p99 "
            + escape(Units.ratio(l.p99Ratio())));
    if (l.pValue() != null) {
      out(String.format(Locale.ROOT, ", Mann-Whitney p = %.3g", l.pValue()));
    }
    out("</p></div><div>");
    out(
        Charts.percentiles(
            c.curve(), "Latency percentiles of class " + c.classId() + ", OLD vs NEW"));
    out("</div></div>\n");
  }

  private void percentileRow(String side, Report.Percentiles p) throws IOException {
    out(
        "<tr><th>"
            + side
            + "</th><td class=\"num\">"
            + n(p.count())
            + "</td><td class=\"num\">"
            + Units.micros(p.p50())
            + "</td><td class=\"num\">"
            + Units.micros(p.p95())
            + "</td><td class=\"num\">"
            + Units.micros(p.p99())
            + "</td><td class=\"num\">"
            + Units.micros(p.max())
            + "</td></tr>");
  }

  private void examples() throws IOException {
    if (c.examples().isEmpty()) {
      return;
    }
    out("<h4>Differing executions</h4>");
    for (Report.Example e : c.examples()) {
      out("<div class=\"example\"><div class=\"label\">Event " + e.event() + "</div>");
      out("<pre class=\"sql\">" + escape(e.sql()) + "</pre>");
      if (e.oldError() != null || e.newError() != null) {
        out(
            "<table class=\"data sbs\"><thead><tr><th>OLD</th><th>NEW</th></tr></thead><tbody><tr>");
        out("<td class=\"val\">" + errorCell(e.oldError()) + "</td>");
        out("<td class=\"val\">" + errorCell(e.newError()) + "</td></tr></tbody></table>");
      }
      for (Report.Diff d : e.differences()) {
        out(
            "<p class=\"diff\"><b>"
                + escape(label(d.kind()))
                + "</b>: "
                + escape(d.detail())
                + "</p>");
        if (d.samples() != null) {
          samples(d.samples());
        }
      }
      out("</div>\n");
    }
  }

  private static String errorCell(String error) {
    return error == null
        ? "<span class=\"ok\">no error</span>"
        : "<span class=\"bad\">" + escape(error) + "</span>";
  }

  /** OLD-only and NEW-only rows side by side, paired, with the differing values marked. */
  private void samples(Report.Samples s) throws IOException {
    List<int[]> pairs = pair(s.onlyOld(), s.onlyNew());
    out("<div class=\"scroll\"><table class=\"data sbs samples\"><thead><tr>");
    out("<th class=\"side\" colspan=\"" + s.columns().size() + "\">OLD only</th>");
    out("<th class=\"side new\" colspan=\"" + s.columns().size() + "\">NEW only</th></tr><tr>");
    for (int side = 0; side < 2; side++) {
      for (int i = 0; i < s.columns().size(); i++) {
        out(
            "<th"
                + (i == 0 && side == 1 ? " class=\"split\"" : "")
                + ">"
                + escape(s.columns().get(i))
                + "</th>");
      }
    }
    out("</tr></thead><tbody>");
    for (int[] p : pairs) {
      List<String> old = p[0] < 0 ? null : s.onlyOld().get(p[0]);
      List<String> neu = p[1] < 0 ? null : s.onlyNew().get(p[1]);
      out("<tr>");
      rowCells(old, neu, s.columns().size(), false);
      rowCells(neu, old, s.columns().size(), true);
      out("</tr>");
    }
    out("</tbody></table></div>");
    if (s.truncated()) {
      out(
          "<p class=\"cut\">More rows differ than are shown (--max-sample-rows; replay --max-samples).</p>");
    }
  }

  private void rowCells(List<String> row, List<String> other, int columns, boolean split)
      throws IOException {
    for (int i = 0; i < columns; i++) {
      String cls = i == 0 && split ? "split " : "";
      if (row == null) {
        out("<td class=\"" + cls + "none\"></td>");
        continue;
      }
      String v = i < row.size() ? row.get(i) : null;
      boolean differs = other != null && !Objects.equals(v, i < other.size() ? other.get(i) : null);
      out("<td class=\"" + cls + "val" + (differs ? " d" : "") + "\">" + value(v) + "</td>");
    }
  }

  private static String value(String v) {
    if (v == null) {
      return "<i class=\"null\">NULL</i>";
    }
    if (v.isEmpty()) {
      return "<i class=\"null\">''</i>";
    }
    return escape(v);
  }

  /**
   * Pairs OLD-only with NEW-only rows: by the first column when it identifies rows on both sides (a
   * key), otherwise by position. Returns pairs of row indexes, -1 for a missing side.
   */
  static List<int[]> pair(List<List<String>> old, List<List<String>> neu) {
    List<int[]> out = new ArrayList<>();
    Map<String, Integer> newByKey = keys(neu);
    Map<String, Integer> oldByKey = keys(old);
    boolean byKey = newByKey != null && oldByKey != null && shareKey(oldByKey, newByKey);
    if (!byKey) {
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

  private static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }

  private void out(String s) throws IOException {
    w.write(s);
  }
}
