package io.querytester.bench;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TcpProxy;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadReader;
import io.querytester.workload.WorkloadWriter;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The whole {@code querytester replay} command, as a user runs it ({@code ./querytester replay}
 * with {@code jdbc:} targets), side by side with a bare JDBC loop ({@link BareLoop}) and
 * pt-upgrade, on two embedded servers (10.2.11 and 11.4.5) with the same sysbench-shaped data and a
 * slow log of 8 sessions. Rounds interleave the loop and the tool at each concurrency, so load from
 * others on the machine hits both alike; ratios are taken inside a round. CPU is user+sys of each
 * whole process ({@code /usr/bin/time}). Not a test: run by bench/replay/run.sh.
 *
 * <p>Arguments: statements (20000), rounds (2), output folder, concurrencies (1,8,32).
 */
public final class ReplayBenchmark {
  private static final int TABLES = 2;
  private static final int ROWS = 10_000;
  private static final int SESSIONS = 8;

  private ReplayBenchmark() {}

  /** One process measured: its own figure of seconds (the loop's, or the replay phase's). */
  record Timed(double wall, double cpu, double inner) {}

  public static void main(String[] args) throws Exception {
    int statements = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    Path out = Path.of(args.length > 2 ? args[2] : "bench/out/replay").toAbsolutePath();
    int[] levels =
        java.util.Arrays.stream((args.length > 3 ? args[3] : "1,8,32").split(","))
            .mapToInt(Integer::parseInt)
            .toArray();
    Files.createDirectories(out);
    try (EmbeddedTarget old = TestServers.start("OLD", TestServers.OLD);
        EmbeddedTarget neu = TestServers.start("NEW", TestServers.NEW)) {
      for (Target t : List.of(old, neu)) {
        load(t);
      }
      Path workload = out.resolve("workload.jsonl.gz");
      Path slowLog = out.resolve("slow.log");
      List<String[]> events = generate(statements, SESSIONS);
      write(events, workload, slowLog);
      Path sqlFile = out.resolve("statements.sql");
      Files.write(sqlFile, events.stream().map(e -> e[1]).toList());
      Path cnf = TestServers.rootCnf(out, old, neu);
      if (rounds == 0) {
        serve(out, old, neu);
        return;
      }
      // The launcher writes its class-data archive on the first replay after a build, once per
      // machine: a user pays it once, so it is paid here, outside the timed rounds.
      List<String> warmUp =
          new ArrayList<>(
              command(
                  out.resolve("warm-up"),
                  cnf,
                  old.server().jdbcUrl(),
                  neu.server().jdbcUrl(),
                  1,
                  workload));
      warmUp.addAll(List.of("--limit", "100"));
      timed(out.resolve("warm-up"), warmUp);
      Map<Integer, List<Timed[]>> results = new java.util.TreeMap<>();
      for (int round = 1; round <= rounds; round++) {
        for (int c : levels) {
          Timed loop = bare(out, cnf, old, neu, c, sqlFile, round);
          Timed tool = tool(out, cnf, old, neu, c, workload, round);
          results.computeIfAbsent(c, k -> new ArrayList<>()).add(new Timed[] {loop, tool});
          System.err.printf(
              Locale.ROOT,
              "round %d, concurrency %d: loop %.0f/s (%.1f s CPU), tool %.0f/s whole, %.0f/s"
                  + " replay phase (%.1f s CPU)%n",
              round,
              c,
              statements / loop.inner(),
              loop.cpu(),
              statements / tool.wall(),
              statements / tool.inner(),
              tool.cpu());
        }
      }
      Timed pt = ptUpgrade(slowLog, old, neu, out);
      double[] start = startup(out, cnf, old, neu, workload, 3);
      double[] after = afterLast(out, cnf, old, neu, workload, 3);
      double[] floor =
          StartFloor.measure(out, cnf, old.server().port(), neu.server().port(), java(), 6);
      double[][] spread = spread(out, cnf, old, neu, workload, 3);
      String report =
          summary(statements, results, pt)
              + String.format(
                  Locale.ROOT,
                  "%nstart to first statement sent (./querytester replay): %.2f-%.2f s"
                      + "%nthe same for the bare loop with one statement (launcher's JVM options,"
                      + " class-data archive): %.2f-%.2f s"
                      + "%nafter the last statement sent to OLD to exit (./querytester replay, 8"
                      + " connections per side, the whole workload, plans read): %.2f-%.2f s"
                      + "%n%d statements at 32 connections per side, %d ms added each way in"
                      + " front of both servers: replay phase %.2f-%.2f s with --no-spread-reads,"
                      + " %.2f-%.2f s spread (the default)",
                  start[0],
                  start[1],
                  floor[0],
                  floor[1],
                  after[0],
                  after[1],
                  SPREAD_STATEMENTS,
                  SPREAD_DELAY.toMillis(),
                  spread[0][0],
                  spread[0][1],
                  spread[1][0],
                  spread[1][1]);
      System.out.println(report);
      Files.writeString(out.resolve("results.txt"), report + "\n");
    }
  }

