package io.querytester.bench;

import io.querytester.replay.ReplayCounters;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.Replayer;
import io.querytester.target.EmbeddedTarget;
import io.querytester.target.Target;
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
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Replay throughput on two embedded servers (10.2.11 and 11.4.5) with the same sysbench-shaped
 * data, against pt-upgrade and against a bare Connector/J loop running the same statements at the
 * same concurrency with no comparison. Not a test: run by bench/replay/run.sh.
 */
public final class ReplayBenchmark {
  private static final int TABLES = 2;
  private static final int ROWS = 10_000;

  private ReplayBenchmark() {}

  public static void main(String[] args) throws Exception {
    int statements = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    Path out = Path.of(args.length > 1 ? args[1] : "bench/out/replay");
    Files.createDirectories(out);
    EmbeddedTarget old = TestServers.start("OLD", TestServers.OLD);
    EmbeddedTarget neu = TestServers.start("NEW", TestServers.NEW);
    try {
      for (Target t : List.of(old, neu)) {
        load(t);
      }
      Path workload = out.resolve("workload.jsonl.gz");
      Path slowLog = out.resolve("slow.log");
      List<String[]> events = generate(statements, 32);
      write(events, workload, slowLog);
      List<String> rows = new ArrayList<>();
      rows.add(String.format(Locale.ROOT, "%-28s %12s %12s", "", "statements/s", "seconds"));
      for (int concurrency : new int[] {1, 8, 32}) {
        double bare = bare(events, List.of(old, neu), concurrency);
        double ours =
            replay(workload, out.resolve("run-" + concurrency), List.of(old, neu), concurrency);
        rows.add(line("bare JDBC loop, " + concurrency + " lanes", statements, bare));
        rows.add(line("querytester, " + concurrency + " lanes", statements, ours));
        rows.add(
            String.format(
                Locale.ROOT, "%-28s %11.0f%%", "  querytester / bare loop", 100 * bare / ours));
      }
      double pt = ptUpgrade(slowLog, old, neu, out);
      if (pt > 0) {
        rows.add(line("pt-upgrade (serial)", statements, pt));
      }
      String report = String.join("\n", rows);
      System.out.println(report);
      Files.writeString(out.resolve("results.txt"), report + "\n");
    } finally {
      old.close();
      neu.close();
    }
  }

  private static String line(String what, int n, double seconds) {
    return String.format(Locale.ROOT, "%-28s %12.0f %12.2f", what, n / seconds, seconds);
  }

  static void load(Target t) throws Exception {
    TestServers.exec(t, "CREATE DATABASE sbtest");
    try (Connection c = t.connect();
        Statement s = c.createStatement()) {
      s.execute("USE sbtest");
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

  private static double replay(Path workload, Path run, List<Target> targets, int concurrency) {
    long start = System.nanoTime();
    ReplayCounters c =
        new Replayer(
                new ReplaySettings(
                    workload,
                    run,
                    concurrency,
                    0,
                    null,
                    0,
                    false,
                    false,
                    Duration.ofSeconds(30),
                    50_000_000,
                    12,
                    0,
                    10,
                    1,
                    false),
                m -> {})
            .run(targets, false);
    double secs = (System.nanoTime() - start) / 1e9;
    System.err.printf(
        Locale.ROOT,
        "querytester %d lanes: %d executed, %d with differences%n",
        concurrency,
        c.executed(),
        c.withDifferences());
    return secs;
  }

  /**
   * Each statement on both servers at once, every row read, nothing compared: the least any
   * session-faithful replay must do. Like the replay, a captured session gets its own connection
   * pair and sessions are dealt to lanes.
   */
  private static double bare(List<String[]> events, List<Target> targets, int concurrency)
      throws Exception {
    Map<Integer, List<String[]>> lanes = new HashMap<>();
    for (String[] e : events) {
      lanes.computeIfAbsent(Integer.parseInt(e[0]) % concurrency, k -> new ArrayList<>()).add(e);
    }
    long start = System.nanoTime();
    List<Thread> threads = new ArrayList<>();
    for (List<String[]> lane : lanes.values()) {
      threads.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    Map<String, Connection[]> sessions = new HashMap<>();
                    try {
                      for (String[] e : lane) {
                        Connection[] pair = sessions.get(e[0]);
                        if (pair == null) {
                          pair =
                              new Connection[] {targets.get(0).connect(), targets.get(1).connect()};
                          pair[0].setCatalog("sbtest");
                          pair[1].setCatalog("sbtest");
                          sessions.put(e[0], pair);
                        }
                        Connection b = pair[1];
                        Thread other = Thread.ofVirtual().start(() -> readAll(b, e[1]));
                        readAll(pair[0], e[1]);
                        other.join();
                      }
                      for (Connection[] pair : sessions.values()) {
                        pair[0].close();
                        pair[1].close();
                      }
                    } catch (Exception ex) {
                      throw new IllegalStateException(ex);
                    }
                  }));
    }
    for (Thread t : threads) {
      t.join();
    }
    return (System.nanoTime() - start) / 1e9;
  }

  private static void readAll(Connection c, String sql) {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int cols = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= cols; i++) {
          rs.getBytes(i);
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static double ptUpgrade(Path slowLog, EmbeddedTarget old, EmbeddedTarget neu, Path out)
      throws Exception {
    if (!Files.isExecutable(Path.of("/usr/bin/pt-upgrade"))) {
      System.err.println("pt-upgrade not installed (apt-get install percona-toolkit); skipped");
      return -1;
    }
    ProcessBuilder pb =
        new ProcessBuilder(
            "pt-upgrade",
            "h=127.0.0.1,P=" + old.server().port() + ",u=root",
            "h=127.0.0.1,P=" + neu.server().port() + ",u=root",
            slowLog.toString());
    pb.redirectErrorStream(true);
    pb.redirectOutput(out.resolve("pt-upgrade.txt").toFile());
    long start = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(30, TimeUnit.MINUTES)) {
      p.destroyForcibly();
    }
    return (System.nanoTime() - start) / 1e9;
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
