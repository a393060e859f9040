package io.querytester.compare;

import io.querytester.run.Execution;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A run's executions rolled up per class, in the order they were written: read back from the
 * executions log, or taken as a replay writes them, so that its report need not decode the log it
 * has just written (most of a report's time after a replay).
 */
public final class RunRollup implements Consumer<Execution> {
  private final int maxExamples;
  private final Map<Long, String> heldUp;
  private final Diagnostics diagnostics = new Diagnostics();
  final Map<String, ClassRollup> classes = new LinkedHashMap<>();
  final Map<String, Long> skipped = new TreeMap<>();
  long events;
  private volatile boolean broken;

  /** Whether an analysis took this rollup: it adds the run's crashes and examples to it, once. */
  boolean judged;

  /**
   * A rollup of executions as a replay writes them: what a stalled server held up is not known yet,
   * so {@link RunAnalyzer} takes it only when no stall held up any.
   */
  public RunRollup(int maxExamples) {
    this(maxExamples, Map.of());
  }

  /**
   * @param heldUp the events a stalled server held up, and why: they count as skipped
   */
  RunRollup(int maxExamples, Map<Long, String> heldUp) {
    this.maxExamples = maxExamples;
    this.heldUp = heldUp;
  }

  /**
   * Adds the next execution a replay wrote. Never throws: a failure here must not stop the replay,
   * and leaves the rollup unusable, so that the report reads the log instead.
   */
  @Override
  public void accept(Execution written) {
    if (broken) {
      return;
    }
    try {
      add(written);
    } catch (RuntimeException e) {
      broken = true;
    }
  }

  /** Adds the next execution read from the log. */
  void add(Execution read) {
    Execution e = notCompared(diagnostics.tie(read));
    events++;
    classes.computeIfAbsent(e.classId(), id -> new ClassRollup(id, maxExamples)).add(e);
    if (e.skipped() != null) {
      skipped.merge(e.skipped(), 1L, Long::sum);
    }
  }

  /** The executions added. */
  public long events() {
    return events;
  }

  /** Whether every execution handed over was added. */
  boolean complete() {
    return !broken;
  }

  /** An execution a stalled server held up counts as skipped: its slowness was the stall's. */
  private Execution notCompared(Execution e) {
    String why = heldUp.isEmpty() || e.skipped() != null ? null : heldUp.get(e.event());
    return why == null ? e : Execution.skipped(e.event(), e.session(), e.classId(), e.kind(), why);
  }
}
