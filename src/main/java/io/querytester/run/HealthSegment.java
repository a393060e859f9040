package io.querytester.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the health watch saw on one target during one replay (a resumed run has a segment per
 * resume): written to {@code health.jsonl} when the replay ends.
 *
 * @param side OLD, NEW or the label of a single target
 * @param spec the target spec, passwords masked
 * @param version the server's version
 * @param started when the watch started (the replay's start)
 * @param ended when it ended
 * @param uptimeStart the server's uptime (s) at the start
 * @param uptimeEnd its uptime at the end, null if it was down
 * @param statements statements run on it (with self-checks and repeats)
 * @param crashes crashes seen
 * @param restarts restarts done by the watch
 * @param downReason why the side stopped before the end, null if it did not
 * @param before the counters at the start
 * @param after the counters at the end, null if the server was down
 * @param risen how much each counter rose during the replay (across restarts)
 * @param errorLogSource where error-log lines were read from, null if nowhere
 * @param errorLog the error-log classes, per phase
 * @param notes what the watch could not do (no error log, no privilege ...)
 */
public record HealthSegment(
    String side,
    String spec,
    String version,
    Instant started,
    Instant ended,
    Long uptimeStart,
    Long uptimeEnd,
    long statements,
    int crashes,
    int restarts,
    String downReason,
    StatusSnapshot before,
    StatusSnapshot after,
    Map<String, Long> risen,
    String errorLogSource,
    List<LogClass> errorLog,
    List<String> notes)
    implements HealthRecord {

  public HealthSegment {
    risen = risen == null ? Map.of() : risen;
    errorLog = errorLog == null ? List.of() : errorLog;
    notes = notes == null ? List.of() : notes;
  }

  /** This segment followed by a later one of the same side (a resumed run). */
  HealthSegment then(HealthSegment later) {
    Map<String, Long> sum = new java.util.TreeMap<>(risen);
    later.risen.forEach((k, v) -> sum.merge(k, v, Long::sum));
    List<String> allNotes = new java.util.ArrayList<>(notes);
    later.notes.stream().filter(n -> !allNotes.contains(n)).forEach(allNotes::add);
    return new HealthSegment(
        side,
        later.spec,
        later.version,
        started,
        later.ended,
        uptimeStart,
        later.uptimeEnd,
        statements + later.statements,
        crashes + later.crashes,
        restarts + later.restarts,
        later.downReason,
        before,
        later.after,
        sum,
        later.errorLogSource,
        merge(errorLog, later.errorLog),
        allNotes);
  }

  /** Merges lists of classes of the same target (segments of a resumed run). */
  private static List<LogClass> merge(List<LogClass> a, List<LogClass> b) {
    Map<String, LogClass> m = new LinkedHashMap<>();
    for (List<LogClass> list : List.of(a, b)) {
      for (LogClass c : list) {
        m.merge(c.phase() + "\u0000" + c.key(), c, LogClass::plus);
      }
    }
    return new ArrayList<>(m.values());
  }
}
