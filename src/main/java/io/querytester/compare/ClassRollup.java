package io.querytester.compare;

import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.Observation;
import io.querytester.run.ObservationComparator;
import io.querytester.run.Outcome;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Accumulates the executions of one class, in bounded memory, into a {@link ClassSummary}. */
final class ClassRollup {
  final String classId;
  long firstEvent = Long.MAX_VALUE;
  String kind;
  String example;
  long executions;
  long skipped;
  String skipReason;
  final Map<DiffKind, Long> differences = new EnumMap<>(DiffKind.class);
  final Map<DiffKind, List<ClassSummary.Example>> examples = new EnumMap<>(DiffKind.class);
  final Set<String> nondeterminism = new LinkedHashSet<>();

  /** A re-run on the same server gave another row count: row counts are noise too. */
  boolean rowCountsVary;

  final LatencyStats old;
  final LatencyStats neu;
  final LatencyPairs pairs;
  private final int maxExamples;

  ClassRollup(String classId, int maxExamples) {
    this.classId = classId;
    this.maxExamples = maxExamples;
    this.old = new LatencyStats(classId.hashCode());
    this.neu = new LatencyStats(~classId.hashCode());
    this.pairs = new LatencyPairs(classId.hashCode() * 31L);
  }

  void add(Execution e) {
    firstEvent = Math.min(firstEvent, e.event());
    kind = e.kind() == null ? kind : e.kind().name();
    if (e.skipped() != null) {
      skipped++;
      skipReason = e.skipped();
      return;
    }
    executions++;
    latency(e.old(), e.oldRepeats(), old);
    latency(e.neu(), e.newRepeats(), neu);
    pair(e);
    if (Boolean.FALSE.equals(e.consistent())) {
      nondeterminism.add(
          "a re-run on the same server gave a different result (event " + e.event() + ")");
      rowCountsVary |= e.differences().stream().anyMatch(d -> d.kind() == DiffKind.ROW_COUNT);
    }
    for (Difference d : e.differences()) {
      differences.merge(d.kind(), 1L, Long::sum);
      List<ClassSummary.Example> list = examples.computeIfAbsent(d.kind(), k -> new ArrayList<>());
      if (list.size() < maxExamples && (list.isEmpty() || list.getLast().event() != e.event())) {
        list.add(
            new ClassSummary.Example(
                e.event(), e.sql(), e.differences(), error(e.old()), error(e.neu())));
      }
      if (example == null && e.sql() != null) {
        example = e.sql();
      }
    }
  }

  private static void latency(Observation o, List<Long> repeats, LatencyStats into) {
    if (o == null || !(o.ok())) {
      return;
    }
    into.record(o.lastRowMicros());
    if (repeats != null) {
      repeats.forEach(into::record);
    }
  }

  /** The runs of an execution that both sides ran, OLD's i-th beside NEW's i-th. */
  private void pair(Execution e) {
    if (e.old() == null || e.neu() == null || !e.old().ok() || !e.neu().ok()) {
      return;
    }
    int repeats =
        e.oldRepeats() == null || e.newRepeats() == null
            ? 0
            : Math.min(e.oldRepeats().size(), e.newRepeats().size());
    long[] o = new long[1 + repeats];
    long[] n = new long[1 + repeats];
    o[0] = e.old().lastRowMicros();
    n[0] = e.neu().lastRowMicros();
    for (int i = 0; i < repeats; i++) {
      o[i + 1] = e.oldRepeats().get(i);
      n[i + 1] = e.newRepeats().get(i);
    }
    pairs.add(e.event(), e.session(), o, n);
  }

  private static String error(Observation o) {
    if (o == null) {
      return null;
    }
    Outcome out = o.outcome();
    if (out instanceof Outcome.Failed f) {
      return ObservationComparator.error(f);
    }
    if (out instanceof Outcome.TimedOut t) {
      return "timed out after " + t.afterMillis() + " ms";
    }
    if (out instanceof Outcome.Lost l) {
      return "connection lost: " + l.message();
    }
    return null;
  }
}
