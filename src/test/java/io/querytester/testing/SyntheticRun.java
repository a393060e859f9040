package io.querytester.testing;

import io.querytester.run.ColumnMeta;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Observation;
import io.querytester.run.Outcome;
import io.querytester.run.ResultDigest;
import io.querytester.run.RunInfo;
import io.querytester.run.Warning;
import io.querytester.workload.SqlProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a run folder (run.json, executions.jsonl, the workload) without servers, for report tests:
 * the same files replay writes, with observations and differences chosen by the test.
 */
public final class SyntheticRun implements AutoCloseable {
  private final Path dir;
  private final List<String> statements = new ArrayList<>();
  private final ExecutionLog log;

  private SyntheticRun(Path dir, ExecutionLog log) {
    this.dir = dir;
    this.log = log;
  }

  /** A run of OLD (10.2.11) vs NEW (11.4.5) with the given target specs as run.json shows them. */
  public static SyntheticRun create(Path dir, String oldSpec, String newSpec) throws IOException {
    new RunInfo(
            RunInfo.FORMAT,
            RunInfo.VERSION,
            dir.resolve("workload.jsonl").toString(),
            0,
            List.of(
                new RunInfo.Side(
                    "OLD",
                    oldSpec,
                    "10.2.11-MariaDB",
                    Map.of("sql_mode", "STRICT_TRANS_TABLES", "version", "10.2.11-MariaDB")),
                new RunInfo.Side(
                    "NEW",
                    newSpec,
                    "11.4.5-MariaDB",
                    Map.of(
                        "sql_mode",
                        "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO",
                        "version",
                        "11.4.5-MariaDB"))),
            Map.of("concurrency", "4"),
            Instant.parse("2026-01-02T03:04:05Z"),
            Instant.parse("2026-01-02T03:04:07.500Z"),
            2.5,
            null)
        .write(dir);
    return new SyntheticRun(dir, ExecutionLog.append(dir));
  }

  public static SyntheticRun create(Path dir) throws IOException {
    return create(dir, "embedded:mariadb-10.2.11", "embedded:mariadb-11.4.5");
  }

  public Path dir() {
    return dir;
  }

  /** Adds a statement to the workload; returns its event id (its line in the workload file). */
  public long statement(String sql) {
    statements.add(sql);
    return statements.size() + 1;
  }

  /** One execution of {@code sql} with these observations and differences. */
  public SyntheticRun run(String sql, Observation old, Observation neu, Difference... diffs)
      throws IOException {
    return write(sql, old, neu, List.of(diffs), null, null);
  }

  private SyntheticRun write(
      String sql,
      Observation old,
      Observation neu,
      List<Difference> diffs,
      List<Long> oldRepeats,
      List<Long> newRepeats)
      throws IOException {
    long event = statement(sql);
    SqlProfile p = SqlProfile.of(sql);
    log.write(
        new Execution(
            event,
            1,
            p.classId(),
            p.kind(),
            null,
            diffs.isEmpty() ? null : sql,
            old,
            neu,
            diffs,
            null,
            oldRepeats,
            newRepeats));
    return this;
  }

  /**
   * One execution of {@code sql} that ran {@code old.length} times on each side (its first run and
   * its --repeat runs), the i-th runs of OLD and NEW together, with these latencies.
   */
  public SyntheticRun timed(String sql, long[] old, long[] neu) throws IOException {
    List<Long> oldRepeats = new java.util.ArrayList<>();
    List<Long> newRepeats = new java.util.ArrayList<>();
    for (int i = 1; i < old.length; i++) {
      oldRepeats.add(old[i]);
      newRepeats.add(neu[i]);
    }
    return write(sql, ok(old[0], 1), ok(neu[0], 1), List.of(), oldRepeats, newRepeats);
  }

  /** An event replay did not run (a write without --allow-writes). */
  public SyntheticRun skip(String sql, String why) throws IOException {
    long event = statement(sql);
    SqlProfile p = SqlProfile.of(sql);
    log.write(
        new Execution(
            event, 1, p.classId(), p.kind(), why, null, null, null, List.of(), null, null, null));
    return this;
  }

  /** The same statement run {@code n} times, alike on both sides, with these latencies. */
  public SyntheticRun same(String sql, int n, long oldMicros, long newMicros) throws IOException {
    for (int i = 0; i < n; i++) {
      run(sql, ok(oldMicros + i, 1), ok(newMicros + i, 1));
    }
    return this;
  }

  @Override
  public void close() throws IOException {
    log.close();
    Workloads.write(dir.resolve("workload.jsonl"), "app", 1, statements);
  }

  public static Observation ok(long micros, long rows) {
    return new Observation(
        new Outcome.Ok(),
        micros / 2,
        micros,
        rows,
        null,
        List.of(new ColumnMeta("id", "INT", 11, 0, false, null)),
        List.of(),
        new ResultDigest(rows, "aa", "bb"));
  }

  public static Observation okWithWarning(long micros, Warning w) {
    Observation o = ok(micros, 1);
    return new Observation(
        o.outcome(),
        o.firstRowMicros(),
        o.lastRowMicros(),
        o.rows(),
        null,
        o.columns(),
        List.of(w),
        o.digest());
  }

  public static Observation failed(int code, String message) {
    return new Observation(
        new Outcome.Failed(code, "42000", message), 300, 300, 0, null, List.of(), List.of(), null);
  }

  public static Difference rows(
      DiffKind kind,
      String detail,
      List<String> columns,
      List<List<String>> old,
      List<List<String>> neu) {
    return new Difference(kind, detail, new Difference.RowSamples(columns, old, neu, false));
  }
}
