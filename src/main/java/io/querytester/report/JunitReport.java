package io.querytester.report;

import io.querytester.JunitXml;
import io.querytester.OwnerOnly;
import io.querytester.TextCut;
import io.querytester.explain.CauseText;
import io.querytester.run.DataCheck;
import io.querytester.run.DiffKind;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code junit.xml}: one test case per query class, in the JUnit XML format that Surefire writes
 * and Jenkins, GitLab and GitHub test reporters read. A regression is a failure whose message is
 * the difference; nondeterministic, accepted and skipped classes are skipped tests, so CI shows
 * regressions natively. Differences that do not fail the run (error text, column definitions,
 * display widths, ...) are written in words in the test case's {@code system-out}, so a class that
 * only changed is still there to read. A crash seen by the health watch is a failure of its own,
 * and so is each table that a write replay left with other data on NEW.
 */
public final class JunitReport {
  public static final String FILE = "junit.xml";
  private static final int SAMPLE_ROWS = 3;

  private JunitReport() {}

  public static Path write(Report r, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    write(r, OwnerOnly.newOutputStream(tmp));
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }

  /** What a test case says beyond passing: a failure with its body, or a skip. */
  private sealed interface Outcome {}

  private record Failure(String type, String message, String body) implements Outcome {}

  private record Skipped(String message) implements Outcome {}

  /**
   * A test case; {@code outcome} is null when it passed, {@code out} (its system-out) when it has
   * nothing more to say.
   */
  private record Case(String classname, String name, String time, Outcome outcome, String out) {}

  /** Writes the document to {@code out} and closes it. */
  static void write(Report r, OutputStream out) throws IOException {
    List<Case> cases = new ArrayList<>();
    for (Report.ClassEntry c : r.classes()) {
      Outcome outcome = outcome(c);
      cases.add(
          new Case("querytester." + lower(c.kind()), name(c), time(c), outcome, out(c, outcome)));
    }
    for (Report.Finding f : r.health().crashes()) {
      cases.add(
          new Case(
              "querytester.health",
              "crash on " + f.side() + ": " + f.title(),
              "0",
              new Failure("CRASH", f.title(), f.detail()),
              null));
    }
    if (r.data() != null) {
      cases.addAll(data(r.data()));
    }
    long failures = cases.stream().filter(c -> c.outcome() instanceof Failure).count();
    long skipped = cases.stream().filter(c -> c.outcome() instanceof Skipped).count();
    if (r.exitCode() != 0 && failures == 0) {
      failures++;
      cases.add(
          new Case(
              "querytester.run",
              "run verdict",
              "0",
              new Failure("GATE", r.headline(), notes(r)),
              null));
    }
    String time = String.format(Locale.ROOT, "%.3f", r.run().durationSeconds());
    String timestamp =
        DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
            r.generatedAt().truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
    try (JunitXml x = JunitXml.open(out)) {
      x.suites(new JunitXml.Suite("querytester", cases.size(), failures, 0, null, time, null));
      x.suite(
          new JunitXml.Suite(suiteName(r), cases.size(), failures, 0, skipped, time, timestamp));
      x.properties(properties(r));
      for (Case c : cases) {
        testCase(c, x);
      }
      x.systemOut(systemOut(r));
    }
  }

  private static void testCase(Case c, JunitXml x) throws IOException {
    if (c.outcome() == null && c.out() == null) {
      x.passedCase(c.classname(), c.name(), c.time());
      return;
    }
    x.startCase(c.classname(), c.name(), c.time());
    switch (c.outcome()) {
      case Failure f -> x.failure(f.type(), f.message(), f.body());
      case Skipped s -> x.skipped(s.message());
      case null -> {}
    }
    if (c.out() != null) {
      x.systemOut(c.out());
    }
    x.end();
  }

  private static List<JunitXml.Property> properties(Report r) {
    List<JunitXml.Property> p = new ArrayList<>();
    p.add(new JunitXml.Property("verdict", r.verdict()));
    for (Report.Server s : r.servers()) {
      p.add(new JunitXml.Property(s.label(), s.spec() + " " + s.version()));
    }
    p.add(new JunitXml.Property("workload", r.run().workload()));
    p.add(new JunitXml.Property("run", r.run().dir()));
    if (r.run().shards() != null) {
      p.add(new JunitXml.Property("shards", r.run().shardText()));
    }
    p.add(new JunitXml.Property("fail_on", String.join(",", r.gate().failOn())));
    if (r.run().machine() != null) {
      p.add(new JunitXml.Property("machine", LatencyEvidence.machine(r.run().machine())));
    }
    return p;
  }

