package io.querytester.report;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.Confirmation;
import io.querytester.compare.LatencyBasis;
import io.querytester.run.LatencyRatio;
import io.querytester.run.MachineLoad;
import java.util.Locale;

/**
 * What a class's latency verdict rests on, for the report: the paired ratio's interval, the verdict
 * of the replay alone, the second measurement, the machine's load; and the same in words, one way
 * for every output (console, HTML, JUnit).
 */
final class LatencyEvidence {
  private LatencyEvidence() {}

  /** The class's latency with what its verdict rests on. */
  static Report.Latency of(ClassSummary c, Report.Latency plain) {
    LatencyBasis b = c.latencyBasis();
    String replay =
        b.confirmation() != null && b.replayVerdict() != c.latency()
            ? b.replayVerdict().name()
            : null;
    return new Report.Latency(
        plain.old(),
        plain.neu(),
        plain.p50Ratio(),
        plain.p99Ratio(),
        plain.verdict(),
        plain.pValue(),
        interval(b.ratio()),
        replay,
        confirmation(b.confirmation()));
  }

  static Report.Interval interval(LatencyRatio r) {
    if (r == null) {
      return null;
    }
    return new Report.Interval(
        round(r.estimate()),
        r.low() > 0 ? round(r.low()) : null,
        Double.isFinite(r.high()) ? round(r.high()) : null,
        r.confidence(),
        r.pairs(),
        r.deltaMicros());
  }

  static Report.Confirmation confirmation(Confirmation c) {
    if (c == null) {
      return null;
    }
    boolean measured = c.ratio() != null;
    return new Report.Confirmation(
        c.outcome().name(),
        interval(c.ratio()),
        measured ? c.oldP50Micros() : null,
        measured ? c.newP50Micros() : null,
        c.events(),
        c.seconds(),
        c.error(),
        machine(c.machine()));
  }

  static Report.Machine machine(MachineLoad m) {
    if (m == null) {
      return null;
    }
    return new Report.Machine(
        m.processors(),
        m.seconds(),
        m.busy(),
        m.steal(),
        m.runQueue(),
        m.runQueueMax(),
        m.toolCpuSeconds(),
        m.serverCpuSeconds(),
        round(m.othersCpuSeconds()),
        m.saturated());
  }

  /** "1.77x [1.41, 2.10]": the estimate and its interval; "1.77x [-, -]" where it is unbounded. */
  static String ratio(Report.Interval i) {
    return String.format(
        Locale.ROOT,
        "%.2fx [%s, %s]",
        i.estimate(),
        i.low() == null ? "-" : String.format(Locale.ROOT, "%.2f", i.low()),
        i.high() == null ? "-" : String.format(Locale.ROOT, "%.2f", i.high()));
  }

  /**
   * The latency verdict's grounds in one line, for a class with an interval or a confirmation:
   * "NEW/OLD 1.77x [1.41, 2.10] (99%, 216 pairs); confirmed: 1.59x [1.34, 1.69] over 129 pairs, OLD
   * 8.0ms NEW 12.6ms". Null when there is nothing to say.
   */
  static String text(Report.Latency l) {
    if (l.interval() == null && l.confirmation() == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    if (l.interval() != null) {
      b.append("NEW/OLD ")
          .append(ratio(l.interval()))
          .append(
              String.format(
                  Locale.ROOT,
                  " (%s, %d pairs)",
                  percent(l.interval().confidence()),
                  l.interval().pairs()));
    }
    Report.Confirmation c = l.confirmation();
    if (c != null) {
      if (!b.isEmpty()) {
        b.append("; ");
      }
      b.append(outcome(c.outcome()));
      if (c.interval() != null) {
        b.append(": ")
            .append(ratio(c.interval()))
            .append(" over ")
            .append(c.interval().pairs())
            .append(" pairs, OLD ")
            .append(Units.micros(c.oldP50Micros()))
            .append(" NEW ")
            .append(Units.micros(c.newP50Micros()));
        if (c.machine() != null && c.machine().saturated()) {
          b.append(", machine saturated");
        }
      } else if (c.error() != null) {
        b.append(": ").append(c.error());
      }
      if (l.replayVerdict() != null) {
        b.append(" (the replay alone: ").append(word(l.replayVerdict())).append(')');
      }
    }
    return b.toString();
  }

  /** The latency verdict in a word; "too few" when a side has too few executions to judge. */
  static String word(String verdict) {
    if (verdict == null) {
      return "-";
    }
    return verdict.equals("CANNOT_EVALUATE") ? "too few" : verdict.toLowerCase(Locale.ROOT);
  }

  /** A confirmation's outcome in words. */
  static String outcome(String outcome) {
    return switch (outcome) {
      case "HELD" -> "confirmed";
      case "NOT_HELD" -> "not confirmed";
      case "UNDECIDED" -> "measured again, undecided";
      default -> "not measured again";
    };
  }

  /** The machine in one line: "2 processors 100% busy, 13.1 runnable tasks on average (...)". */
  static String machine(Report.Machine m) {
    StringBuilder servers = new StringBuilder();
    m.serverCpuSeconds()
        .forEach((label, s) -> servers.append(String.format(Locale.ROOT, "%s %.1f s, ", label, s)));
    return String.format(
        Locale.ROOT,
        "%d processors %s busy%s, %.1f runnable tasks on average (at most %d); processor time:"
            + " %squerytester %.1f s, others %.1f s over %.1f s",
        m.processors(),
        percent(m.busy()),
        m.steal() > 0.005 ? ", " + percent(m.steal()) + " stolen" : "",
        m.runQueue(),
        m.runQueueMax(),
        servers,
        m.toolCpuSeconds(),
        m.othersCpuSeconds(),
        m.seconds());
  }

  /** The note that latencies were measured on a saturated machine; null when they were not. */
  static String saturationNote(Report.Machine m) {
    if (m == null || !m.saturated()) {
      return null;
    }
    return "latency verdicts were taken on a saturated machine ("
        + machine(m)
        + "): latencies include waits for a processor; a class fails on latency only when its"
        + " interval lies above the ratio and a second measurement held";
  }

  static String percent(double share) {
    double p = share * 100;
    return p == Math.rint(p)
        ? String.format(Locale.ROOT, "%.0f%%", p)
        : String.format(Locale.ROOT, "%.1f%%", p);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
