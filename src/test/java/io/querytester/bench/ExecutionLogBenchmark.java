package io.querytester.bench;

import io.querytester.run.ColumnDefinition;
import io.querytester.run.ColumnMeta;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Observation;
import io.querytester.run.Outcome;
import io.querytester.run.ResultDigest;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.testing.Cli;
import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import io.querytester.workload.SqlProfile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * executions.jsonl without servers: runs in sysbench's read-only shapes (point selects, ranges,
 * SUM, ORDER BY, DISTINCT on two tables, 8 sessions, 1% of executions differing with row samples)
 * are written by the tool's own ExecutionLog, then
 *
 * <ul>
 *   <li>bytes per execution, short (version 2) and in full (version 1), for 20,000 executions;
 *   <li>report writing for those 20,000: `report RUN_DIR` in-process, from reading the log to the
 *       report files written, the first time in a fresh JVM and the best of 5;
 *   <li>1M events reported, compared (two single-target runs) and merged (two shards) by the
 *       packaged tool with -Xmx256m.
 * </ul>
 *
 * Usage: ExecutionLogBenchmark OUT_DIR [events (20000)] [big events (1000000)]. Run by
 * bench/log/run.sh.
 */
public final class ExecutionLogBenchmark {
  private static final String[] SHAPES = {
    "SELECT c FROM sbtest%d WHERE id = 42",
    "SELECT c FROM sbtest%d WHERE id BETWEEN 1 AND 100",
    "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN 1 AND 100",
    "SELECT c FROM sbtest%d WHERE id BETWEEN 1 AND 100 ORDER BY c",
    "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN 1 AND 100 ORDER BY c"
  };

  private static final String[] STATEMENTS = new String[SHAPES.length * 2];
  private static final SqlProfile[] PROFILES = new SqlProfile[STATEMENTS.length];

  static {
    for (int i = 0; i < STATEMENTS.length; i++) {
      STATEMENTS[i] = String.format(Locale.ROOT, SHAPES[i / 2], 1 + i % 2);
      PROFILES[i] = SqlProfile.of(STATEMENTS[i]);
    }
  }