  private static Outcome outcome(Report.ClassEntry c) {
    return switch (c.verdict()) {
      case "REGRESSION" -> new Failure(failingKind(c), message(c), body(c));
      case "ACCEPTED" ->
          new Skipped(
              "accepted in the baseline: "
                  + c.differences().stream()
                      .filter(d -> d.acceptedReason() != null)
                      .map(d -> d.label() + " (" + d.acceptedReason() + ")")
                      .collect(Collectors.joining("; ")));
      case "NONDETERMINISTIC" ->
          new Skipped("nondeterministic: " + String.join(", ", c.nondeterminism()));
      case "SKIPPED" -> new Skipped("not replayed: " + c.skipReason());
      default -> null;
    };
  }

  /**
   * The differences that do not fail the run, one a line in words; for a class that passed, its
   * example execution too, as no failure body carries it. Null when there are none.
   */
  private static String out(Report.ClassEntry c, Outcome outcome) {
    StringBuilder b = new StringBuilder();
    for (Report.ClassDiff d : c.differences()) {
      if (!d.failsGate() && d.acceptedReason() == null) {
        String detail = Triage.detail(c, d.kind());
        b.append("does not fail the run: ")
            .append(d.label())
            .append(" in ")
            .append(d.executions())
            .append(" of ")
            .append(c.executions())
            .append(" executions")
            .append(detail == null ? "" : ": " + detail)
            .append('\n');
      }
    }
    boolean latencyFails = c.differences().stream().anyMatch(d -> d.kind().equals("LATENCY"));
    if (c.latency().verdict() != null
        && c.latency().verdict().equals("BORDERLINE")
        && !latencyFails) {
      b.append("does not fail the run: latency borderline: ")
          .append(latency(c.latency()))
          .append('\n');
    }
    if (b.isEmpty()) {
      return null;
    }
    return outcome == null ? b.append('\n').append(body(c)).toString() : b.toString();
  }

  /**
   * A test case per table a write replay wrote: a failure where OLD and NEW ended with other data
   * (when that fails the run), skipped where it could not be compared; one skipped case when the
   * comparison could not run at all.
   */
  private static List<Case> data(Report.Data d) {
    if (d.problem() != null) {
      return List.of(
          new Case("querytester.data", "data at the end", "0", new Skipped(d.summary()), null));
    }
    List<Case> out = new ArrayList<>();
    for (DataCheck.Table t : d.tables()) {
      String line = DataText.line(t);
      Outcome outcome =
          t.status().diverged() && d.failsGate()
              ? new Failure(DiffKind.DATA.name(), t.table() + ": " + line, dataBody(t))
              : t.status() == DataCheck.Status.NOT_COMPARED ? new Skipped(line) : null;
      String said =
          t.status().diverged() && !d.failsGate()
              ? "does not fail the run: " + line + "\n\n" + dataBody(t)
              : outcome == null && (t.status() != DataCheck.Status.EQUAL || !t.warnings().isEmpty())
                  ? line
                  : null;
      out.add(new Case("querytester.data", "data " + t.table(), "0", outcome, said));
    }
    return out;
  }

  private static String dataBody(DataCheck.Table t) {
    StringBuilder b = new StringBuilder("table ").append(t.table());
    b.append(
            t.key().isEmpty()
                ? " (no key: compared whole)"
                : " (chunked by " + t.key() + ": " + String.join(", ", t.keyColumns()) + ")")
        .append('\n')
        .append(
            t.status() == DataCheck.Status.DIFFERENT
                ? t.detail()
                : t.status().words() + (t.detail() == null ? "" : ": " + t.detail()))
        .append('\n');
    if (t.first() != null) {
      b.append("first differing ")
          .append(DataText.chunk(t))
          .append("; ")
          .append(t.differingChunks())
          .append(" of ")
          .append(t.chunks())
          .append(" chunks differ\n");
      b.append(
          String.format(Locale.ROOT, "rows: %,d on OLD, %,d on NEW%n", t.rowsOld(), t.rowsNew()));
    }
    t.samples().forEach(row -> b.append("  ").append(DataText.row(row)).append('\n'));
    return b.toString();
  }

  /** The percentiles, and what the verdict rests on where there is more than a p-value. */
  private static String latency(Report.Latency l) {
    String grounds = LatencyEvidence.text(l);
    return Triage.latency(l) + (grounds == null ? "" : "; " + grounds);
  }

  private static String failingKind(Report.ClassEntry c) {
    return c.differences().stream()
        .filter(d -> d.failsGate() && d.acceptedReason() == null)
        .map(Report.ClassDiff::kind)
        .findFirst()
        .orElse("REGRESSION");
  }

