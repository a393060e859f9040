package io.querytester.drift;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The summary people read in the terminal: a line per table, the differing rows, the verdict. */
final class ConsoleReport {
  private ConsoleReport() {}

  static void write(DriftReport report, PrintWriter out, boolean fixSql) {
    out.println("Drift check of " + report.source());
    report.replicas().forEach(r -> out.println("  against " + r));
    for (TableReport t : report.tables()) {
      for (ReplicaTable r : t.replicas()) {
        out.println(
            String.format(
                Locale.ROOT,
                "  %-40s %-10s %6d chunks %,12d rows  %-10s %s",
                t.table(),
                t.keyKind() == KeyKind.NONE ? "(no key)" : t.keyName(),
                t.chunks(),
                t.rows(),
                r.replica(),
                verdict(r)));
        r.rows().forEach(d -> out.println("      " + row(d)));
      }
      t.warnings().forEach(w -> out.println("      warning: " + w));
    }
    out.println(
        String.format(
            Locale.ROOT,
            "%s: %d of %d tables differ; %,d rows checked in %.1f s (%,.0f rows/s)",
            report.verdict() == Verdict.CONSISTENT ? "CONSISTENT" : report.verdict().name(),
            report.tables().stream().filter(t -> t.verdict().drifted()).count(),
            report.tables().size(),
            report.rows(),
            report.elapsed().toMillis() / 1000.0,
            report.rowsPerSecond()));
    if (fixSql) {
      fix(report, out);
    }
    out.flush();
  }

  private static void fix(DriftReport report, PrintWriter out) {
    out.println();
    out.println("-- Repair statements: printed, never executed by querytester. They make each");
    out.println("-- replica's sampled rows match the source; review them, and run them on the");
    out.println("-- replica (with SET SESSION sql_log_bin=0 if it has replicas of its own) or");
    out.println("-- turn them into writes on the source. Literals assume backslash escapes.");
    for (TableReport t : report.tables()) {
      for (ReplicaTable r : t.replicas()) {
        if (!r.fixSql().isEmpty()) {
          out.println("-- " + t.table() + " on " + r.replica());
          r.fixSql().forEach(out::println);
        }
      }
    }
  }

  private static String verdict(ReplicaTable r) {
    return switch (r.verdict()) {
      case CONSISTENT -> "consistent";
      case MISSING -> "MISSING: " + r.problem();
      case UNVERIFIED ->
          "NOT VERIFIED: " + r.unverifiedChunks() + " chunks (replica did not catch up)";
      case DRIFT ->
          "DRIFT: "
              + r.missing()
              + " missing, "
              + r.extra()
              + " extra, "
              + r.different()
              + " different ("
              + r.driftedChunks()
              + " chunks)";
    };
  }

  static String row(RowDifference d) {
    String key = d.key().isEmpty() ? "" : "key (" + String.join(", ", d.key()) + ") ";
    return switch (d.kind()) {
      case MISSING -> "missing on replica: " + key + values(d.source());
      case EXTRA -> "extra on replica:   " + key + values(d.replica());
      case DIFFERENT ->
          "different:          "
              + key
              + d.columns().stream()
                  .map(c -> c + " " + d.source().get(c) + " -> " + d.replica().get(c))
                  .collect(Collectors.joining(", "))
              + "  (source -> replica)";
    };
  }

  private static String values(Map<String, String> row) {
    return row.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", ", "{", "}"));
  }
}
