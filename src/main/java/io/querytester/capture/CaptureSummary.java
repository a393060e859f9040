package io.querytester.capture;

import io.querytester.workload.ClassCoverage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What a capture did, for the console and for the exit code.
 *
 * @param out the workload file written
 * @param read events the source delivered
 * @param written events written to the file
 * @param filtered events dropped by the filters, by reason (schema, user, kind, regex, class,
 *     sample, max per class)
 * @param skipped bad input skipped, by reason (bad events, unreadable lines, empty files ...)
 * @param counters the source's own counters (admin commands, row events without SQL ...)
 * @param classes distinct query classes written
 * @param templates events written that are prepared-statement templates (kind TEMPLATE): text with
 *     {@code ?} placeholders, which replay does not run
 * @param elapsed how long the capture ran
 * @param endedBy why the capture ended: "end of input", "--max-events", "--duration", "Ctrl-C", or
 *     the lost connection
 * @param sourceReport lines only the source knows (polls, coverage)
 * @param warnings warnings reported
 * @param coverage which of the server's query classes the capture saw, null when the server keeps
 *     no digest summary
 */
public record CaptureSummary(
    Path out,
    long read,
    long written,
    Map<String, Long> filtered,
    Map<String, Long> skipped,
    Map<String, Long> counters,
    int classes,
    long templates,
    Duration elapsed,
    String endedBy,
    List<String> sourceReport,
    long warnings,
    ClassCoverage coverage) {

  public long skippedTotal() {
    return skipped.values().stream().mapToLong(Long::longValue).sum();
  }

  public long filteredTotal() {
    return filtered.values().stream().mapToLong(Long::longValue).sum();
  }
}
