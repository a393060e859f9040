package io.querytester.drift;

import io.querytester.JunitXml;
import io.querytester.OwnerOnly;
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
    try (JunitXml x = JunitXml.open(OwnerOnly.newOutputStream(file))) {
      x.suite(
          new JunitXml.Suite(
              "querytester drift",
              report.tables().size(),
              count(report, true),
              count(report, false),
              null,
              seconds(report.elapsed().toMillis()),
              null));
      for (TableReport t : report.tables()) {
        testCase(x, t);
      }
    }
  }

  private static void testCase(JunitXml x, TableReport t) throws IOException {
    int dot = t.table().indexOf('.');
    x.startCase("drift." + t.table().substring(0, dot), t.table().substring(dot + 1), null);
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
      x.failure("drift", "drift: " + String.join("; ", failures), body.toString());
    } else if (!errors.isEmpty()) {
      x.error("unverified", "not verified, replica did not catch up: " + String.join("; ", errors));
    }
    if (!t.warnings().isEmpty()) {
      x.systemOut(String.join("\n", t.warnings()));
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