  /**
   * Rounds 0: keeps the loaded servers up until killed, their URLs in {@code servers.txt}, for
   * profiling one command at a time.
   */
  private static void serve(Path out, EmbeddedTarget old, EmbeddedTarget neu) throws Exception {
    Files.writeString(
        out.resolve("servers.txt"), old.server().jdbcUrl() + " " + neu.server().jdbcUrl() + "\n");
    System.err.println("serving; servers in " + out.resolve("servers.txt"));
    Thread.sleep(Long.MAX_VALUE);
  }

  /**
   * The compact table the README quotes: best and worst of the rounds, ratios within a round.
   * tool/loop is the whole command against the loop's statements alone (its connections opened
   * before, its JVM started): the goal's measure. tool/loop pr is process against process: the
   * loop's JVM start, reading its statements, connecting and exit counted too, as a user running
   * either would wait for them.
   */
  static String summary(int n, Map<Integer, List<Timed[]>> results, Timed pt) {
    List<String> rows = new ArrayList<>();
    rows.add(
        String.format(
            Locale.ROOT,
            "%-5s %-13s %-13s %-11s %-11s %-13s %-11s %-10s",
            "conc",
            "loop/s",
            "tool/s",
            "tool/loop",
            "replay/loop",
            "tool/loop pr",
            "CPU loop s",
            "tool/loop CPU"));
    for (Map.Entry<Integer, List<Timed[]>> e : results.entrySet()) {
      List<Timed[]> r = e.getValue();
      rows.add(
          String.format(
              Locale.ROOT,
              "%-5d %-13s %-13s %-11s %-11s %-13s %-11s %-10s",
              e.getKey(),
              range(r, x -> n / x[0].inner(), "%.0f"),
              range(r, x -> n / x[1].wall(), "%.0f"),
              range(r, x -> 100 * x[0].inner() / x[1].wall(), "%.0f%%"),
              range(r, x -> 100 * x[0].inner() / x[1].inner(), "%.0f%%"),
              range(r, x -> 100 * x[0].wall() / x[1].wall(), "%.0f%%"),
              range(r, x -> x[0].cpu(), "%.1f"),
              range(r, x -> x[1].cpu() / x[0].cpu(), "%.2fx")));
    }
    if (pt != null) {
      rows.add(
          String.format(
              Locale.ROOT,
              "pt-upgrade (serial): %.0f/s, %.1f s CPU (its own process)",
              n / pt.wall(),
              pt.cpu()));
    }
    return String.join("\n", rows);
  }

  private static String range(
      List<Timed[]> rounds, java.util.function.ToDoubleFunction<Timed[]> f, String format) {
    double lo = rounds.stream().mapToDouble(f).min().orElse(0);
    double hi = rounds.stream().mapToDouble(f).max().orElse(0);
    String a = String.format(Locale.ROOT, format, lo);
    String b = String.format(Locale.ROOT, format, hi);
    return a.equals(b) ? a : a + "-" + b;
  }

