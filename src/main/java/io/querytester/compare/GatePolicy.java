package io.querytester.compare;

import io.querytester.run.DiffKind;
import java.util.EnumSet;
import java.util.Set;

/**
 * Which difference kinds fail a run. By default: anything that changes what an application sees or
 * whether it works (a query that fails only on NEW is a regression), and significant slowdowns;
 * not: column widths, warnings, row order of ties, errors that NEW fixed.
 */
public record GatePolicy(Set<DiffKind> failing, LatencyThresholds latency, double maxErrorRate) {

  public static final Set<DiffKind> DEFAULT_FAILING =
      EnumSet.of(
          DiffKind.CRASH,
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

  /** Row differences of a nondeterministic class are noise, not regressions. */
  static boolean isRowKind(DiffKind kind) {
    return kind == DiffKind.RESULT || kind == DiffKind.ROW_COUNT || kind == DiffKind.ROW_ORDER;
  }
}