  private ExecutionLogBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "bench/out/log");
    int events = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
    int big = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
    Files.createDirectories(out);
    sizesAndReportTime(out, events);
    if (big > 0) {
      bigRuns(out, big);
    }
  }

  private static void sizesAndReportTime(Path out, int events) throws IOException {
    Path compact = pairRun(out.resolve("pair"), events, 0, null, true);
    Path full = pairRun(out.resolve("pair-full"), events, 0, null, false);
    long identical = identicalBytes(out.resolve("identical"), events);
    System.out.printf(
        Locale.ROOT,
        "%,d executions whose sides agree: %.1f bytes each (version 1, in full: %.1f)%n",
        events,
        (double) identical / events,
        fullIdenticalBytes(events));
    System.out.printf(
        Locale.ROOT,
        "%,d executions, 1%% differing: executions.jsonl %,d bytes (%.1f each); in full %,d (%.1f)%n",
        events,
        Files.size(compact.resolve(ExecutionLog.FILE)),
        (double) Files.size(compact.resolve(ExecutionLog.FILE)) / events,
        Files.size(full.resolve(ExecutionLog.FILE)),
        (double) Files.size(full.resolve(ExecutionLog.FILE)) / events);
    for (Path run : List.of(compact, full)) {
      List<Long> millis = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        long start = System.nanoTime();
        Cli.Run r = Cli.run("report", run.toString(), "--no-baseline", "--quiet");
        millis.add((System.nanoTime() - start) / 1_000_000);
        if (r.code() > 1) {
          throw new IllegalStateException(r.err());
        }
      }
      System.out.printf(
          Locale.ROOT,
          "report of %s: first %d ms, best of the next 5 %d ms%n",
          run.getFileName(),
          millis.getFirst(),
          millis.subList(1, millis.size()).stream().mapToLong(Long::longValue).min().orElse(0));
    }
  }

  private static void bigRuns(Path out, int events) throws Exception {
    Path pair = pairRun(out.resolve("big"), events, 0, null, true);
    Path oldRun = singleRun(out.resolve("big-old"), "OLD", events);
    Path newRun = singleRun(out.resolve("big-new"), "NEW", events);
    Path shard1 = pairRun(out.resolve("big-shard1"), events / 2, 0, new RunInfo.Shard(1, 2), true);
    Path shard2 =
        pairRun(out.resolve("big-shard2"), events / 2, events / 2, new RunInfo.Shard(2, 2), true);
    System.out.printf(
        Locale.ROOT,
        "%,d events: executions.jsonl %,d bytes%n",
        events,
        Files.size(pair.resolve(ExecutionLog.FILE)));
    tool(out, "report", List.of("report", pair.toString(), "--no-baseline", "--quiet"));
    tool(
        out,
        "compare",
        List.of(
            "compare",
            oldRun.toString(),
            newRun.toString(),
            "--out",
            out.resolve("big-compared").toString(),
            "--no-baseline",
            "--quiet"));
    tool(
        out,
        "merge",
        List.of(
            "report",
            shard1.toString(),
            shard2.toString(),
            "--out",
            out.resolve("big-merged").toString(),
            "--no-baseline",
            "--quiet"));
  }

  private static void tool(Path out, String name, List<String> args) throws Exception {
    long start = System.nanoTime();
    Tool.Result r =
        Tool.run(out.resolve(name + ".log"), List.of("-Xmx256m"), args.toArray(String[]::new));
    System.out.printf(
        Locale.ROOT,
        "%s of 1M events with -Xmx256m: exit %d in %.1f s%s%n",
        name,
        r.code(),
        (System.nanoTime() - start) / 1e9,
        r.code() > 1 ? ": " + r.err().strip() : "");
  }

  /** A pair run; every 100th execution differs (rows and samples), the rest agree. */
  static Path pairRun(Path dir, int events, int first, RunInfo.Shard shard, boolean compact)
      throws IOException {
    info(dir, events, shard, List.of(side("OLD", "10.2.11"), side("NEW", "11.4.5")));
    SplittableRandom random = new SplittableRandom(first + 7);
    try (Writer w = writer(dir, compact)) {
      for (int i = first; i < first + events; i++) {
        boolean differs = i % 100 == 99;
        Observation old = observation(random, shape(i), i, false);
        w.write(execution(i, old, observation(random, shape(i), i, differs), differs));
      }
    }
    return dir;
  }

  private static Path singleRun(Path dir, String label, int events) throws IOException {
    info(dir, events, null, List.of(side(label, label.equals("OLD") ? "10.2.11" : "11.4.5")));
    SplittableRandom random = new SplittableRandom(label.hashCode());
    try (Writer w = writer(dir, true)) {
      for (int i = 0; i < events; i++) {
        boolean differs = label.equals("NEW") && i % 100 == 99;
        w.write(execution(i, observation(random, shape(i), i, differs), null, false));
      }
    }
    return dir;
  }

  private static long identicalBytes(Path dir, int events) throws IOException {
    info(dir, events, null, List.of(side("OLD", "10.2.11"), side("NEW", "11.4.5")));
    SplittableRandom random = new SplittableRandom(3);
    try (ExecutionLog log = ExecutionLog.append(dir)) {
      for (int i = 0; i < events; i++) {
        log.write(agreeing(random, i));
      }
    }
    return Files.size(dir.resolve(ExecutionLog.FILE));
  }

  private static double fullIdenticalBytes(int events) throws IOException {
    SplittableRandom random = new SplittableRandom(3);
    long bytes = 0;
    for (int i = 0; i < events; i++) {
      bytes += RunJson.MAPPER.writeValueAsBytes(agreeing(random, i)).length + 1;
    }
    return (double) bytes / events;
  }

  private static Execution agreeing(SplittableRandom random, int i) {
    Observation o = observation(random, shape(i), i, false);
    Observation n =
        new Observation(
            Outcome.ok(),
            200 + random.nextInt(3_000),
            o.lastRowMicros() + random.nextInt(300),
            o.rows(),
            null,
            o.columns(),
            List.of(),
            o.digest());
    return execution(i, o, n, false);
  }

  /** Event i in its shape; a differing one keeps its statement and a self-check, as replay does. */
  private static Execution execution(int i, Observation old, Observation neu, boolean differs) {
    int shape = shape(i);
    return new Execution(
        i + 2,
        i % 8,
        PROFILES[shape].classId(),
        PROFILES[shape].kind(),
        null,
        differs ? STATEMENTS[shape] : null,
        old,
        neu,
        differs ? List.of(rowsDiffer()) : List.of(),
        differs ? Boolean.TRUE : null,
        null,
        null);
  }

  /** Each sysbench shape on each of the two tables in turn. */
  private static int shape(int i) {
    return i % STATEMENTS.length;
  }

  private static Observation observation(
      SplittableRandom random, int shape, int i, boolean differs) {
    long rows = shape / 2 == 0 || shape / 2 == 2 ? 1 : 100;
    long last = 200 + random.nextInt(3_000);
    SplittableRandom d = new SplittableRandom(i * 31L + (differs ? 1 : 0));
    HexFormat hex = HexFormat.of();
    ResultDigest digest =
        new ResultDigest(
            rows,
            hex.toHexDigits(d.nextLong()) + hex.toHexDigits(d.nextLong()),
            hex.toHexDigits(d.nextLong()) + hex.toHexDigits(d.nextLong()));
    return new Observation(
        Outcome.ok(),
        last - random.nextInt(50),
        last,
        rows,
        null,
        columns(shape),
        List.of(),
        digest);
  }

  private static List<ColumnMeta> columns(int shape) {
    String table = "sbtest" + (1 + shape % 2);
    if (shape / 2 == 2) {
      return List.of(
          new ColumnMeta(
              "SUM(k)",
              "DECIMAL",
              32,
              0,
              true,
              null,
              new ColumnDefinition(246, 33, 0, 128, 63, "binary", "", "", "", "")));
    }
    return List.of(
        new ColumnMeta(
            "c",
            "CHAR",
            120,
            0,
            false,
            "utf8mb4",
            new ColumnDefinition(
                254, 480, 0, 4097, 45, "utf8mb4_general_ci", "c", table, table, "sbtest")));
  }

  private static Difference rowsDiffer() {
    return new Difference(
        DiffKind.RESULT,
        "same row count (100), different values",
        new Difference.RowSamples(
            List.of("c"),
            List.of(List.of("83868641912-28773972837-60736120486-75162659906")),
            List.of(List.of("83868641912-28773972837-60736120486-75162659907")),
            false));
  }

  private static RunInfo.Side side(String label, String version) {
    return new RunInfo.Side(
        label, "embedded:mariadb-" + version, version + "-MariaDB", Map.of("version", version));
  }

  private static void info(Path dir, int events, RunInfo.Shard shard, List<RunInfo.Side> sides)
      throws IOException {
    Files.createDirectories(dir);
    RunInfo info =
        RunInfo.starting(
                dir.getParent().resolve("workload.jsonl").toString(),
                events,
                sides,
                Map.of("concurrency", "8"),
                Instant.parse("2026-11-23T18:00:00Z"))
            .ended(Instant.parse("2026-11-23T18:00:12Z"), 12.0);
    (shard == null ? info : info.withShard(shard)).write(dir);
    // The workload holds each class's first event, for the examples of classes that agree.
    Workloads.write(dir.getParent().resolve("workload.jsonl"), "sbtest", 1, List.of(STATEMENTS));
  }

  /** The tool's own log, or every line in full as version 1 wrote it. */
  private interface Writer extends AutoCloseable {
    void write(Execution e) throws IOException;

    @Override
    void close() throws IOException;
  }

  private static Writer writer(Path dir, boolean compact) throws IOException {
    if (compact) {
      ExecutionLog log = ExecutionLog.append(dir);
      return new Writer() {
        @Override
        public void write(Execution e) throws IOException {
          log.write(e);
        }

        @Override
        public void close() throws IOException {
          log.close();
        }
      };
    }
    BufferedWriter w =
        Files.newBufferedWriter(dir.resolve(ExecutionLog.FILE), StandardCharsets.UTF_8);
    return new Writer() {
      @Override
      public void write(Execution e) throws IOException {
        w.write(RunJson.MAPPER.writeValueAsString(e));
        w.write('\n');
      }

      @Override
      public void close() throws IOException {
        w.close();
      }
    };
  }
}