  private static Timed bare(
      Path out, Path cnf, EmbeddedTarget old, EmbeddedTarget neu, int c, Path sql, int round)
      throws Exception {
    String cp = System.getProperty("java.class.path");
    Path log = out.resolve("loop-" + c + "-" + round);
    Timed t =
        timed(
            log,
            List.of(
                java(),
                "-cp",
                cp,
                BareLoop.class.getName(),
                cnf.toString(),
                Integer.toString(old.server().port()),
                Integer.toString(neu.server().port()),
                Integer.toString(c),
                sql.toString()));
    String[] said =
        Files.readString(log.resolveSibling(log.getFileName() + ".out")).strip().split(" ");
    return new Timed(t.wall(), t.cpu(), Double.parseDouble(said[1]));
  }

  private static Timed tool(
      Path out, Path cnf, EmbeddedTarget old, EmbeddedTarget neu, int c, Path workload, int round)
      throws Exception {
    Path run = out.resolve("run-" + c + "-" + round);
    Timed t =
        timed(
            out.resolve("tool-" + c + "-" + round),
            command(run, cnf, old.server().jdbcUrl(), neu.server().jdbcUrl(), c, workload));
    Double phase = io.querytester.run.RunInfo.read(run).replaySeconds();
    return new Timed(t.wall(), t.cpu(), phase == null ? t.wall() : phase);
  }

  /**
   * Seconds from starting {@code ./querytester replay} to its first workload statement reaching OLD
   * (through a probe that forwards OLD's connections), best and worst of {@code tries}.
   */
  private static double[] startup(
      Path out, Path cnf, EmbeddedTarget old, EmbeddedTarget neu, Path workload, int tries)
      throws Exception {
    try (FirstStatementProbe probe =
        FirstStatementProbe.start(old.server().port(), "FROM sbtest")) {
      return probe.bestAndWorst(
          tries, replays(probe, out, "start", cnf, neu, 1, workload, "--limit", "100"));
    }
  }

  /**
   * Seconds from the last workload statement of a whole replay at 8 connections per side reaching
   * OLD (through the probe) to the command's exit: its results, analysis and reports, best and
   * worst of {@code tries}.
   */
  private static double[] afterLast(
      Path out, Path cnf, EmbeddedTarget old, EmbeddedTarget neu, Path workload, int tries)
      throws Exception {
    try (FirstStatementProbe probe =
        FirstStatementProbe.start(old.server().port(), "FROM sbtest")) {
      return probe.afterLastBestAndWorst(
          tries, replays(probe, out, "after", cnf, neu, 8, workload));
    }
  }

  private static final int SPREAD_STATEMENTS = 4_000;
  private static final Duration SPREAD_DELAY = Duration.ofMillis(2);

  /**
   * What spreading reads does for a workload of fewer sessions than connections when the servers
   * are across a network (each chunk held {@link #SPREAD_DELAY} each way), so that a statement's
   * round trip, not the 2 cores, sets the rate: replay phase seconds at 32 connections per side,
   * best and worst of {@code tries} interleaved pairs, with --no-spread-reads [0] and without [1].
   */
  private static double[][] spread(
      Path out, Path cnf, EmbeddedTarget old, EmbeddedTarget neu, Path workload, int tries)
      throws Exception {
    double[][] phases = new double[2][tries];
    try (TcpProxy farOld = TcpProxy.start(old.server().port(), SPREAD_DELAY);
        TcpProxy farNew = TcpProxy.start(neu.server().port(), SPREAD_DELAY)) {
      for (int i = 0; i < tries; i++) {
        for (int with = 0; with < 2; with++) {
          Path run = out.resolve("spread-" + with + "-" + i);
          List<String> cmd =
              new ArrayList<>(
                  command(
                      run,
                      cnf,
                      "jdbc:mysql://127.0.0.1:" + farOld.port() + "/",
                      "jdbc:mysql://127.0.0.1:" + farNew.port() + "/",
                      32,
                      workload));
          cmd.addAll(List.of("--limit", Integer.toString(SPREAD_STATEMENTS)));
          if (with == 0) {
            cmd.add("--no-spread-reads");
          }
          timed(run, cmd);
          phases[with][i] = io.querytester.run.RunInfo.read(run).replaySeconds();
        }
      }
    }
    return new double[][] {bestAndWorst(phases[0]), bestAndWorst(phases[1])};
  }

