package io.querytester.drift;

import io.querytester.OwnerOnly;
import io.querytester.XmlWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * drift-junit.xml: a test case per table, so a CI server lists every table. Drift or a missing
 * table is a failure; a chunk the replica never caught up for is an error (not known either way).
 */
final class JUnitReport {
  private JUnitReport() {}

  static void write(DriftReport report, Path file) throws IOException {
    try (XmlWriter x = XmlWriter.open(OwnerOnly.newOutputStream(file))) {
      x.start("testsuite")
          .attr("name", "querytester drift")
          .attr("tests", report.tables().size())
          .attr("failures", count(report, true))
          .attr("errors", count(report, false))
          .attr("time", seconds(report.elapsed().toMillis()));
      for (TableReport t : report.tables()) {
        testCase(x, t);
      }
    }
  }

  private static void testCase(XmlWriter x, TableReport t) throws IOException {
    int dot = t.table().indexOf('.');
    x.start("testcase")
        .attr("classname", "drift." + t.table().substring(0, dot))
        .attr("name", t.table().substring(dot + 1));
    List<String> failures = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    for (ReplicaTable r : t.replicas()) {
      switch (r.verdict()) {
        case DRIFT ->
            failures.add(
                r.replica()
                    + ": "
                    + r.missing()
                    + " missing, "
                    + r.extra()
                    + " extra, "
                    + r.different()
                    + " different");
        case MISSING -> failures.add(r.replica() + ": " + r.problem());
        case UNVERIFIED -> errors.add(r.replica() + ": " + r.unverifiedChunks() + " chunks");
        case CONSISTENT -> {}
      }
      r.rows()
          .forEach(
              d -> body.append(r.replica()).append(' ').append(ConsoleReport.row(d)).append('\n'));
    }
    if (!failures.isEmpty()) {
      x.start("failure")
          .attr("message", "drift: " + String.join("; ", failures))
          .attr("type", "drift")
          .text(body.toString())
          .end();
    } else if (!errors.isEmpty()) {
      x.empty("error")
          .attr("message", "not verified, replica did not catch up: " + String.join("; ", errors))
          .attr("type", "unverified");
    }
    if (!t.warnings().isEmpty()) {
      x.element("system-out", String.join("\n", t.warnings()));
    }
    x.end();
  }

  private static long count(DriftReport report, boolean failures) {
    return report.tables().stream()
        .filter(t -> failures ? t.verdict().drifted() : t.verdict() == Verdict.UNVERIFIED)
        .count();
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
  }
}
