package io.querytester.report;

import static io.querytester.report.HtmlParts.head;
import static io.querytester.report.HtmlParts.n;

import java.util.Locale;

/**
 * The "Latency, gate and server variables" section of report.html: how the run was judged (the
 * latency of all executions, the gate and the machine's load while replaying), the server variables
 * that differ and the cause step's candidate settings.
 */
final class HtmlGate {
  private final Report r;
  private final Html h;

  HtmlGate(Report r, Html h) {
    this.r = r;
    this.h = h;
  }

  void write() {
    h.open("section", "id", "gate").el("h2", "Latency, gate and server variables").newline();
    overallLatency();
    gate();
    variables();
    new HtmlCauses(h).step(r.causes());
    h.close("section").newline();
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
    head(h, "variable", "OLD", "NEW");
    h.open("tbody");
    for (Report.VariableDiff v : r.variablesThatDiffer()) {
      h.open("tr").el("td", v.name()).el("td", v.old(), "class", "val");
      h.el("td", v.neu(), "class", "val").close();
    }
    h.close("details").newline();
  }
}
