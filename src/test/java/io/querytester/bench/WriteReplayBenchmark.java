package io.querytester.bench;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A read-write workload certified as a DBA would: a "production" MariaDB 11.4.5 runs sysbench
 * {@code oltp_read_write} (text protocol) with its slow log at {@code long_query_time=0}; OLD and
 * NEW start from a dump taken just before; the capture is replayed with {@code --allow-writes} and
 * the three servers' final table checksums are compared. Reported side by side in one run:
 * production's statements per second and wall time against the replay's, the replay's CPU seconds,
 * its differences by kind and whether OLD, NEW and production hold the same data. Not a test: run
 * by bench/writes/run.sh.
 *
 * <p>Beside each replay, in the same round, the machine's ceiling: a bare JDBC loop ({@link
 * BareLoop}) runs the same statements on both servers at once from a shared queue at the same
 * concurrency, without their transactions and in no order (nothing compared): the least any replay
 * of them costs here.
 *
 * <p>Arguments: OLD version (11.4.5: identical servers), seconds of load (5), sysbench threads (8),
 * rounds (2), output folder, replay concurrency (the threads), production's rate in transactions
 * per second (0: as fast as it goes).
 */
public final class WriteReplayBenchmark {
  private static final String PROD = "11.4.5";
  private static final String NEW = "11.4.5";
  private static final int TABLES = 4;
  private static final int ROWS = 10_000;

  private WriteReplayBenchmark() {}

