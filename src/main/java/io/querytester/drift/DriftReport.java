package io.querytester.drift;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The result of a drift check.
 *
 * @param source the source, described with passwords masked
 * @param replicas the replicas, described likewise
 * @param positionMode how replicas were waited for
 * @param started when the check started
 * @param elapsed how long this run took (a resumed check counts only its own time)
 * @param rows source rows checked in this run
 * @param tables one per table, in schema and name order
 */
public record DriftReport(
    String source,
    List<String> replicas,
    String positionMode,
    Instant started,
    Duration elapsed,
    long rows,
    List<TableReport> tables) {

  public DriftReport {
    replicas = List.copyOf(replicas);
    tables = List.copyOf(tables);
  }

  public Verdict verdict() {
    return tables.stream().map(TableReport::verdict).reduce(Verdict.CONSISTENT, Verdict::worst);
  }

  /** 1 on drift, 3 when something could not be verified, 0 when all is consistent. */
  public int exitCode() {
    return switch (verdict()) {
      case CONSISTENT -> 0;
      case DRIFT, MISSING -> 1;
      case UNVERIFIED -> 3;
    };
  }

  public double rowsPerSecond() {
    return rows / Math.max(elapsed.toNanos() / 1e9, 1e-9);
  }
}
