package io.querytester.replay;

import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Observation;
import java.util.List;

/**
 * Runs a statement whose rows differed again on both sides, keeping the rows of the digest buckets
 * that differed. A side that disagrees with itself makes the execution nondeterministic; the kept
 * rows become the sample of differing rows in the report.
 */
final class SelfCheck {
  private static final int SAMPLE_BUCKETS = DigestBuilder.BUCKETS;
  private static final int SAMPLE_CAP = 100_000;

  private final SideRunner sides;
  private final SessionSetup setup;
  private final int maxSamples;

  SelfCheck(SideRunner sides, SessionSetup setup, int maxSamples) {
    this.sides = sides;
    this.setup = setup;
    this.maxSamples = maxSamples;
  }

  /** Only a read that can run twice, and only when rows differed. */
  static boolean wanted(Job job, List<Difference> diffs) {
    // A locking read or a sequence call runs once: again, it would take locks or advance anew.
    return job.profile().safeRead() && hasRowDifference(diffs);
  }

  /**
   * @return whether each side gave the same rows again; {@code diffs} get the sampled rows
   */
  boolean check(
      SessionConnections s, Job job, StatementRunner.Result[] first, List<Difference> diffs) {
    DigestBuilder.BucketSet differing = first[0].digest().differingBuckets(first[1].digest());
    long rows = Math.max(first[0].observation().rows(), first[1].observation().rows());
    StatementRunner.SampleRequest request =
        StatementRunner.SampleRequest.sized(differing, rows, SAMPLE_BUCKETS, SAMPLE_CAP);
    setup.pin(s, job);
    StatementRunner.Result[] again = sides.runAll(s, job, System.nanoTime(), request);
    // A row count that differs is judged by row counts alone: a side whose values vary (UUID())
    // but whose row count repeats shows that the count difference is real.
    boolean countsOnly = diffs.stream().anyMatch(d -> d.kind() == DiffKind.ROW_COUNT);
    boolean ordered = job.profile().ordered();
    boolean consistent =
        same(first[0].observation(), again[0].observation(), ordered, countsOnly)
            && same(first[1].observation(), again[1].observation(), ordered, countsOnly);
    if (request.buckets().size() > 0) {
      attachSamples(first, again, diffs);
    }
    return consistent;
  }

  private void attachSamples(
      StatementRunner.Result[] first, StatementRunner.Result[] again, List<Difference> diffs) {
    List<String> columns = first[0].observation().columns().stream().map(c -> c.name()).toList();
    boolean capped =
        again[0].sampled().size() >= SAMPLE_CAP || again[1].sampled().size() >= SAMPLE_CAP;
    Difference.RowSamples samples =
        RowSampler.diff(columns, again[0].sampled(), again[1].sampled(), maxSamples, capped);
    for (int i = 0; i < diffs.size(); i++) {
      Difference d = diffs.get(i);
      if (d.kind() == DiffKind.RESULT || d.kind() == DiffKind.ROW_COUNT) {
        diffs.set(i, new Difference(d.kind(), d.detail(), samples));
      }
    }
  }

  private static boolean same(Observation a, Observation b, boolean ordered, boolean countsOnly) {
    if (countsOnly) {
      return a.rows() == b.rows();
    }
    if (a.digest() == null || b.digest() == null) {
      return a.digest() == b.digest() && a.rows() == b.rows();
    }
    return a.digest().unordered().equals(b.digest().unordered())
        && (!ordered || a.digest().ordered().equals(b.digest().ordered()));
  }

  private static boolean hasRowDifference(List<Difference> diffs) {
    for (Difference d : diffs) {
      if (d.kind() == DiffKind.RESULT
          || d.kind() == DiffKind.ROW_COUNT
          || d.kind() == DiffKind.ROW_ORDER) {
        return true;
      }
    }
    return false;
  }
}
