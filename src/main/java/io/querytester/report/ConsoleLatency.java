package io.querytester.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The latency part of the console summary: the classes whose latency verdict is not "same" (or that
 * were measured again), each with NEW/OLD over its paired executions and the interval, and what a
 * second measurement after the replay found; then the machine's load while replaying.
 */
final class ConsoleLatency {
  private static final Set<String> SHOWN = Set.of("DEGRADED", "BORDERLINE", "IMPROVED");

  private final PrintWriter out;

  ConsoleLatency(PrintWriter out) {
    this.out = out;
  }

  void print(Report r) {
    List<Report.ClassEntry> shown =
        r.classes().stream()
            .filter(
                c -> SHOWN.contains(c.latency().verdict()) || c.latency().confirmation() != null)
            .toList();
    if (shown.isEmpty() && r.run().machine() == null) {
      return;
    }
    out.println();
    out.println(
        String.format(
            Locale.ROOT,
            "latency, NEW/OLD over paired executions with its %s interval (fails only above %.2fx):",
            LatencyEvidence.percent(1 - r.gate().latencyAlpha()),
            r.gate().latencyRatio()));
    for (Report.ClassEntry c : shown) {
      String text = LatencyEvidence.text(c.latency());
      out.println(
          String.format(
              Locale.ROOT,
              "  %s  %-10s %s",
              c.classId(),
              LatencyEvidence.word(c.latency().verdict()),
              text == null ? "" : text));
    }
    if (r.run().machine() != null) {
      Report.Machine m = r.run().machine();
      out.println(
          "  machine while replaying: "
              + LatencyEvidence.machine(m)
              + (m.saturated() ? ": saturated" : ""));
    }
  }
}
