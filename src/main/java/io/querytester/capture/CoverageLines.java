package io.querytester.capture;

import io.querytester.workload.ClassCoverage;
import java.util.List;

/** The class coverage lines of a polling source's summary. */
final class CoverageLines {
  /** Missing classes listed in the capture summary; {@code workload stats --top} shows more. */
  static final int TOP = 10;

  private CoverageLines() {}

  static List<String> of(ClassCoverage coverage, String unavailable) {
    if (coverage != null) {
      return coverage.describe(TOP);
    }
    return unavailable == null
        ? List.of()
        : List.of(
            "class coverage: unknown, performance_schema.events_statements_summary_by_digest is"
                + " not readable ("
                + unavailable
                + "); with performance_schema=ON and SELECT on performance_schema.* the summary"
                + " says which query classes the capture missed");
  }
}