  /** "result values in 12 of 12 executions: same row count (5), different values". */
  static String message(Report.ClassEntry c) {
    List<String> parts = new ArrayList<>();
    for (Report.ClassDiff d : c.differences()) {
      if (d.failsGate() && d.acceptedReason() == null) {
        parts.add(
            d.kind().equals("LATENCY")
                ? "latency: " + latency(c.latency())
                : d.label() + " in " + d.executions() + " of " + c.executions() + " executions");
      }
    }
    String first = Triage.detail(c, null);
    return String.join(", ", parts) + (first == null ? "" : ": " + first);
  }

  private static String body(Report.ClassEntry c) {
    StringBuilder b = new StringBuilder();
    b.append("class ").append(c.classId()).append('\n');
    b.append("fingerprint: ").append(c.fingerprint()).append('\n');
    if (c.example() != null) {
      b.append("example: ").append(c.example()).append('\n');
    }
    b.append("differences: ")
        .append(
            c.differences().stream()
                .map(
                    d ->
                        d.label()
                            + " "
                            + d.executions()
                            + (d.failsGate() ? "" : " (does not fail)"))
                .collect(Collectors.joining(", ")))
        .append('\n');
    b.append("latency OLD vs NEW: ").append(latency(c.latency())).append('\n');
    plan(c.plan(), b);
    if (c.cause() != null) {
      Report.CauseInfo k = c.cause();
      CauseText.lines(k.summary(), k.attributions(), k.fixes(), k.knownChanges())
          .forEach(l -> b.append(l).append('\n'));
    }
    if (!c.examples().isEmpty()) {
      Report.Example e = c.examples().getFirst();
      b.append("\nexample execution (event ").append(e.event()).append("): ").append(e.sql());
      b.append('\n');
      if (e.oldError() != null) {
        b.append("  OLD error: ").append(e.oldError()).append('\n');
      }
      if (e.newError() != null) {
        b.append("  NEW error: ").append(e.newError()).append('\n');
      }
      for (Report.Diff d : e.differences()) {
        b.append("  ").append(d.kind()).append(": ").append(d.detail()).append('\n');
        if (d.samples() != null) {
          Report.Samples s = d.samples();
          b.append("    columns: ").append(String.join(" | ", s.columns())).append('\n');
          s.onlyOld().stream()
              .limit(SAMPLE_ROWS)
              .forEach(row -> b.append("    OLD only: ").append(row(row)).append('\n'));
          s.onlyNew().stream()
              .limit(SAMPLE_ROWS)
              .forEach(row -> b.append("    NEW only: ").append(row(row)).append('\n'));
        }
      }
    }
    return b.toString();
  }

  private static void plan(Report.PlanInfo p, StringBuilder b) {
    if (p == null) {
      return;
    }
    b.append("plan (").append(String.join("; ", p.reasons())).append("): ");
    b.append(p.summary()).append('\n');
    planSide("OLD", p.old(), b);
    planSide("NEW", p.neu(), b);
  }

  private static void planSide(String side, io.querytester.explain.Plan plan, StringBuilder b) {
    if (plan != null) {
      plan.lines()
          .forEach(l -> b.append("  ").append(side).append(" plan: ").append(l).append('\n'));
    }
  }

  private static String row(List<String> row) {
    return row.stream().map(v -> v == null ? "NULL" : v).collect(Collectors.joining(" | "));
  }

  private static String name(Report.ClassEntry c) {
    String text = c.fingerprint() != null ? c.fingerprint() : c.example();
    return c.classId() + " " + TextCut.abbreviate(Units.oneLine(text), 150);
  }

  private static String time(Report.ClassEntry c) {
    return String.format(Locale.ROOT, "%.6f", c.latency().neu().p50() / 1e6);
  }

  private static String suiteName(Report r) {
    return "querytester "
        + r.servers().stream()
            .map(s -> s.label() + " " + s.version())
            .collect(Collectors.joining(" vs "));
  }

  private static String notes(Report r) {
    return String.join("\n", r.notes());
  }

  private static String systemOut(Report r) {
    StringBuilder b = new StringBuilder(r.headline()).append('\n');
    r.notes().forEach(n -> b.append("note: ").append(n).append('\n'));
    r.cut()
        .forEach(
            c ->
                b.append("cut: ")
                    .append(c.what())
                    .append(": ")
                    .append(c.shown())
                    .append(" of ")
                    .append(c.total())
                    .append(" (")
                    .append(c.option())
                    .append(")\n"));
    if (r.baseline() != null) {
      r.baseline()
          .stale()
          .forEach(
              e ->
                  b.append("stale baseline entry: ")
                      .append(e.classId())
                      .append(' ')
                      .append(e.kind())
                      .append(" (")
                      .append(e.reason())
                      .append(")\n"));
    }
    return b.toString();
  }

  private static String lower(String s) {
    return s == null ? "unknown" : s.toLowerCase(Locale.ROOT);
  }
}
