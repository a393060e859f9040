package io.querytester.report;

import io.querytester.OwnerOnly;
import io.querytester.TextCut;
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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code report.html}: one self-contained file that opens offline: inline CSS, a small inline
 * script for sorting and filtering, charts as inline SVG. Written through {@link Html}, which
 * escapes everything from the run (statements, values, messages, names); a Content-Security-Policy
 * forbids any network load, so a hostile value can neither run script nor call home.
 *
 * <p>Laid out for triage: the verdict and the servers' health first, then the findings (classes
 * grouped by cause), then every class with why it differs, then the details.
 */
public final class HtmlReport {
  public static final String FILE = "report.html";

  /** Class ids shown in a finding's row; the rest are counted. */
  private static final int FINDING_CLASSES = 12;

  private final Report r;
  private final Html h;

  private HtmlReport(Report r, Writer w) {
    this.r = r;
    this.h = new Html(w);
  }

  public static Path write(Report report, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (Writer w = OwnerOnly.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      write(report, w);
    }
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }

  static void write(Report report, Writer w) throws IOException {
    try {
      new HtmlReport(report, w).page();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void page() {
    head();
    banner();
    h.open("main").newline();
    overview();
    findings();
    new HtmlData(r.data(), h).write();
    classTable();
    runSettings();
    details();
    health();
    skipped();
    baseline();
    notes();
    h.close("main").newline();
    h.open("footer").text("Written by " + r.tool() + " at " + time(r.generatedAt()));
    h.text(". Data in this page: report.json next to it (docs/report-json.md).").close();
    h.newline().open("script").newline().trusted(Html.Resource.JS).close().newline();
    h.close("body").newline().close("html").newline();
  }

  private void head() {
    h.doctype().open("html", "lang", "en").newline().open("head").newline();
    h.single("meta", "charset", "utf-8").newline();
    h.single(
        "meta",
        "http-equiv",
        "Content-Security-Policy",
        "content",
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:");
    h.single("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
    h.newline().el("title", "querytester: " + r.headline()).newline();
    h.open("style").newline().trusted(Html.Resource.CSS).close().newline();
    h.close("head").newline();
    h.open("body", "data-qt-ready", "0").newline();
    // The first script only records errors, so that a failing page says so in its own DOM.
    h.open("script").trusted(Html.Resource.ERRORS).close().newline();
  }

  private void banner() {
    h.open("header", "class", "banner v-" + css(r.verdict())).el("h1", r.headline()).open("p");
    for (Report.Server s : r.servers()) {
      h.open("span", "class", "side").el("b", s.label()).text(" " + s.version() + " ");
      h.el("small", s.spec()).close().text(" ");
    }
    h.close("header").newline().open("nav");
    String[][] links = {
      {"overview", "Overview"},
      {"findings", "Findings"},
      {"data", "Data"},
      {"classes", "Classes"},
      {"gate", "Gate"},
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
      h.el("a", l[1], "href", "#" + l[0]);
    }
    h.close("nav").newline();
  }

  private void overview() {
    h.open("section", "id", "overview").el("h2", "Overview").newline();
    h.open("div", "class", "grid").open("div");
    Report.Totals t = r.totals();
    h.open("table", "class", "kv");
    kvOpen("Verdict").el("span", r.verdict(), "class", "badge v-" + css(r.verdict()));
    h.text(" (exit code " + r.exitCode() + ")").close("tr");
    healthSummary();
    for (Report.Server s : r.servers()) {
      kvOpen(s.label()).text(s.version()).single("br").el("small", s.spec()).close("tr");
    }
    kvOpen("Workload").text(r.run().workload()).single("br");
    h.el("small", n(r.run().workloadEvents()) + " events").close("tr");
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
    if (r.data() != null) {
      kvOpen("Data at the end").text(r.data().summary() + " ");
      h.el("a", "(data)", "href", "#data").close("tr");
    }
    kvOpen("Classes by verdict");
    verdictBadges();
    h.close("tr");
    kv("Run started", r.run().started() == null ? "-" : time(r.run().started()));
    kv("Run duration", String.format(Locale.ROOT, "%.1f s", r.run().durationSeconds()));
    kv("Run folder", r.run().dir());
    if (r.run().shards() != null) {
      kvOpen("Shards").text(r.run().shardText());
      for (String folder : r.run().shards().folders()) {
        h.single("br").el("small", folder);
      }
      h.close("tr");
    }
    if (r.redacted()) {
      kv("Redacted", "literals in statements and values in rows are replaced (--redact)");
    }
    h.close("table").close("div").open("div");
    h.el("h3", "Executions with each kind of difference");
    if (r.differences().isEmpty()) {
      h.el("p", "No differences between OLD and NEW.", "class", "empty");
    } else {
      Charts.kinds(h, r.differences());
      kindTable();
    }
    h.close("div").close("div").newline();
    h.close("section").newline();
  }

  /** How the run was judged: overall latency, the gate, the server variables that differ. */
  private void runSettings() {
    h.open("section", "id", "gate").el("h2", "Latency, gate and server variables").newline();
    overallLatency();
    gate();
    variables();
    new HtmlCauses(h).step(r.causes());
    h.close("section").newline();
  }

  private void kindTable() {
    h.open("table", "class", "data");
    head("kind", "executions", "classes", "accepted classes", "fails the run");
    h.open("tbody");
    for (Report.KindCount k : r.differences()) {
      h.open("tr").open("td").text(k.label() + " ").el("small", k.kind()).close();
      num(k.executions());
      num(k.classes());
      num(k.acceptedClasses());
      h.open("td");
      if (k.failsGate()) {
        h.el("b", "yes", "class", "bad");
      } else {
        h.text("no");
      }
      h.close("tr");
    }
    h.close("table");
  }

  /** Crashes, restarts and trouble on one line per side, at the top where a reader starts. */
  private void healthSummary() {
    kvOpen("Servers' health");
    if (r.health().targets().isEmpty()) {
      h.el("span", "not watched during this run", "class", "empty").close("tr");
      return;
    }
    for (Report.HealthTarget t : r.health().targets()) {
      boolean bad = t.crashes() > 0 || t.restarts() > 0 || t.down() != null;
      h.open("span", "class", bad ? "bad" : "ok").el("b", t.side()).text(": ");
      h.text(
          plural(t.crashes(), "crash", "crashes")
              + ", "
              + plural(t.restarts(), "restart", "restarts"));
      if (t.down() != null) {
        h.text(", down: " + t.down());
      }
      h.close().single("br");
    }
    long worse = r.health().counters().stream().filter(Report.Counter::worseOnNew).count();
    h.text(
        plural(r.health().errorLog().size(), "error-log message class", "error-log message classes")
            + " of one side, "
            + plural(worse, "counter", "counters")
            + " worse on NEW ");
    h.el("a", "(health)", "href", "#health").close("tr");
  }

  private static String plural(long n, String one, String many) {
    return n(n) + " " + (n == 1 ? one : many);
  }

  private void overallLatency() {
    if (r.latency() == null) {
      return;
    }
    h.el("h3", "Latency of all executions, OLD vs NEW");
    if (r.totals().executed() < r.gate().latencyMinSamples()) {
      h.el(
          "p",
          "Too few executions for a latency chart ("
              + n(r.totals().executed())
              + "; at least "
              + r.gate().latencyMinSamples()
              + ").",
          "class",
          "empty");
      return;
    }
    Charts.percentiles(h, r.latency(), "Latency percentiles of all executions, OLD vs NEW");
  }

  private void verdictBadges() {
    r.classesByVerdict()
        .forEach(
            (v, count) -> {
              if (count > 0) {
                h.el("span", lower(v) + " " + n(count), "class", "badge v-" + css(v)).text(" ");
              }
            });
  }

  private void gate() {
    Report.Gate g = r.gate();
    h.el("h3", "Gate").open("p");
    h.text("Fails the run: " + (g.failOn().isEmpty() ? "nothing" : String.join(", ", g.failOn())));
    h.text(
        String.format(
            Locale.ROOT,
            ". Latency: slower when p50 or p95 is above %.2fx and %s more, with p < %s"
                + " (at least %d executions per side), or NEW/OLD over paired executions is;"
                + " degraded only when the %s interval of that paired ratio lies above %.2fx"
                + " (else borderline, which %s) and, when that alone would fail the run, a"
                + " second measurement after the replay, OLD and NEW in turn, held. Share of"
                + " executions that may fail on NEW only: %s.",
            g.latencyRatio(),
            Units.micros(g.latencyMinDeltaMicros()),
            g.latencyAlpha(),
            g.latencyMinSamples(),
            LatencyEvidence.percent(1 - g.latencyAlpha()),
            g.latencyRatio(),
            g.latencyBorderlineFails() ? "fails the run too" : "does not fail the run",
            g.maxErrorRate() >= 1
                ? "no limit beyond the kinds above"
                : String.format(Locale.ROOT, "%.2f%%", g.maxErrorRate() * 100)));
    if (g.config() != null) {
      h.text(" From " + g.config() + ".");
    }
    h.close("p").newline();
    if (r.run().machine() != null) {
      Report.Machine m = r.run().machine();
      h.open("p", "class", m.saturated() ? "cut" : null)
          .text(
              "The machine while replaying: "
                  + LatencyEvidence.machine(m)
                  + (m.saturated() ? ": saturated." : "."))
          .close("p")
          .newline();
    }
  }

  private void variables() {
    h.el("h3", "Server variables that differ");
    if (r.variablesThatDiffer().isEmpty()) {
      h.el("p", "None (or the servers' variables were not recorded).", "class", "empty");
      h.newline();
      return;
    }
    h.open("details", "open", r.variablesThatDiffer().size() <= 12 ? "" : null);
    h.el("summary", n(r.variablesThatDiffer().size()) + " variables");
    h.open("div", "class", "scroll").open("table", "class", "data");
    head("variable", "OLD", "NEW");
    h.open("tbody");
    for (Report.VariableDiff v : r.variablesThatDiffer()) {
      h.open("tr").el("td", v.name()).el("td", v.old(), "class", "val");
      h.el("td", v.neu(), "class", "val").close();
    }
    h.close("details").newline();
  }

  /** Classes grouped by cause: one row per thing to look at. */
  private void findings() {
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
    head("verdict", "why", "classes", "executions", "class ids", "cause");
    h.open("tbody");
    for (Report.FindingEntry f : list) {
      h.open("tr", "data-verdict", f.verdict(), "data-kind", f.kind()).open("td");
      badge(f.verdict()).close();
      h.el("td", f.why(), "class", "why");
      num(f.classIds().size());
      num(f.executions());
      h.open("td", "class", "ids");
      int shown = 0;
      for (String id : f.classIds()) {
        if (shown++ == FINDING_CLASSES) {
          h.text(" and " + n(f.classIds().size() - FINDING_CLASSES) + " more");
          break;
        }
        Report.ClassEntry c = byId.get(id);
        if (c != null) {
          classId(c).text(" ");
        }
      }
      h.close("td");
      h.el("td", f.cause() == null ? "" : f.cause(), "class", "why cause");
      h.close("tr").newline();
    }
    h.close("div").close("section").newline();
  }

  private Html classId(Report.ClassEntry c) {
    if (c.detailed()) {
      return h.el("a", c.classId(), "class", "id", "href", "#c-" + c.classId());
    }
    return h.el("span", c.classId(), "class", "id");
  }

  private void classTable() {
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
      classRow(c, rank++);
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

  private void classRow(Report.ClassEntry c, int rank) {
    Report.Latency l = c.latency();
    long result = count(c, "RESULT", "ROW_COUNT", "ROW_ORDER");
    long meta = count(c, "METADATA", "METADATA_WIDTH", "COLUMN_DEFINITION");
    long warn = count(c, "WARNINGS");
    Report.Errors e = c.errors();
    h.open("tr", "data-verdict", c.verdict());
    cell("v-" + css(c.verdict()), rank);
    badge(c.verdict()).close();
    h.open("td", "class", "id");
    classId(c).close();
    h.el("td", TextCut.abbreviate(Triage.why(c), 200), "class", "why");
    h.el("td", lower(c.kind()));
    num(c.executions());
    cell("num", result).text(result < 0 ? "-" : n(result)).close();
    cell("num", meta).text(meta < 0 ? "-" : n(meta)).close();
    cell("num", warn).text(warn < 0 ? "-" : n(warn)).close();
    long errors = e.neu() + e.fixed() + e.changed();
    cell("num", errors)
        .text(errors == 0 ? "-" : e.neu() + "/" + e.fixed() + "/" + e.changed())
        .close();
    cell("num", l.old().p50()).text(Units.micros(l.old().p50())).close();
    cell("num", l.neu().p50()).text(Units.micros(l.neu().p50())).close();
    cell("num", l.old().p99()).text(Units.micros(l.old().p99())).close();
    cell("num", l.neu().p99()).text(Units.micros(l.neu().p99())).close();
    double ratio = l.p50Ratio() == null ? -1 : l.p50Ratio();
    cell("num", ratio).text(Units.ratio(l.p50Ratio())).close();
    String grounds = LatencyEvidence.text(l);
    h.el("td", latencyWord(l.verdict()), "class", "lat-" + css(l.verdict()), "title", grounds);
    String text = c.fingerprint() != null ? c.fingerprint() : c.example();
    h.el("td", TextCut.abbreviate(Units.oneLine(text), 160), "class", "sql").close("tr").newline();
  }

  /** The latency verdict in a word; "too few" when a side has too few executions to judge. */
  static String latencyWord(String verdict) {
    if (verdict == null) {
      return "-";
    }
    return verdict.equals("CANNOT_EVALUATE") ? "too few" : verdict.toLowerCase(Locale.ROOT);
  }

  /** Opens a cell that sorts by {@code sortValue}. */
  private Html cell(String cssClass, double sortValue) {
    return h.open(
        "td",
        "class",
        cssClass,
        "data-v",
        sortValue == Math.rint(sortValue)
            ? Long.toString((long) sortValue)
            : Double.toString(sortValue));
  }

  private void num(long v) {
    cell("num", v).text(n(v)).close();
  }

  private Html badge(String verdict) {
    return h.el("span", lower(verdict), "class", "badge v-" + css(verdict));
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

  private void details() {
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

  private void health() {
    targets();
    String notWatched = "The health watch did not run for this run.";
    boolean watched = !r.health().targets().isEmpty();
    findings(
        "crashes",
        "Crashes and restarts",
        r.health().crashes(),
        watched ? "No server crashed, restarted or went away during the replay." : notWatched);
    findings(
        "error-log",
        "Error-log messages of one side",
        r.health().errorLog(),
        watched
            ? "No error-log message class was logged during the replay by one side only (or far"
                + " more often); start-up lines are not compared."
            : notWatched);
    counters();
    if (!r.health().other().isEmpty()) {
      findings("health-other", "Other health findings", r.health().other(), "");
    }
  }

  private void targets() {
    h.open("section", "id", "health").el("h2", "The servers during the replay").newline();
    if (r.health().targets().isEmpty()) {
      h.el(
          "p",
          "The health watch did not run for this run (it watches every replay's servers: uptime,"
              + " crashes, error log, counters).",
          "class",
          "empty");
      h.close("section").newline();
      return;
    }
    h.open("table", "class", "data");
    head(
        "side",
        "crashes",
        "restarts",
        "uptime at the end",
        "statements",
        "error log",
        "start-up log classes");
    h.open("tbody");
    for (Report.HealthTarget t : r.health().targets()) {
      h.open("tr").el("td", t.side());
      num(t.crashes());
      num(t.restarts());
      h.el(
          "td",
          t.down() != null
              ? "down: " + t.down()
              : t.uptimeEnd() == null ? "not read" : t.uptimeEnd() + " s");
      num(t.statements());
      h.el("td", t.errorLog() == null ? "not read" : t.errorLog());
      num(t.startupClasses());
      h.close("tr");
    }
    h.close("section").newline();
  }

  private void counters() {
    h.open("section", "id", "counters").el("h2", "Server counters").newline();
    List<Report.Counter> list = r.health().counters();
    if (list.isEmpty()) {
      h.el(
          "p",
          "No trouble counter rose during the replay (aborted connections, deadlocks, lock waits,"
              + " temporary tables on disk ...).",
          "class",
          "empty");
      h.close("section").newline();
      return;
    }
    h.el(
        "p",
        "How much each counter rose during the replay, and per 1,000 statements replayed on each"
            + " side.");
    h.open("table", "class", "data");
    head("counter", "OLD", "NEW", "OLD per 1,000", "NEW per 1,000", "");
    h.open("tbody");
    for (Report.Counter c : list) {
      h.open("tr").el("td", c.name());
      h.el("td", c.old() == null ? "-" : n(c.old()), "class", "num");
      h.el("td", c.neu() == null ? "-" : n(c.neu()), "class", "num");
      h.el("td", rate(c.oldPer1000()), "class", "num");
      h.el("td", rate(c.newPer1000()), "class", "num").open("td");
      if (c.worseOnNew()) {
        h.el("strong", "worse on NEW");
      }
      h.close("tr");
    }
    h.close("section").newline();
  }

  private static String rate(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  private void findings(String id, String title, List<Report.Finding> list, String empty) {
    h.open("section", "id", id).el("h2", title).newline();
    if (list.isEmpty()) {
      h.el("p", empty, "class", "empty").close("section").newline();
      return;
    }
    h.open("table", "class", "data");
    head("side", "what", "count", "first seen", "detail");
    h.open("tbody");
    for (Report.Finding f : list) {
      h.open("tr").el("td", f.side()).el("td", f.title());
      num(f.count());
      h.el("td", f.at() == null ? "" : time(f.at()));
      h.open("td").el("pre", f.detail()).close("tr");
    }
    h.close("section").newline();
  }

  private void skipped() {
    h.open("section", "id", "skipped").el("h2", "Skipped statements").newline();
    if (r.skipped().isEmpty()) {
      h.el("p", "Every event was replayed on both sides.", "class", "empty");
      h.close("section").newline();
      return;
    }
    h.el("p", "Not replayed, by reason (writes need --allow-writes; unsafe reads are never run):");
    h.open("table", "class", "data");
    head("reason", "events");
    h.open("tbody");
    for (Report.SkipCount s : r.skipped()) {
      h.open("tr").el("td", s.reason());
      num(s.events());
      h.close("tr");
    }
    h.close("table");
    skippedByKind();
    h.close("section").newline();
  }

  /** Skipped events by statement kind, with the classes that had them (listed classes only). */
  private void skippedByKind() {
    Map<String, long[]> byKind = new TreeMap<>();
    for (Report.ClassEntry c : r.classes()) {
      if (c.skipped() > 0) {
        long[] n = byKind.computeIfAbsent(lower(c.kind()), k -> new long[2]);
        n[0] += c.skipped();
        n[1]++;
      }
    }
    h.el("h3", "By statement kind").open("table", "class", "data");
    head("kind", "events", "classes");
    h.open("tbody");
    for (Map.Entry<String, long[]> e : byKind.entrySet()) {
      h.open("tr").el("td", e.getKey());
      num(e.getValue()[0]);
      num(e.getValue()[1]);
      h.close("tr");
    }
    h.close("table").open("details").el("summary", "Skipped classes");
    h.open("table", "class", "data");
    head("class", "kind", "events", "reason", "statement");
    h.open("tbody");
    for (Report.ClassEntry c : r.classes()) {
      if (c.skipped() > 0) {
        h.open("tr").el("td", c.classId(), "class", "id").el("td", lower(c.kind()));
        num(c.skipped());
        h.el("td", c.skipReason());
        h.el("td", TextCut.abbreviate(Units.oneLine(c.example()), 200), "class", "sql");
        h.close("tr");
      }
    }
    h.close("details");
  }

  private void baseline() {
    h.open("section", "id", "baseline").el("h2", "Baseline of accepted differences").newline();
    Report.BaselineInfo b = r.baseline();
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
      head("class", "kind", "reason", "by", "at", "fingerprint");
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

  private void notes() {
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
      head("what", "shown", "of", "raise with");
      h.open("tbody");
      for (Report.Cut c : r.cut()) {
        h.open("tr").el("td", c.what());
        num(c.shown());
        num(c.total());
        h.open("td").el("code", c.option()).close("tr");
      }
      h.close("table");
    }
    h.close("section").newline();
  }

  /** A table head row of plain column names; the caller opens tbody after it. */
  private void head(String... columns) {
    h.open("thead").open("tr");
    for (String c : columns) {
      h.el("th", c);
    }
    h.close("thead");
  }

  private void kv(String key, String text) {
    kvOpen(key).text(text).close("tr");
  }

  /** A key row of the overview, its value cell left open. */
  private Html kvOpen(String key) {
    return h.open("tr").el("th", key).open("td");
  }

  static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  static String css(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
  }

  static String lower(String s) {
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
