package io.querytester.compare;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.run.Difference;
import io.querytester.run.DropList;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionIndex;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.ObservationComparator;
import io.querytester.run.RunInfo;
import io.querytester.workload.SqlProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Save now, compare later: joins two single-target runs of the same workload, event by event, into
 * a pair run that the analyser and the reports read like any other. No self-check is possible (the
 * servers are gone), so row differences are not re-run. The OLD run is read by event from its file,
 * never held, so the join's memory does not grow with the runs.
 */
public final class RunJoiner {
  private RunJoiner() {}

  public static void join(Path oldRun, Path newRun, Path out, Consumer<String> warnings) {
    RunInfo a = RunInfo.read(oldRun);
    RunInfo b = RunInfo.read(newRun);
    if (!a.workload().equals(b.workload())) {
      warnings.accept(
          "the two runs replayed different workload files ("
              + a.workload()
              + ", "
              + b.workload()
              + "); events are matched by their line number");
    }
    if (Files.exists(out.resolve(ExecutionLog.FILE))) {
      throw new BadInputException(out + " already holds a run; choose another --out");
    }
    try (ExecutionIndex olds = ExecutionIndex.open(oldRun, warnings)) {
      joined(a, b, oldRun, newRun).write(out);
      long unmatched = 0;
      BitSet matched = new BitSet();
      try (ExecutionLog log = ExecutionLog.append(out)) {
        for (Execution n : ExecutionLog.read(newRun, warnings)) {
          Execution o = matched.get(Math.toIntExact(n.event())) ? null : olds.get(n.event());
          if (o == null) {
            unmatched++;
            continue;
          }
          matched.set(Math.toIntExact(n.event()));
          log.write(pair(o, n));
        }
      }
      HealthLog.join(oldRun, newRun, out, warnings);
      DropList.join(oldRun, newRun, out);
      unmatched += olds.size() - matched.cardinality();
      if (unmatched > 0) {
        warnings.accept(unmatched + " events ran in only one of the two runs and are left out");
      }
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + out + ": " + e.getMessage(), e);
    }
  }

  /** The two runs' sides as OLD and NEW; the replay took as long as the slower of the two. */
  private static RunInfo joined(RunInfo a, RunInfo b, Path oldRun, Path newRun) {
    RunInfo info =
        RunInfo.starting(
            a.workload(),
            a.workloadEvents(),
            List.of(relabel(a.targets().getFirst(), "OLD"), relabel(b.targets().getFirst(), "NEW")),
            Map.of("compared", oldRun + " vs " + newRun),
            earlier(a.started(), b.started()));
    if (a.replaySeconds() == null || b.replaySeconds() == null) {
      return info;
    }
    Instant end = a.finished() == null || b.finished() == null ? null : later(a, b);
    return info.ended(end, Math.max(a.replaySeconds(), b.replaySeconds()));
  }

  private static Instant earlier(Instant a, Instant b) {
    return a == null || (b != null && b.isBefore(a)) ? b : a;
  }

  private static Instant later(RunInfo a, RunInfo b) {
    return a.finished().isAfter(b.finished()) ? a.finished() : b.finished();
  }

  private static RunInfo.Side relabel(RunInfo.Side s, String label) {
    return new RunInfo.Side(label, s.spec(), s.version(), s.variables());
  }

  private static Execution pair(Execution o, Execution n) {
    if (o.skipped() != null || n.skipped() != null) {
      return o.skipped() != null ? o : n;
    }
    boolean ordered = false;
    List<Difference> diffs = List.of();
    if (o.old() != null && n.old() != null) {
      String sql = o.sql() != null ? o.sql() : n.sql();
      ordered = sql != null && SqlProfile.of(sql).ordered();
      diffs = ObservationComparator.compare(o.old(), n.old(), ordered);
    }
    return new Execution(
        o.event(),
        o.session(),
        o.classId(),
        o.kind(),
        null,
        o.sql() != null ? o.sql() : n.sql(),
        o.old(),
        n.old(),
        diffs,
        null,
        o.oldRepeats(),
        n.oldRepeats());
  }
}
