package io.querytester.compare;

import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import java.util.List;
import java.util.Map;

/**
 * Everything about one query class after a run.
 *
 * @param classId the class id (pt-query-digest compatible)
 * @param fingerprint the normalised statement
 * @param example one statement of the class as captured
 * @param kind statement kind
 * @param verdict the class verdict
 * @param executions events run on both sides
 * @param skipped events not run, with the reason
 * @param skipReason why they were skipped
 * @param differences executions with each kind of difference
 * @param nondeterminism why the class is nondeterministic (static markers, self-check), empty if
 *     not
 * @param examples up to N differing executions per kind, with samples
 * @param oldLatency latency on OLD
 * @param newLatency latency on NEW
 * @param latency NEW vs OLD
 * @param pValue Mann-Whitney p-value behind the latency verdict, NaN when not computed
 * @param accepted difference kinds that a baseline accepted, with its reason
 * @param latencyBasis what the latency verdict rests on: the paired ratio's interval, the slowest
 *     executions and the confirmation, if any
 */
public record ClassSummary(
    String classId,
    String fingerprint,
    String example,
    String kind,
    ClassVerdict verdict,
    long executions,
    long skipped,
    String skipReason,
    Map<DiffKind, Long> differences,
    List<String> nondeterminism,
    List<Example> examples,
    Percentiles oldLatency,
    Percentiles newLatency,
    LatencyVerdict latency,
    double pValue,
    Map<DiffKind, String> accepted,
    LatencyBasis latencyBasis) {

  public ClassSummary {
    latencyBasis = latencyBasis == null ? LatencyBasis.NONE : latencyBasis;
  }

  /**
   * One differing execution kept as an example.
   *
   * @param event its line in the workload
   * @param sql the statement
   * @param differences what differed, with row samples
   * @param oldError OLD's error message, if it failed
   * @param newError NEW's error message, if it failed
   */
  public record Example(
      long event, String sql, List<Difference> differences, String oldError, String newError) {}

  /** Latency percentiles in microseconds. */
  public record Percentiles(long count, long p50, long p95, long p99, long max) {}
}
