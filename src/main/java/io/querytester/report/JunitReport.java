package io.querytester.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
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
 * regressions natively. A crash seen by the health watch is a failure of its own.
 */
public final class JunitReport {
  public static final String FILE = "junit.xml";
  private static final int SAMPLE_ROWS = 3;

  private JunitReport() {}

  public static Path write(Report r, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      write(r, w);
    }
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }

  static void write(Report r, Writer w) throws IOException {
    List<String[]> cases = new ArrayList<>();
    int failures = 0;
    int skipped = 0;
    for (Report.ClassEntry c : r.classes()) {
      String outcome = outcome(c);
      failures += outcome.startsWith("<failure") ? 1 : 0;
      skipped += outcome.startsWith("<skipped") ? 1 : 0;
      cases.add(new String[] {"querytester." + lower(c.kind()), name(c), time(c), outcome});
    }
    for (Report.Finding f : r.health().crashes()) {
      failures++;
      cases.add(
          new String[] {
            "querytester.health",
            "crash on " + f.side() + ": " + f.title(),
            "0",
            failure("CRASH", f.title(), f.detail())
          });
    }
    if (r.exitCode() != 0 && failures == 0) {
      failures++;
      cases.add(
          new String[] {
            "querytester.run", "run verdict", "0", failure("GATE", r.headline(), notes(r))
          });
    }
    String time = String.format(Locale.ROOT, "%.3f", r.run().durationSeconds());
    w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    w.write(
        "<testsuites name=\"querytester\" tests=\""
            + cases.size()
            + "\" failures=\""
            + failures
            + "\" errors=\"0\" time=\""
            + time
            + "\">\n");
    w.write(
        "  <testsuite name=\""
            + attr(suiteName(r))
            + "\" tests=\""
            + cases.size()
            + "\" failures=\""
            + failures
            + "\" errors=\"0\" skipped=\""
            + skipped
            + "\" time=\""
            + time
            + "\" timestamp=\""
            + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
                r.generatedAt().truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC))
            + "\">\n");
    properties(r, w);
    for (String[] c : cases) {
      w.write(
          "    <testcase classname=\""
              + attr(c[0])
              + "\" name=\""
              + attr(c[1])
              + "\" time=\""
              + c[2]
              + "\""
              + (c[3].isEmpty() ? "/>\n" : ">\n      " + c[3] + "\n    </testcase>\n"));
    }
    w.write("    <system-out>" + Xml.escape(systemOut(r)) + "</system-out>\n");
    w.write("  </testsuite>\n</testsuites>\n");
  }

  private static void properties(Report r, Writer w) throws IOException {
    w.write("    <properties>\n");
    property(w, "verdict", r.verdict());
    for (Report.Server s : r.servers()) {
      property(w, s.label(), s.spec() + " " + s.version());
    }
    property(w, "workload", r.run().workload());
    property(w, "run", r.run().dir());
    property(w, "fail_on", String.join(",", r.gate().failOn()));
    w.write("    </properties>\n");
  }

  private static void property(Writer w, String name, String value) throws IOException {
    w.write(
        "      <property name=\""
            + attr(name)
            + "\" value=\""
            + attr(value == null ? "" : value)
            + "\"/>\n");
  }

  private static String outcome(Report.ClassEntry c) {
    return switch (c.verdict()) {
      case "REGRESSION" -> failure(failingKind(c), message(c), body(c));
      case "ACCEPTED" ->
          skipped(
              "accepted in the baseline: "
                  + c.differences().stream()
                      .filter(d -> d.acceptedReason() != null)
                      .map(d -> d.label() + " (" + d.acceptedReason() + ")")
                      .collect(Collectors.joining("; ")));
      case "NONDETERMINISTIC" ->
          skipped("nondeterministic: " + String.join(", ", c.nondeterminism()));
      case "SKIPPED" -> skipped("not replayed: " + c.skipReason());
      default -> "";
    };
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
    String first = firstDetail(c);
    return String.join(", ", parts) + (first == null ? "" : ": " + first);
  }

  private static String firstDetail(Report.ClassEntry c) {
    for (Report.Example e : c.examples()) {
      for (Report.Diff d : e.differences()) {
        if (d.detail() != null) {
          return d.detail();
        }
      }
    }
    return null;
  }

  private static String latency(Report.Latency l) {
    return String.format(
        Locale.ROOT,
        "p50 %s -> %s, p99 %s -> %s%s",
        Units.micros(l.old().p50()),
        Units.micros(l.neu().p50()),
        Units.micros(l.old().p99()),
        Units.micros(l.neu().p99()),
        l.pValue() == null ? "" : String.format(Locale.ROOT, " (p=%.2g)", l.pValue()));
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

  private static String row(List<String> row) {
    return row.stream().map(v -> v == null ? "NULL" : v).collect(Collectors.joining(" | "));
  }

  private static String failure(String type, String message, String body) {
    return "<failure type=\""
        + attr(type)
        + "\" message=\""
        + attr(message)
        + "\">"
        + Xml.escape(body == null ? "" : body)
        + "</failure>";
  }

  private static String skipped(String message) {
    return "<skipped message=\"" + attr(message) + "\"/>";
  }

  private static String name(Report.ClassEntry c) {
    String text = c.fingerprint() != null ? c.fingerprint() : c.example();
    return c.classId() + " " + Units.abbreviate(Units.oneLine(text), 150);
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

  private static String attr(String s) {
    return Xml.escape(s).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;");
  }

  private static String lower(String s) {
    return s == null ? "unknown" : s.toLowerCase(Locale.ROOT);
  }
}
