package io.querytester.compare;

import io.querytester.run.DiffKind;
import java.util.EnumSet;
import java.util.Set;

/**
 * Which difference kinds fail a run. By default: anything that changes what an application sees or
 * whether it works (a query that fails only on NEW is a regression), data that a write replay left
 * different on NEW, and significant slowdowns; not: column widths, warnings, row order of ties,
 * errors that NEW fixed.
 */
public record GatePolicy(Set<DiffKind> failing, LatencyThresholds latency, double maxErrorRate) {

  public static final Set<DiffKind> DEFAULT_FAILING =
      EnumSet.of(
          DiffKind.CRASH,
          DiffKind.DATA,
          DiffKind.ERROR_NEW,
          DiffKind.ERROR_CHANGED,
          DiffKind.ROW_COUNT,
          DiffKind.RESULT,
          DiffKind.TIMEOUT,
          DiffKind.CONNECTION_LOST,
          DiffKind.LAST_INSERT_ID,
          DiffKind.LATENCY,
          DiffKind.METADATA);

  public static final GatePolicy DEFAULT =
      new GatePolicy(DEFAULT_FAILING, LatencyThresholds.DEFAULT, 1.0);

  public boolean fails(DiffKind kind) {
    return failing.contains(kind);
  }

  /**
   * In a nondeterministic class, value differences (other values, rows in another order) are noise,
   * never regressions. A row count is noise only where a re-run on the same server gave another
   * count; otherwise it is deterministic (UUID() in the select list, a LIMIT without ORDER BY) and
   * a different count is a regression like anywhere else. Metadata and errors always count.
   */
  static boolean isNoise(DiffKind kind, boolean rowCountsVary) {
    return kind == DiffKind.RESULT
        || kind == DiffKind.ROW_ORDER
        || (kind == DiffKind.ROW_COUNT && rowCountsVary);
  }
}