  private static double[] bestAndWorst(double[] seconds) {
    return new double[] {
      java.util.Arrays.stream(seconds).min().orElseThrow(),
      java.util.Arrays.stream(seconds).max().orElseThrow()
    };
  }

  /** Attempt {@code i} replays into {@code out/NAME-i} with OLD reached through the probe. */
  private static FirstStatementProbe.Attempt replays(
      FirstStatementProbe probe,
      Path out,
      String name,
      Path cnf,
      EmbeddedTarget neu,
      int c,
      Path workload,
      String... extra) {
    return i -> {
      Path run = out.resolve(name + "-" + i);
      List<String> cmd =
          new ArrayList<>(
              command(
                  run,
                  cnf,
                  "jdbc:mysql://127.0.0.1:" + probe.port() + "/",
                  neu.server().jdbcUrl(),
                  c,
                  workload));
      cmd.addAll(List.of(extra));
      timed(run, cmd);
    };
  }

  private static List<String> command(
      Path run, Path cnf, String oldUrl, String newUrl, int c, Path workload) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of("querytester").toAbsolutePath().toString());
    cmd.addAll(ReplayArgs.of(workload, run, cnf, oldUrl, newUrl));
    cmd.addAll(List.of("--concurrency", Integer.toString(c)));
    return cmd;
  }

  private static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  /** Runs a process under /usr/bin/time: wall seconds and user+sys CPU seconds of the process. */
  private static Timed timed(Path log, List<String> command) throws Exception {
    // pt-upgrade exits non-zero when it found differences (its noisy "query time diffs").
    // Exit code 1 is the tool's "regressions found" (10.2 -> 11.4 metadata changes): a full run.
    TimedProcess.Result r =
        TimedProcess.run(log, command, command.get(0).equals("pt-upgrade") ? 255 : 1);
    return new Timed(r.wall(), r.cpu(), r.wall());
  }

  static void load(Target t) throws Exception {
    TestServers.exec(t, "CREATE DATABASE sbtest");
    try (Connection c = t.connect();
        Statement s = c.createStatement()) {
      s.execute("USE sbtest");
      // One commit per table, not per row: loading takes a second, not a minute.
      c.setAutoCommit(false);
      SplittableRandom r = new SplittableRandom(42);
      for (int table = 1; table <= TABLES; table++) {
        s.execute(
            "CREATE TABLE sbtest"
                + table
                + " (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
                + " k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', pad CHAR(60) NOT NULL DEFAULT '',"
                + " KEY k_"
                + table
                + " (k)) ENGINE=InnoDB");
        try (PreparedStatement ps =
            c.prepareStatement("INSERT INTO sbtest" + table + " (k, c, pad) VALUES (?, ?, ?)")) {
          for (int i = 0; i < ROWS; i++) {
            ps.setInt(1, r.nextInt(ROWS));
            ps.setString(2, digits(r, 11, 10));
            ps.setString(3, digits(r, 11, 5));
            ps.addBatch();
          }
          ps.executeBatch();
        }
        c.commit();
      }
    }
  }

  private static String digits(SplittableRandom r, int group, int groups) {
    StringBuilder sb = new StringBuilder();
    for (int g = 0; g < groups; g++) {
      if (g > 0) {
        sb.append('-');
      }
      for (int i = 0; i < group; i++) {
        sb.append((char) ('0' + r.nextInt(10)));
      }
    }
    return sb.toString();
  }

  /** sysbench oltp_read_only's statement shapes, in its proportions, plus GROUP BY. */
  static List<String[]> generate(int n, int sessions) {
    SplittableRandom r = new SplittableRandom(7);
    List<String[]> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int table = 1 + r.nextInt(TABLES);
      int id = 1 + r.nextInt(ROWS - 100);
      String sql =
          switch (i % 15) {
            case 10 ->
                "SELECT c FROM sbtest" + table + " WHERE id BETWEEN " + id + " AND " + (id + 99);
            case 11 ->
                "SELECT SUM(k) FROM sbtest"
                    + table
                    + " WHERE id BETWEEN "
                    + id
                    + " AND "
                    + (id + 99);
            case 12 ->
                "SELECT c FROM sbtest"
                    + table
                    + " WHERE id BETWEEN "
                    + id
                    + " AND "
                    + (id + 99)
                    + " ORDER BY c";
            case 13 ->
                "SELECT DISTINCT c FROM sbtest"
                    + table
                    + " WHERE id BETWEEN "
                    + id
                    + " AND "
                    + (id + 99)
                    + " ORDER BY c";
            case 14 ->
                "SELECT k, COUNT(*) FROM sbtest"
                    + table
                    + " WHERE id BETWEEN "
                    + id
                    + " AND "
                    + (id + 99)
                    + " GROUP BY k";
            default -> "SELECT c FROM sbtest" + table + " WHERE id=" + id;
          };
      out.add(new String[] {Integer.toString(r.nextInt(sessions) + 1), sql});
    }
    return out;
  }

  static void write(List<String[]> events, Path workload, Path slowLog) throws Exception {
    Instant t0 = Instant.parse("2026-11-21T10:00:00Z");
    DateTimeFormatter time =
        DateTimeFormatter.ofPattern("yyMMdd HH:mm:ss").withZone(ZoneOffset.UTC);
    try (WorkloadWriter w = WorkloadWriter.create(workload, WorkloadHeader.of("manual", null, t0));
        BufferedWriter slow = Files.newBufferedWriter(slowLog, StandardCharsets.UTF_8)) {
      for (int i = 0; i < events.size(); i++) {
        Instant ts = t0.plusMillis(i);
        long session = Long.parseLong(events.get(i)[0]);
        String sql = events.get(i)[1];
        w.write(
            new QueryEvent(
                ts,
                session,
                "bench",
                "localhost",
                "sbtest",
                sql,
                100L,
                null,
                null,
                null,
                null,
                null));
        slow.write("# Time: " + time.format(ts) + "\n");
        slow.write(
            "# User@Host: root[root] @ localhost []\n# Thread_id: "
                + session
                + "  Schema: sbtest  QC_hit: No\n");
        slow.write("# Query_time: 0.000100  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 1\n");
        slow.write("use sbtest;\nSET timestamp=" + ts.getEpochSecond() + ";\n" + sql + ";\n");
      }
    }
  }

  private static Timed ptUpgrade(Path slowLog, EmbeddedTarget old, EmbeddedTarget neu, Path out)
      throws Exception {
    if (!Files.isExecutable(Path.of("/usr/bin/pt-upgrade"))) {
      System.err.println("pt-upgrade not installed (apt-get install percona-toolkit); skipped");
      return null;
    }
    // F= reads the password from an option file: never on the command line.
    return timed(
        out.resolve("pt-upgrade"),
        List.of(
            "pt-upgrade",
            "h=127.0.0.1,P=" + old.server().port() + ",F=" + TestServers.clientOptions(out, old),
            "h=127.0.0.1,P=" + neu.server().port() + ",F=" + TestServers.clientOptions(out, neu),
            slowLog.toString()));
  }

  static long count(Path workload) throws Exception {
    long n = 0;
    try (WorkloadReader r = WorkloadReader.open(workload, w -> {})) {
      for (WorkloadReader.Entry ignored : r) {
        n++;
      }
    }
    return n;
  }
}
