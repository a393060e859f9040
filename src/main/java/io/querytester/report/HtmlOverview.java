package io.querytester.report;

import static io.querytester.report.HtmlParts.css;
import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.lower;
import static io.querytester.report.HtmlParts.n;
import static io.querytester.report.HtmlParts.num;
import static io.querytester.report.HtmlParts.plural;
import static io.querytester.report.HtmlParts.time;

import java.util.Locale;

/**
 * The "Overview" section of report.html: the verdict, the servers and their health in a line each,
 * the workload and run, the classes by verdict, and the executions with each kind of difference.
 */
final class HtmlOverview {
  private final Report r;
  private final Html h;

  HtmlOverview(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
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

  private void kindTable() {
    h.open("table", "class", "data");
    head(h, "kind", "executions", "classes", "accepted classes", "fails the run");
    h.open("tbody");
    for (Report.KindCount k : r.differences()) {
      h.open("tr").open("td").text(k.label() + " ").el("small", k.kind()).close();
      num(h, k.executions());
      num(h, k.classes());
      num(h, k.acceptedClasses());
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

  private void verdictBadges() {
    r.classesByVerdict()
        .forEach(
            (v, count) -> {
              if (count > 0) {
                h.el("span", lower(v) + " " + n(count), "class", "badge v-" + css(v)).text(" ");
              }
            });
  }

  private void kv(String key, String text) {
    kvOpen(key).text(text).close("tr");
  }

  /** A key row of the overview, its value cell left open. */
  private Html kvOpen(String key) {
    return h.open("tr").el("th", key).open("td");
  }
}
