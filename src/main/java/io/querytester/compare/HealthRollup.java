package io.querytester.compare;

import io.querytester.run.CrashEvent;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.HealthRecord;
import io.querytester.run.HealthReport;
import io.querytester.run.StallEvent;
import io.querytester.run.StatementRef;
import java.util.List;
import java.util.Map;

/**
 * Brings what the health watch saw into the run's verdict: the classes in flight at a crash get a
 * {@link DiffKind#CRASH} difference (they are the prime suspects), and a crash fails the run.
 */
final class HealthRollup {
  private HealthRollup() {}

  /** The run's health from its records; marks the classes in flight at each crash. */
  static HealthReport apply(
      List<HealthRecord> records, Map<String, ClassRollup> rollups, int maxExamples) {
    HealthReport health = HealthReport.of(records);
    for (CrashEvent c : health.crashes()) {
      for (StatementRef s : c.inFlight()) {
        ClassRollup r = rollups.get(s.classId());
        if (r == null) {
          continue; // its execution was never written: the tool died with the server
        }
        Difference d =
            Difference.of(
                DiffKind.CRASH,
                "in flight on "
                    + c.side()
                    + " when it crashed at "
                    + c.at()
                    + " ("
                    + c.cause()
                    + ")");
        r.differences.merge(DiffKind.CRASH, 1L, Long::sum);
        List<ClassSummary.Example> examples =
            r.examples.computeIfAbsent(DiffKind.CRASH, k -> new java.util.ArrayList<>());
        if (examples.size() < maxExamples) {
          examples.add(new ClassSummary.Example(s.event(), s.sql(), List.of(d), null, null));
        }
        if (r.example == null) {
          r.example = s.sql();
        }
      }
    }
    return health;
  }

  /**
   * The events a stalled server held up, with why: they ran slow or were killed while it did not
   * answer, so they are counted as not compared instead of as differences of their queries.
   */
  static Map<Long, String> heldUp(List<HealthRecord> records) {
    Map<Long, String> out = new java.util.HashMap<>();
    for (HealthRecord r : records) {
      if (r instanceof StallEvent s) {
        for (StatementRef ref : s.heldUp()) {
          out.putIfAbsent(ref.event(), "held up by a stall of " + s.side() + " (not compared)");
        }
      }
    }
    return out;
  }

  /** A crash is a regression of the run, whatever the classes say. */
  static ClassVerdict verdict(HealthReport health, ClassVerdict verdict, List<String> notes) {
    notes.addAll(health.notes());
    return health.crashes().isEmpty() ? verdict : ClassVerdict.REGRESSION;
  }
}
