package io.querytester.report;

import static io.querytester.report.Xml.escape;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code report.html}: one self-contained file that opens offline: inline CSS, a small inline
 * script for sorting and filtering, charts as inline SVG. Everything from the run (statements,
 * values, messages, names) is escaped, and a Content-Security-Policy forbids any network load, so a
 * hostile value can neither run script nor call home.
 */
public final class HtmlReport {
  public static final String FILE = "report.html";

  private final Report r;
  private final Writer w;

  private HtmlReport(Report r, Writer w) {
    this.r = r;
    this.w = w;
  }

  public static Path write(Report report, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      new HtmlReport(report, w).page();
    }
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }

  static void write(Report report, Writer w) throws IOException {
    new HtmlReport(report, w).page();
  }

  private void page() throws IOException {
    head();
    banner();
    overview();
    classTable();
    details();
    health();
    skipped();
    baseline();
    notes();
    out("<footer>Written by " + escape(r.tool()) + " at " + escape(time(r.generatedAt())));
    out(". Data in this page: report.json next to it (docs/report-json.md).</footer>\n");
    out("<script>\n" + resource("report.js") + "</script>\n</body>\n</html>\n");
  }

  private void head() throws IOException {
    out("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            + "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n");
    out("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out("<title>querytester: " + escape(r.headline()) + "</title>\n");
    out("<style>\n" + resource("report.css") + "</style>\n</head>\n");
    // The first script only records errors, so that a failing page says so in its own DOM.
    out("<body data-qt-ready=\"0\">\n<script>window.qtErrors=[];");
    out("window.addEventListener('error',function(e){window.qtErrors.push(String(e.message));");
    out("document.body.setAttribute('data-qt-errors',window.qtErrors.join(' | '));});</script>\n");
  }

  private void banner() throws IOException {
    out("<header class=\"banner v-" + css(r.verdict()) + "\"><h1>" + escape(r.headline()));
    out("</h1><p>");
    for (Report.Server s : r.servers()) {
      out(
          "<span class=\"side\"><b>"
              + escape(s.label())
              + "</b> "
              + escape(s.version())
              + " <small>"
              + escape(s.spec())
              + "</small></span> ");
    }
    out("</p></header>\n<nav>");
    String[][] links = {
      {"overview", "Overview"},
      {"classes", "Classes"},
      {"details", "Details"},
      {"health", "Health"},
      {"crashes", "Crashes"},
      {"error-log", "Error log"},
      {"counters", "Counters"},
      {"skipped", "Skipped"},
      {"baseline", "Baseline"},
      {"notes", "Notes and limits"}
    };
    for (String[] l : links) {
      out("<a href=\"#" + l[0] + "\">" + l[1] + "</a>");
    }
    out("</nav>\n<main>\n");
  }

  private void overview() throws IOException {
    out("<section id=\"overview\"><h2>Overview</h2>\n<div class=\"grid\"><div>");
    Report.Totals t = r.totals();
    out("<table class=\"kv\">");
    kv(
        "Verdict",
        "<span class=\"badge v-"
            + css(r.verdict())
            + "\">"
            + escape(r.verdict())
            + "</span> (exit code "
            + r.exitCode()
            + ")");
    for (Report.Server s : r.servers()) {
      kv(s.label(), escape(s.version()) + "<br><small>" + escape(s.spec()) + "</small>");
    }
    kv(
        "Workload",
        escape(r.run().workload())
            + "<br><small>"
            + n(r.run().workloadEvents())
            + " events</small>");
    kv(
        "Events",
        n(t.events())
            + " ("
            + n(t.executed())
            + " run on both sides, "
            + n(t.skippedEvents())
            + " skipped)");
    kv(
        "Query classes",
        n(t.classes())
            + " ("
            + n(t.classesListed())
            + " listed, "
            + n(t.classesDetailed())
            + " detailed)");
    kv("Classes by verdict", verdictBadges());
    kv("Run started", escape(r.run().started() == null ? "-" : time(r.run().started())));
    kv("Run duration", String.format(Locale.ROOT, "%.1f s", r.run().durationSeconds()));
    kv("Run folder", escape(r.run().dir()));
    if (r.redacted()) {
      kv("Redacted", "literals in statements and values in rows are replaced (--redact)");
    }
    out("</table></div><div>");
    out("<h3>Executions with each kind of difference</h3>");
    if (r.differences().isEmpty()) {
      out("<p class=\"empty\">No differences between OLD and NEW.</p>");
    } else {
      out(Charts.kinds(r.differences()));
      out("<table class=\"data\"><thead><tr><th>kind</th><th>executions</th><th>classes</th>");
      out("<th>accepted classes</th><th>fails the run</th></tr></thead><tbody>");
      for (Report.KindCount k : r.differences()) {
        out(
            "<tr><td>"
                + escape(k.label())
                + " <small>"
                + escape(k.kind())
                + "</small></td><td class=\"num\">"
                + n(k.executions())
                + "</td><td class=\"num\">"
                + n(k.classes())
                + "</td><td class=\"num\">"
                + n(k.acceptedClasses())
                + "</td><td>"
                + (k.failsGate() ? "<b class=\"bad\">yes</b>" : "no")
                + "</td></tr>");
      }
      out("</tbody></table>");
    }
    out("</div></div>\n");
    if (r.latency() != null) {
      out("<h3>Latency of all executions, OLD vs NEW</h3>");
      out(Charts.percentiles(r.latency(), "Latency percentiles of all executions, OLD vs NEW"));
    }
    gate();
    variables();
    out("</section>\n");
  }

  private String verdictBadges() {
    StringBuilder b = new StringBuilder();
    r.classesByVerdict()
        .forEach(
            (v, count) -> {
              if (count > 0) {
                b.append("<span class=\"badge v-")
                    .append(css(v))
                    .append("\">")
                    .append(escape(v.toLowerCase(Locale.ROOT)))
                    .append(' ')
                    .append(n(count))
                    .append("</span> ");
              }
            });
    return b.toString();
  }

  private void gate() throws IOException {
    Report.Gate g = r.gate();
    out("<h3>Gate</h3><p>Fails the run: ");
    out(g.failOn().isEmpty() ? "nothing" : escape(String.join(", ", g.failOn())));
    out(
        String.format(
            Locale.ROOT,
            ". Latency: slower when p50 or p95 is above %.2fx and %s more, with p &lt; %s"
                + " (at least %d executions per side). Share of executions that may fail on"
                + " NEW only: %s.",
            g.latencyRatio(),
            Units.micros(g.latencyMinDeltaMicros()),
            g.latencyAlpha(),
            g.latencyMinSamples(),
            g.maxErrorRate() >= 1
                ? "no limit beyond the kinds above"
                : String.format(Locale.ROOT, "%.2f%%", g.maxErrorRate() * 100)));
    if (g.config() != null) {
      out(" From " + escape(g.config()) + ".");
    }
    out("</p>\n");
  }

  private void variables() throws IOException {
    out("<h3>Server variables that differ</h3>");
    if (r.variablesThatDiffer().isEmpty()) {
      out("<p class=\"empty\">None (or the servers' variables were not recorded).</p>\n");
      return;
    }
    out("<details" + (r.variablesThatDiffer().size() <= 12 ? " open" : "") + "><summary>");
    out(n(r.variablesThatDiffer().size()) + " variables</summary>");
    out(
        "<table class=\"data\"><thead><tr><th>variable</th><th>OLD</th><th>NEW</th></tr></thead><tbody>");
    for (Report.VariableDiff v : r.variablesThatDiffer()) {
      out(
          "<tr><td>"
              + escape(v.name())
              + "</td><td class=\"val\">"
              + escape(v.old())
              + "</td><td class=\"val\">"
              + escape(v.neu())
              + "</td></tr>");
    }
    out("</tbody></table></details>\n");
  }

  private void classTable() throws IOException {
    out("<section id=\"classes\"><h2>Query classes</h2>\n");
    out(
        "<div class=\"filters\"><input id=\"qt-filter\" type=\"search\" placeholder=\"Filter: class id, statement, kind...\">");
    out("<select id=\"qt-verdict\"><option value=\"\">every verdict</option>");
    for (String v : r.classesByVerdict().keySet()) {
      out(
          "<option value=\""
              + escape(v)
              + "\">"
              + escape(v.toLowerCase(Locale.ROOT))
              + "</option>");
    }
    out("</select> <span id=\"qt-count\"></span></div>\n");
    out("<div class=\"scroll\"><table id=\"qt-classes\" class=\"data sortable\"><thead><tr>");
    String[][] cols = {
      {"verdict", "n"},
      {"class", "s"},
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
              : "";
      out("<th data-type=\"" + c[1] + "\" title=\"" + title + "click to sort\">" + c[0] + "</th>");
    }
    out("</tr></thead><tbody>\n");
    int rank = 0;
    for (Report.ClassEntry c : r.classes()) {
      classRow(c, rank++);
    }
    out("</tbody></table></div>\n");
    if (r.totals().classesListed() < r.totals().classes()) {
      out(
          "<p class=\"cut\">"
              + n(r.totals().classes() - r.totals().classesListed())
              + " more classes are not listed (--max-classes); they are the least different.</p>");
    }
    out("</section>\n");
  }

  private void classRow(Report.ClassEntry c, int rank) throws IOException {
    Report.Latency l = c.latency();
    long result = count(c, "RESULT", "ROW_COUNT", "ROW_ORDER");
    long meta = count(c, "METADATA", "METADATA_WIDTH", "COLUMN_DEFINITION");
    long warn = count(c, "WARNINGS");
    Report.Errors e = c.errors();
    String id =
        c.detailed()
            ? "<a href=\"#c-" + escape(c.classId()) + "\">" + escape(c.classId()) + "</a>"
            : escape(c.classId());
    out("<tr data-verdict=\"" + escape(c.verdict()) + "\">");
    cell(
        "v-" + css(c.verdict()),
        rank,
        "<span class=\"badge v-"
            + css(c.verdict())
            + "\">"
            + escape(c.verdict().toLowerCase(Locale.ROOT))
            + "</span>");
    out("<td class=\"id\">" + id + "</td>");
    out("<td>" + escape(lower(c.kind())) + "</td>");
    cell("num", c.executions(), n(c.executions()));
    cell("num", result, result < 0 ? "-" : n(result));
    cell("num", meta, meta < 0 ? "-" : n(meta));
    cell("num", warn, warn < 0 ? "-" : n(warn));
    long errors = e.neu() + e.fixed() + e.changed();
    cell("num", errors, errors == 0 ? "-" : e.neu() + "/" + e.fixed() + "/" + e.changed());
    cell("num", l.old().p50(), Units.micros(l.old().p50()));
    cell("num", l.neu().p50(), Units.micros(l.neu().p50()));
    cell("num", l.old().p99(), Units.micros(l.old().p99()));
    cell("num", l.neu().p99(), Units.micros(l.neu().p99()));
    double ratio = l.p50Ratio() == null ? -1 : l.p50Ratio();
    cell("num", ratio, Units.ratio(l.p50Ratio()));
    out("<td class=\"lat-" + css(l.verdict()) + "\">" + escape(latencyWord(l.verdict())) + "</td>");
    String text = c.fingerprint() != null ? c.fingerprint() : c.example();
    out("<td class=\"sql\">" + escape(Units.abbreviate(Units.oneLine(text), 160)) + "</td></tr>\n");
  }

  /** The latency verdict in a word; "too few" when a side has too few executions to judge. */
  static String latencyWord(String verdict) {
    if (verdict == null) {
      return "-";
    }
    return verdict.equals("CANNOT_EVALUATE") ? "too few" : verdict.toLowerCase(Locale.ROOT);
  }

  private void cell(String cssClass, double sortValue, String html) throws IOException {
    out(
        "<td class=\""
            + cssClass
            + "\" data-v=\""
            + (sortValue == Math.rint(sortValue)
                ? Long.toString((long) sortValue)
                : Double.toString(sortValue))
            + "\">"
            + html
            + "</td>");
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

  private void details() throws IOException {
    out("<section id=\"details\"><h2>Class details</h2>\n");
    long shown = 0;
    for (Report.ClassEntry c : r.classes()) {
      if (c.detailed()) {
        new HtmlClassDetail(c, w).write();
        shown++;
      }
    }
    if (shown == 0) {
      out("<p class=\"empty\">No class to detail.</p>");
    }
    if (shown < r.totals().classesListed()) {
      out(
          "<p class=\"cut\">Details are shown for the first "
              + n(shown)
              + " classes, worst first (--max-detailed-classes); the table above lists "
              + n(r.totals().classesListed())
              + ".</p>");
    }
    out("</section>\n");
  }

  private void health() throws IOException {
    targets();
    findings(
        "crashes",
        "Crashes and restarts",
        r.health().crashes(),
        r.health().targets().isEmpty()
            ? "The health watch did not run for this run."
            : "No server crashed, restarted or went away during the replay.");
    findings(
        "error-log",
        "Error-log messages of one side",
        r.health().errorLog(),
        r.health().targets().isEmpty()
            ? "The health watch did not run for this run."
            : "No error-log message class was logged during the replay by one side only (or far"
                + " more often); start-up lines are not compared.");
    counters();
    if (!r.health().other().isEmpty()) {
      findings("health-other", "Other health findings", r.health().other(), "");
    }
  }

  private void targets() throws IOException {
    out("<section id=\"health\"><h2>The servers during the replay</h2>\n");
    if (r.health().targets().isEmpty()) {
      out(
          "<p class=\"empty\">The health watch did not run for this run (it watches every"
              + " replay's servers: uptime, crashes, error log, counters).</p></section>\n");
      return;
    }
    out(
        "<table class=\"data\"><thead><tr><th>side</th><th>crashes</th><th>restarts</th>"
            + "<th>uptime at the end</th><th>statements</th><th>error log</th>"
            + "<th>start-up log classes</th></tr></thead><tbody>");
    for (Report.HealthTarget t : r.health().targets()) {
      out(
          "<tr><td>"
              + escape(t.side())
              + "</td><td class=\"num\">"
              + n(t.crashes())
              + "</td><td class=\"num\">"
              + n(t.restarts())
              + "</td><td>"
              + escape(
                  t.down() != null
                      ? "down: " + t.down()
                      : t.uptimeEnd() == null ? "not read" : t.uptimeEnd() + " s")
              + "</td><td class=\"num\">"
              + n(t.statements())
              + "</td><td>"
              + escape(t.errorLog() == null ? "not read" : t.errorLog())
              + "</td><td class=\"num\">"
              + n(t.startupClasses())
              + "</td></tr>");
    }
    out("</tbody></table></section>\n");
  }

  private void counters() throws IOException {
    out("<section id=\"counters\"><h2>Server counters</h2>\n");
    List<Report.Counter> list = r.health().counters();
    if (list.isEmpty()) {
      out(
          "<p class=\"empty\">No trouble counter rose during the replay (aborted connections,"
              + " deadlocks, lock waits, temporary tables on disk ...).</p></section>\n");
      return;
    }
    out(
        "<p>How much each counter rose during the replay, and per 1,000 statements replayed on"
            + " each side.</p>");
    out(
        "<table class=\"data\"><thead><tr><th>counter</th><th>OLD</th><th>NEW</th>"
            + "<th>OLD per 1,000</th><th>NEW per 1,000</th><th></th></tr></thead><tbody>");
    for (Report.Counter c : list) {
      out(
          "<tr><td>"
              + escape(c.name())
              + "</td><td class=\"num\">"
              + (c.old() == null ? "-" : n(c.old()))
              + "</td><td class=\"num\">"
              + (c.neu() == null ? "-" : n(c.neu()))
              + "</td><td class=\"num\">"
              + rate(c.oldPer1000())
              + "</td><td class=\"num\">"
              + rate(c.newPer1000())
              + "</td><td>"
              + (c.worseOnNew() ? "<strong>worse on NEW</strong>" : "")
              + "</td></tr>");
    }
    out("</tbody></table></section>\n");
  }

  private static String rate(Double v) {
    return v == null ? "-" : String.format(java.util.Locale.ROOT, "%.2f", v);
  }

  private void findings(String id, String title, List<Report.Finding> list, String empty)
      throws IOException {
    out("<section id=\"" + id + "\"><h2>" + escape(title) + "</h2>\n");
    if (list.isEmpty()) {
      out("<p class=\"empty\">" + escape(empty) + "</p></section>\n");
      return;
    }
    out(
        "<table class=\"data\"><thead><tr><th>side</th><th>what</th><th>count</th><th>first seen</th><th>detail</th></tr></thead><tbody>");
    for (Report.Finding f : list) {
      out(
          "<tr><td>"
              + escape(f.side())
              + "</td><td>"
              + escape(f.title())
              + "</td><td class=\"num\">"
              + n(f.count())
              + "</td><td>"
              + escape(f.at() == null ? "" : time(f.at()))
              + "</td><td><pre>"
              + escape(f.detail())
              + "</pre></td></tr>");
    }
    out("</tbody></table></section>\n");
  }

  private void skipped() throws IOException {
    out("<section id=\"skipped\"><h2>Skipped statements</h2>\n");
    if (r.skipped().isEmpty()) {
      out("<p class=\"empty\">Every event was replayed on both sides.</p></section>\n");
      return;
    }
    out("<p>Not replayed, by reason (writes need --allow-writes; unsafe reads are never run):</p>");
    out("<table class=\"data\"><thead><tr><th>reason</th><th>events</th></tr></thead><tbody>");
    for (Report.SkipCount s : r.skipped()) {
      out(
          "<tr><td>"
              + escape(s.reason())
              + "</td><td class=\"num\">"
              + n(s.events())
              + "</td></tr>");
    }
    out("</tbody></table>");
    skippedByKind();
    out("</section>\n");
  }

  /** Skipped events by statement kind, with the classes that had them (listed classes only). */
  private void skippedByKind() throws IOException {
    Map<String, long[]> byKind = new TreeMap<>();
    for (Report.ClassEntry c : r.classes()) {
      if (c.skipped() > 0) {
        long[] n = byKind.computeIfAbsent(lower(c.kind()), k -> new long[2]);
        n[0] += c.skipped();
        n[1]++;
      }
    }
    out("<h3>By statement kind</h3><table class=\"data\"><thead><tr><th>kind</th>");
    out("<th>events</th><th>classes</th></tr></thead><tbody>");
    for (Map.Entry<String, long[]> e : byKind.entrySet()) {
      out(
          "<tr><td>"
              + escape(e.getKey())
              + "</td><td class=\"num\">"
              + n(e.getValue()[0])
              + "</td><td class=\"num\">"
              + n(e.getValue()[1])
              + "</td></tr>");
    }
    out("</tbody></table><details><summary>Skipped classes</summary>");
    out("<table class=\"data\"><thead><tr><th>class</th><th>kind</th><th>events</th>");
    out("<th>reason</th><th>statement</th></tr></thead><tbody>");
    for (Report.ClassEntry c : r.classes()) {
      if (c.skipped() > 0) {
        out(
            "<tr><td class=\"id\">"
                + escape(c.classId())
                + "</td><td>"
                + escape(lower(c.kind()))
                + "</td><td class=\"num\">"
                + n(c.skipped())
                + "</td><td>"
                + escape(c.skipReason())
                + "</td><td class=\"sql\">"
                + escape(Units.abbreviate(Units.oneLine(c.example()), 200))
                + "</td></tr>");
      }
    }
    out("</tbody></table></details>");
  }

  private void baseline() throws IOException {
    out("<section id=\"baseline\"><h2>Baseline of accepted differences</h2>\n");
    Report.BaselineInfo b = r.baseline();
    if (b == null) {
      out(
          "<p class=\"empty\">No baseline was applied. Accept reviewed differences with"
              + " <code>querytester baseline accept RUN_DIR --reason \"...\"</code>.</p></section>\n");
      return;
    }
    out(
        "<p>"
            + escape(b.file())
            + ": "
            + n(b.entries())
            + " entries, "
            + n(b.applied())
            + " matched a difference of this run, "
            + n(b.stale().size())
            + " stale.</p>");
    if (!b.stale().isEmpty()) {
      out("<h3>Stale entries (no such difference in this run: remove them from the baseline)</h3>");
      out(
          "<table class=\"data\"><thead><tr><th>class</th><th>kind</th><th>reason</th><th>by</th><th>at</th><th>fingerprint</th></tr></thead><tbody>");
      for (Report.BaselineEntry e : b.stale()) {
        out(
            "<tr><td class=\"id\">"
                + escape(e.classId())
                + "</td><td>"
                + escape(e.kind())
                + "</td><td>"
                + escape(e.reason())
                + "</td><td>"
                + escape(e.by())
                + "</td><td>"
                + escape(e.at() == null ? "" : time(e.at()))
                + "</td><td class=\"sql\">"
                + escape(e.fingerprint())
                + "</td></tr>");
      }
      out("</tbody></table>");
    }
    out("</section>\n");
  }

  private void notes() throws IOException {
    out("<section id=\"notes\"><h2>Notes and limits</h2>\n");
    if (r.notes().isEmpty() && r.cut().isEmpty()) {
      out("<p class=\"empty\">Nothing was left out of this report.</p>");
    }
    if (!r.notes().isEmpty()) {
      out("<ul>");
      for (String note : r.notes()) {
        out("<li>" + escape(note) + "</li>");
      }
      out("</ul>");
    }
    if (!r.cut().isEmpty()) {
      out(
          "<p>Left out to keep this report small:</p><table class=\"data\"><thead><tr><th>what</th><th>shown</th><th>of</th><th>raise with</th></tr></thead><tbody>");
      for (Report.Cut c : r.cut()) {
        out(
            "<tr><td>"
                + escape(c.what())
                + "</td><td class=\"num\">"
                + n(c.shown())
                + "</td><td class=\"num\">"
                + n(c.total())
                + "</td><td><code>"
                + escape(c.option())
                + "</code></td></tr>");
      }
      out("</tbody></table>");
    }
    out("</section>\n</main>\n");
  }

  private void kv(String key, String html) throws IOException {
    out("<tr><th>" + escape(key) + "</th><td>" + html + "</td></tr>");
  }

  private void out(String s) throws IOException {
    w.write(s);
  }

  static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  static String css(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
  }

  private static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }

  static String time(java.time.Instant t) {
    return DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.SECONDS));
  }

  static String resource(String name) {
    try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the application jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