  public static void main(String[] args) throws Exception {
    String oldVersion = args.length > 0 ? args[0] : "11.4.5";
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    Path out = Path.of(args.length > 4 ? args[4] : "bench/out/writes").toAbsolutePath();
    int concurrency = args.length > 5 ? Integer.parseInt(args[5]) : threads;
    int rate = args.length > 6 ? Integer.parseInt(args[6]) : 0;
    Files.createDirectories(out);
    try (EmbeddedTarget prod = TestServers.start("PROD", PROD, "log-bin=prod-bin", "server-id=1");
        EmbeddedTarget old = TestServers.start("OLD", oldVersion);
        EmbeddedTarget neu = TestServers.start("NEW", NEW)) {
      TestServers.exec(prod, "CREATE DATABASE sbtest");
      sysbench(prod, out.resolve("prepare.log"), "prepare", 1, 0, 0);
      Path dump = out.resolve("dump.sql");
      dump(prod, dump);
      Path slowLog = out.resolve("slow.log");
      Files.deleteIfExists(slowLog);
      TestServers.exec(
          prod,
          "SET GLOBAL slow_query_log_file = '" + slowLog + "'",
          "SET GLOBAL long_query_time = 0",
          "SET GLOBAL slow_query_log = 1");
      long started = System.nanoTime();
      sysbench(prod, out.resolve("load.log"), "run", threads, seconds, rate);
      double prodSeconds = (System.nanoTime() - started) / 1e9;
      TestServers.exec(prod, "SET GLOBAL slow_query_log = 0");
      Map<String, Long> prodSums = checksums(prod);
      Files.writeString(
          out.resolve("prod-checksums.txt"),
          "production: "
              + String.join(" ", prodSums.values().stream().map(String::valueOf).toList())
              + "\n");
      Path workload = out.resolve("workload.jsonl.gz");
      Files.deleteIfExists(workload);
      run(
          out.resolve("capture"),
          List.of(
              tool(),
              "capture",
              "--type",
              "slowlog",
              slowLog.toString(),
              "--include-schema",
              "sbtest",
              "--out",
              workload.toString()));
      long statements = ReplayBenchmark.count(workload);
      Path sqlFile = out.resolve("statements.sql");
      Files.write(sqlFile, statementsOutsideTransactions(workload));
      Path cnf = TestServers.rootCnf(out, old, neu);
      StringBuilder report = new StringBuilder();
      report.append(
          String.format(
              Locale.ROOT,
              "production (MariaDB %s): sysbench oltp_read_write, %d threads, %d s%s: %d statements"
                  + " captured, %.0f/s (%.1f s of load)%n",
              PROD,
              threads,
              seconds,
              rate > 0 ? ", --rate=" + rate + " transactions/s" : "",
              statements,
              statements / prodSeconds,
              prodSeconds));
      if (rounds == 0) {
        serve(out, cnf, old, neu, dump, workload);
        return;
      }
      for (int round = 1; round <= rounds; round++) {
        for (EmbeddedTarget t : List.of(old, neu)) {
          restore(t, neu, dump);
        }
        Path loopLog = out.resolve("loop-" + round);
        TimedProcess.Result loop =
            TimedProcess.run(
                loopLog,
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-cp",
                    System.getProperty("java.class.path"),
                    BareLoop.class.getName(),
                    cnf.toString(),
                    Integer.toString(old.server().port()),
                    Integer.toString(neu.server().port()),
                    Integer.toString(concurrency),
                    sqlFile.toString()),
                0);
        double loopSeconds =
            Double.parseDouble(
                Files.readString(loopLog.resolveSibling(loopLog.getFileName() + ".out"))
                    .strip()
                    .split(" ")[1]);
        report.append(
            String.format(
                Locale.ROOT,
                "round %d: bare loop (the same statements without BEGIN/COMMIT, no order, %d"
                    + " connections per side): %.1f s, %.0f statements/s, CPU %.1f s%n",
                round,
                concurrency,
                loopSeconds,
                statements / loopSeconds,
                loop.cpu()));
        for (EmbeddedTarget t : List.of(old, neu)) {
          restore(t, neu, dump);
        }
        Path run = out.resolve("run-" + round);
        List<String> cmd = new ArrayList<>();
        cmd.add(tool());
        cmd.addAll(
            ReplayArgs.of(workload, run, cnf, old.server().jdbcUrl(), neu.server().jdbcUrl()));
        cmd.addAll(
            List.of(
                "--allow-writes",
                "--concurrency",
                Integer.toString(concurrency),
                "--latency-min-delta",
                "10s",
                "--duration",
                "300s"));
        double[] timed = run(run, cmd);
        Map<String, Long> oldSums = checksums(old);
        Map<String, Long> newSums = checksums(neu);
        String differences = differences(run);
        report.append(
            String.format(
                Locale.ROOT,
                "round %d: OLD %s, NEW %s, --concurrency %d: replay %.1f s (%.1fx the load's %.1f s),"
                    + " %.0f statements/s, CPU %.1f s; exit %d; %s; checksums: OLD %s production,"
                    + " NEW %s production%n",
                round,
                oldVersion,
                NEW,
                concurrency,
                timed[0],
                timed[0] / prodSeconds,
                prodSeconds,
                statements / timed[0],
                timed[1],
                (int) timed[2],
                differences,
                oldSums.equals(prodSums) ? "=" : "!=",
                newSums.equals(prodSums) ? "=" : "!="));
        System.err.print(report);
      }
      System.out.print(report);
      Files.writeString(out.resolve("results.txt"), report);
    }
  }

  /**
   * Rounds 0: keeps the servers up until killed, for replays run by hand: {@code servers.env} names
   * the workload, the dump, OLD's and NEW's URLs and the option file with their passwords (groups
   * {@code client_old} and {@code client_new}, which the mariadb client reads too).
   */
  private static void serve(
      Path out, Path cnf, EmbeddedTarget old, EmbeddedTarget neu, Path dump, Path workload)
      throws Exception {
    Files.writeString(
        out.resolve("servers.env"),
        String.format(
            Locale.ROOT,
            "WORKLOAD=%s%nDUMP=%s%nCNF=%s%nOLD_URL=%s%nNEW_URL=%s%nOLD_PORT=%d%nNEW_PORT=%d%n"
                + "CLIENT=%s%nLIBS=%s%n",
            workload,
            dump,
            cnf,
            old.server().jdbcUrl(),
            neu.server().jdbcUrl(),
            old.server().port(),
            neu.server().port(),
            neu.server().client(List.of(), "mariadb").command().get(0),
            neu.server().client(List.of(), "mariadb").environment().get("LD_LIBRARY_PATH")));
    System.err.println("serving; see " + out.resolve("servers.env"));
    Thread.sleep(Long.MAX_VALUE);
  }

  /** The workload's statements, one per line, without transaction control (for the bare loop). */
  private static List<String> statementsOutsideTransactions(Path workload) throws Exception {
    List<String> out = new ArrayList<>();
    try (io.querytester.workload.WorkloadReader r =
        io.querytester.workload.WorkloadReader.open(workload, w -> {})) {
      for (io.querytester.workload.WorkloadReader.Entry e : r) {
        String sql = e.event().sql().strip();
        if (!sql.equalsIgnoreCase("BEGIN") && !sql.equalsIgnoreCase("COMMIT")) {
          out.add(sql.replace('\n', ' '));
        }
      }
    }
    return out;
  }

  /** The console summary's line of differences by kind, or "no differences". */
  private static String differences(Path run) throws IOException {
    for (String line : Files.readAllLines(run.resolveSibling(run.getFileName() + ".out"))) {
      if (line.strip().startsWith("executions with differences:")) {
        return line.strip();
      }
    }
    return "no differences";
  }

  private static void sysbench(
      Target prod, Path log, String what, int threads, int seconds, int rate) throws Exception {
    EmbeddedTarget t = (EmbeddedTarget) prod;
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "sysbench",
                "oltp_read_write",
                "--db-driver=mysql",
                "--mysql-host=127.0.0.1",
                "--mysql-port=" + t.server().port(),
                "--mysql-user=root",
                "--mysql-password=" + t.server().rootPassword().reveal(),
                "--mysql-db=sbtest",
                "--tables=" + TABLES,
                "--table-size=" + ROWS,
                "--threads=" + threads,
                "--db-ps-mode=disable",
                "--rand-seed=1"));
    if (seconds > 0) {
      cmd.add("--time=" + seconds);
    }
    if (rate > 0) {
      cmd.add("--rate=" + rate);
    }
    cmd.add(what);
    run(log, cmd);
  }

  private static void dump(EmbeddedTarget prod, Path dump) throws Exception {
    Path cnf = TestServers.clientOptions(dump.getParent(), prod);
    ProcessBuilder pb =
        prod.server()
            .client(
                List.of(
                    "--defaults-extra-file=" + cnf,
                    "--host=127.0.0.1",
                    "--port=" + prod.server().port(),
                    "--skip-ssl",
                    "--single-transaction",
                    "--databases",
                    "sbtest"),
                "mariadb-dump");
    pb.redirectOutput(dump.toFile());
    pb.redirectError(dump.resolveSibling("dump.err").toFile());
    check(pb.start(), "mariadb-dump");
  }

  /**
   * OLD and NEW start from the dump taken before the load, as a restored backup would; through
   * 11.4.5's client (10.2.11's needs libncurses5).
   */
  private static void restore(EmbeddedTarget t, EmbeddedTarget client, Path dump) throws Exception {
    TestServers.exec(t, "DROP DATABASE IF EXISTS sbtest");
    Path cnf = TestServers.clientOptions(dump.getParent(), t);
    ProcessBuilder pb =
        client
            .server()
            .client(
                List.of(
                    "--defaults-extra-file=" + cnf,
                    "--host=127.0.0.1",
                    "--port=" + t.server().port(),
                    "--skip-ssl"),
                "mariadb",
                "mysql");
    pb.redirectInput(dump.toFile());
    pb.redirectError(dump.resolveSibling("restore-" + t.label() + ".err").toFile());
    check(pb.start(), "restore into " + t.label());
  }

  private static Map<String, Long> checksums(Target t) throws Exception {
    Map<String, Long> sums = new TreeMap<>();
    try (Connection c = t.connect();
        Statement s = c.createStatement()) {
      for (int i = 1; i <= TABLES; i++) {
        try (ResultSet rs = s.executeQuery("CHECKSUM TABLE sbtest.sbtest" + i)) {
          rs.next();
          sums.put("sbtest" + i, rs.getLong(2));
        }
      }
    }
    return sums;
  }

  private static void check(Process p, String what) throws Exception {
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException(what + " failed");
    }
  }

  /** Runs a process under /usr/bin/time: wall seconds, user+sys CPU seconds and its exit code. */
  private static double[] run(Path log, List<String> command) throws Exception {
    TimedProcess.Result r = TimedProcess.run(log, command, 1);
    return new double[] {r.wall(), r.cpu(), r.exit()};
  }

  private static String tool() {
    return Path.of("querytester").toAbsolutePath().toString();
  }
}
