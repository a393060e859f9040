package io.querytester.replay;

import io.querytester.TextCut;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.Observation;
import io.querytester.run.ObservationComparator;
import io.querytester.workload.SqlProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a statement's first run on every side into its execution record: the differences, the
 * self-check of differing rows, and the latencies of the --repeat runs.
 */
final class Comparison {
  private static final int MAX_SQL_KEPT = 8192;

  private final SideRunner sides;
  private final SelfCheck selfCheck;
  private final int repeat;

  Comparison(SideRunner sides, SelfCheck selfCheck, int repeat) {
    this.sides = sides;
    this.selfCheck = selfCheck;
    this.repeat = repeat;
  }

  Execution of(SessionConnections s, Job job, long session, StatementRunner.Result[] first) {
    SqlProfile p = job.profile();
    Observation old = first[0].observation();
    List<List<Long>> repeats = repeats(s, job);
    Observation neu = sides.sides() == 1 ? null : first[1].observation();
    List<Difference> diffs =
        neu == null
            ? List.of()
            : new ArrayList<>(ObservationComparator.compare(old, neu, p.ordered()));
    Boolean consistent =
        SelfCheck.wanted(job, diffs) ? selfCheck.check(s, job, first, diffs) : null;
    String sql = diffs.isEmpty() ? null : truncate(job.event().sql());
    return new Execution(
        job.id(),
        session,
        p.classId(),
        p.kind(),
        null,
        sql,
        old,
        neu,
        diffs,
        consistent,
        repeats == null ? null : repeats.get(0),
        repeats == null || neu == null ? null : repeats.get(1));
  }

  /** Latencies of the --repeat runs of a read, one list per side; null when not repeated. */
  private List<List<Long>> repeats(SessionConnections s, Job job) {
    if (repeat == 0 || !job.profile().safeRead()) {
      return null;
    }
    List<List<Long>> out = new ArrayList<>();
    for (int i = 0; i < sides.sides(); i++) {
      out.add(new ArrayList<>());
    }
    for (int k = 0; k < repeat; k++) {
      StatementRunner.Result[] r = sides.runAll(s, job, System.nanoTime(), null);
      for (int i = 0; i < r.length; i++) {
        out.get(i).add(r[i].observation().lastRowMicros());
      }
    }
    return out;
  }

  private static String truncate(String sql) {
    return TextCut.cut(sql, MAX_SQL_KEPT, " /* ... truncated */");
  }
}
