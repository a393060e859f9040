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
 */
public record WorkloadHeader(
    String format,
    int version,
    String source,
    String serverVersion,
    Instant start,
    Instant end,
    Map<String, String> filters) {

  public static final String FORMAT = "querytester-workload";
  public static final int CURRENT_VERSION = 1;

  public static WorkloadHeader of(String source, String serverVersion, Instant start) {
    return new WorkloadHeader(
        FORMAT, CURRENT_VERSION, source, serverVersion, start, null, Map.of());
  }

  public WorkloadHeader withFilters(Map<String, String> newFilters) {
    return new WorkloadHeader(format, version, source, serverVersion, start, end, newFilters);
  }
}
