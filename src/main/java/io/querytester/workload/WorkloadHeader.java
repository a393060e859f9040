package io.querytester.workload;

import java.time.Instant;
import java.util.Map;

/**
 * The first line of a workload file.
 *
 * @param format always {@value #FORMAT}, so a wrong file is recognised at once
 * @param version the file format version; readers refuse versions newer than they know
 * @param source the capture source kind (slowlog, genlog, binlog, processlist, perfschema, manual)
 * @param serverVersion the source server's version string, when known
 * @param start capture start
 * @param end capture end (null while capturing; a file cut short still reads)
 * @param filters the filters that were in effect, as the user gave them
 * @param order what the order of the events means: {@value #COMPLETION} (slow log,
 *     performance_schema), {@value #ARRIVAL} (general log), {@value #COMMIT} (binary log), {@value
 *     #OBSERVED} (processlist polls); null when not known (older files, hand-made workloads)
 */
public record WorkloadHeader(
    String format,
    int version,
    String source,
    String serverVersion,
    Instant start,
    Instant end,
    Map<String, String> filters,
    String order) {

  /** Events in the order they ended. */
  public static final String COMPLETION = "completion";

  /** Events in the order the server received them. */
  public static final String ARRIVAL = "arrival";

  /** Transactions in the order they committed (a binary log holds writes only). */
  public static final String COMMIT = "commit";

  /** Statements in the order polls saw them running: about their start, per poll. */
  public static final String OBSERVED = "observed";

  public static final String FORMAT = "querytester-workload";
  public static final int CURRENT_VERSION = 1;

  public static WorkloadHeader of(String source, String serverVersion, Instant start) {
    return new WorkloadHeader(
        FORMAT, CURRENT_VERSION, source, serverVersion, start, null, Map.of(), null);
  }

  public WorkloadHeader withFilters(Map<String, String> newFilters) {
    return new WorkloadHeader(
        format, version, source, serverVersion, start, end, newFilters, order);
  }

  public WorkloadHeader withOrder(String newOrder) {
    return new WorkloadHeader(
        format, version, source, serverVersion, start, end, filters, newOrder);
  }
}
