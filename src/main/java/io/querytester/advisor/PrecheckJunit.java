package io.querytester.advisor;

import io.querytester.JunitXml;
import io.querytester.OwnerOnly;
import io.querytester.advisor.PrecheckReport.ClassHit;
import io.querytester.advisor.PrecheckReport.Finding;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code precheck-junit.xml}: a test case per rule the upgrade crosses, so CI lists what was
 * checked. A finding that breaks or changes statements is a failure; a deprecation passes with the
 * finding as its output.
 */
final class PrecheckJunit {
  private PrecheckJunit() {}

  static void write(PrecheckReport r, Path file) throws IOException {
    Map<String, Finding> byRule =
        r.findings().stream().collect(Collectors.toMap(Finding::rule, Function.identity()));
    try (JunitXml x = JunitXml.open(OwnerOnly.newOutputStream(file))) {
      x.suite(
          new JunitXml.Suite(
              "querytester precheck " + r.oldVersion() + " -> " + r.targetVersion(),
              r.rulesCrossed().size(),
              r.failing(),
              0,
              0L,
              null,
              null));
      for (String rule : r.rulesCrossed()) {
        testCase(x, rule, byRule.get(rule));
      }
    }
  }

  private static void testCase(JunitXml x, String rule, Finding f) throws IOException {
    x.startCase("precheck", rule, null);
    if (f != null) {
      if (Severity.valueOf(f.severity().toUpperCase(Locale.ROOT)).fails()) {
        x.failure(f.severity(), f.why(), body(f));
      } else {
        x.systemOut(body(f));
      }
    }
    x.end();
  }

  private static String body(Finding f) {
    StringBuilder b = new StringBuilder();
    b.append(f.why()).append("\nfix: ").append(f.fix()).append("\nsource: ").append(f.source());
    for (ClassHit c : f.classes()) {
      b.append("\n")
          .append(c.classId())
          .append(" (")
          .append(c.events())
          .append(" events) ")
          .append(c.match())
          .append(": ")
          .append(c.example());
    }
    for (String o : f.schemaObjects()) {
      b.append("\nschema: ").append(o);
    }
    return b.toString();
  }
}
