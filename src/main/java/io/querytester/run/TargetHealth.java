package io.querytester.run;

import java.util.List;

/**
 * One target's health over the whole run, for the reports.
 *
 * @param side OLD, NEW or the label of a single target
 * @param spec the target spec, passwords masked
 * @param version the server's version
 * @param statements statements run on it
 * @param crashes crashes seen
 * @param restarts restarts done by the watch
 * @param downReason why its side stopped before the end, null if it did not
 * @param uptimeStart its uptime (s) when the replay started
 * @param uptimeEnd its uptime at the end, null when it was down or not read
 * @param errorLogSource where error-log lines were read from, null if nowhere
 * @param startup error-log classes logged before the replay (start-up noise), kept apart
 * @param restart error-log classes logged while it restarted after a crash
 * @param notes what the watch could not do
 * @param complete false when the tool stopped before writing this side's summary (counters and
 *     error-log counts are then missing)
 */
public record TargetHealth(
    String side,
    String spec,
    String version,
    long statements,
    int crashes,
    int restarts,
    String downReason,
    Long uptimeStart,
    Long uptimeEnd,
    String errorLogSource,
    List<LogClass> startup,
    List<LogClass> restart,
    List<String> notes,
    boolean complete) {

  public TargetHealth {
    startup = startup == null ? List.of() : startup;
    restart = restart == null ? List.of() : restart;
    notes = notes == null ? List.of() : notes;
  }
}
