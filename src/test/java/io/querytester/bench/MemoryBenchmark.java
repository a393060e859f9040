package io.querytester.bench;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.testing.Tool;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Memory flat in workload size: N trivial SELECTs (default 1M) in 64 sessions replayed on two
 * embedded servers by the packaged tool under -Xmx256m. Fails (exit 1) when the tool does not
 * complete or does not run every event. Not a test (it runs for minutes): run by
 * bench/replay/memory.sh.
 */
public final class MemoryBenchmark {
  private MemoryBenchmark() {}

  private static String[] args(Path workload, Path out, EmbeddedTarget old, EmbeddedTarget neu)
      throws java.io.IOException {
    List<String> a =
        new java.util.ArrayList<>(
            ReplayArgs.of(
                workload,
                out.resolve("run"),
                TestServers.rootCnf(out, old, neu),
                old.server().jdbcUrl(),
                neu.server().jdbcUrl()));
    a.addAll(List.of("--concurrency", "8"));
    return a.toArray(String[]::new);
  }

  public static void main(String[] args) throws Exception {
    long events = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
    Path out = Path.of(args.length > 1 ? args[1] : "bench/out/memory").toAbsolutePath();
    Files.createDirectories(out);
    Path workload = out.resolve("trivial.jsonl.gz");
    Instant t0 = Instant.parse("2026-11-21T10:00:00Z");
    try (WorkloadWriter w =
        WorkloadWriter.create(workload, WorkloadHeader.of("manual", null, t0))) {
      for (long i = 0; i < events; i++) {
        w.write(
            new QueryEvent(
                t0.plusMillis(i),
                i % 64,
                "bench",
                "localhost",
                null,
                "SELECT " + i,
                10L,
                null,
                null,
                null,
                null,
                null));
      }
    }
    try (EmbeddedTarget old = TestServers.start("OLD", TestServers.OLD);
        EmbeddedTarget neu = TestServers.start("NEW", TestServers.NEW)) {
      long start = System.nanoTime();
      Tool.Result r =
          Tool.run(
              out.resolve("tool"),
              List.of(
                  "-Xmx256m",
                  "-XX:TieredStopAtLevel=1",
                  "-XX:CompileThresholdScaling=0.1",
                  "-XX:+UseSerialGC"),
              args(workload, out, old, neu));
      double secs = (System.nanoTime() - start) / 1e9;
      String summary =
          r.out().lines().filter(l -> l.contains(" events, ")).findFirst().orElse("(no summary)");
      System.out.printf(
          Locale.ROOT,
          "%,d events under -Xmx256m: exit %d in %.0f s (%,.0f/s): %s%n",
          events,
          r.code(),
          secs,
          events / secs,
          summary.strip());
      boolean complete =
          r.code() <= 1 && summary.contains(String.format(Locale.ROOT, "%,d events", events));
      if (!complete) {
        System.out.println(r.err().lines().reduce((a, b) -> b).orElse(""));
        System.exit(1);
      }
    }
  }
}
