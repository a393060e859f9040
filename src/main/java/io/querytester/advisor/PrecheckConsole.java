package io.querytester.advisor;

import io.querytester.TextCut;
import io.querytester.advisor.PrecheckReport.ClassHit;
import io.querytester.advisor.PrecheckReport.Finding;
import java.io.PrintWriter;
import java.util.Locale;

/** The pre-check on the console: a headline, then per finding why, the fix and where it hits. */
public final class PrecheckConsole {
  /** Classes listed per finding; the rest are counted (every one is in the JSON and HTML). */
  private static final int CLASSES_SHOWN = 5;

  private static final int SQL_SHOWN = 100;

  private PrecheckConsole() {}

  public static void print(PrecheckReport r, PrintWriter out) {
    headline(r, out);
    for (Finding f : r.findings()) {
      finding(f, out);
    }
    out.flush();
  }

  private static void headline(PrecheckReport r, PrintWriter out) {
    long breaks = count(r, Severity.BREAKS);
    long changes = count(r, Severity.CHANGES);
    long deprecated = count(r, Severity.DEPRECATED);
    out.printf(
        Locale.ROOT,
        "%s: %d findings (%d break, %d change, %d deprecated) in %d of %d query classes"
            + "  -  %s %s -> %s, %d rules crossed%n",
        r.failing() > 0 ? "PRECHECK FAILED" : "PRECHECK OK",
        r.findings().size(),
        breaks,
        changes,
        deprecated,
        r.classesAffected(),
        r.classes(),
        r.flavour(),
        r.oldVersion(),
        r.targetVersion(),
        r.rulesCrossed().size());
    out.printf(Locale.ROOT, "  workload: %s (%,d events)%n", r.workload(), r.events());
    out.printf(
        Locale.ROOT,
        "  OLD: %s%n",
        r.schemaChecked()
            ? r.old() + " (schema and variables checked)"
            : "version "
                + r.oldVersion()
                + " (statements only; give --old SPEC to check the schema)");
  }

  private static long count(PrecheckReport r, Severity s) {
    return r.findings().stream().filter(f -> f.severity().equals(s.label())).count();
  }

  private static void finding(Finding f, PrintWriter out) {
    out.println();
    out.printf(Locale.ROOT, "%-10s %s (since %s)%n", f.severity(), f.rule(), f.since());
    out.printf(Locale.ROOT, "           %s%n", f.why());
    out.printf(Locale.ROOT, "           fix: %s%n", f.fix());
    out.printf(Locale.ROOT, "           source: %s%n", f.source());
    if (!f.classes().isEmpty()) {
      out.printf(
          Locale.ROOT,
          "           %,d events in %d %s:%n",
          f.events(),
          f.classes().size(),
          f.classes().size() == 1 ? "class" : "classes");
      for (ClassHit c : f.classes().subList(0, Math.min(CLASSES_SHOWN, f.classes().size()))) {
        out.printf(
            Locale.ROOT,
            "             %s %-8s %,6d  %s  %s%n",
            c.classId(),
            c.kind(),
            c.events(),
            c.match(),
            cut(c.example()));
      }
      if (f.classes().size() > CLASSES_SHOWN) {
        out.printf(
            Locale.ROOT,
            "             ... and %d more classes (precheck.json, precheck.html)%n",
            f.classes().size() - CLASSES_SHOWN);
      }
    }
    if (f.schemaObjectCount() > 0) {
      out.printf(
          Locale.ROOT,
          "           schema (%d): %s%s%n",
          f.schemaObjectCount(),
          String.join(", ", f.schemaObjects().subList(0, Math.min(10, f.schemaObjects().size()))),
          f.schemaObjectCount() > 10 ? ", ..." : "");
    }
  }

  static String cut(String sql) {
    String one = sql.replaceAll("\\s+", " ").strip();
    return TextCut.abbreviate(one, SQL_SHOWN);
  }
}
