package io.querytester.bench;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A result of N rows (default 10M) compared between two embedded servers by the packaged tool
 * running with -Xmx256m: proves constant-memory comparison, and times it. Run by
 * bench/replay/run.sh.
 */
public final class BigResultBenchmark {
  private BigResultBenchmark() {}

  private static String[] args(
      Path out, Path workload, EmbeddedTarget old, EmbeddedTarget neu, long rows)
      throws java.io.IOException {
    List<String> a =
        new java.util.ArrayList<>(
            ReplayArgs.of(
                workload,
                out.resolve("big-run"),
                TestServers.rootCnf(out, old, neu),
                old.server().jdbcUrl(),
                neu.server().jdbcUrl()));
    a.addAll(List.of("--max-rows", Long.toString(rows + 1)));
    return a.toArray(String[]::new);
  }

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
    Path out = Path.of(args.length > 1 ? args[1] : "bench/out/replay");
    Files.createDirectories(out);
    try (EmbeddedTarget old = TestServers.start("OLD", TestServers.OLD);
        EmbeddedTarget neu = TestServers.start("NEW", TestServers.NEW)) {
      Path workload =
          Workloads.write(
              out.resolve("big.jsonl"),
              "mysql",
              1,
              List.of(
                  "SELECT seq, seq * 2.5 AS d, CONCAT('row ', seq, IF(seq = "
                      + (rows / 3)
                      + ", CHARSET(CONVERT('x' USING utf8)), '')) AS v FROM seq_1_to_"
                      + rows));
      long start = System.nanoTime();
      Tool.Result r =
          Tool.run(out.resolve("big"), List.of("-Xmx256m"), args(out, workload, old, neu, rows));
      double secs = (System.nanoTime() - start) / 1e9;
      String executions = Files.readString(out.resolve("big-run").resolve("executions.jsonl"));
      boolean found = executions.contains("\"only_old\"") && executions.contains("\"only_new\"");
      String line =
          String.format(
              Locale.ROOT,
              "%,d rows on each side compared with -Xmx256m in %.1f s (%,.0f rows/s per side); exit %d; differing row on both sides %s",
              rows,
              secs,
              rows / secs,
              r.code(),
              found ? "found" : "NOT found");
      System.out.println(line);
      Files.writeString(out.resolve("big-result.txt"), line + "\n" + r.out());
    }
  }
}
