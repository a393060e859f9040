package io.querytester.bench;

import io.querytester.health.HealthSettings;
import io.querytester.health.HealthWatch;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.ReplayWatch;
import io.querytester.replay.Replayer;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the health watch costs a replay: the same workload replayed with and without it, rounds
 * interleaved, the best of each kept. Not a test: run by bench/health/run.sh.
 */
public final class HealthOverheadBenchmark {
  private HealthOverheadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int statements = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    Path out = Path.of(args.length > 1 ? args[1] : "bench/out/health");
    Files.createDirectories(out);
    EmbeddedTarget old = TestServers.start("OLD", TestServers.OLD);
    EmbeddedTarget neu = TestServers.start("NEW", TestServers.NEW);
    try {
      for (Target t : List.of(old, neu)) {
        ReplayBenchmark.load(t);
      }
      Path workload = out.resolve("workload.jsonl.gz");
      ReplayBenchmark.write(
          ReplayBenchmark.generate(statements, 32), workload, out.resolve("slow.log"));
      List<Target> targets = List.of(old, neu);
      List<String> rows = new ArrayList<>();
      rows.add(String.format(Locale.ROOT, "%-34s %12s", "", "statements/s"));
      for (int lanes : new int[] {8, 32}) {
        double without = Double.MAX_VALUE;
        double with = Double.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
          without =
              Math.min(
                  without,
                  replay(
                      workload, out.resolve("off-" + lanes + "-" + round), targets, lanes, false));
          with =
              Math.min(
                  with,
                  replay(workload, out.resolve("on-" + lanes + "-" + round), targets, lanes, true));
        }
        rows.add(
            String.format(
                Locale.ROOT,
                "%-34s %12.0f",
                "without health watch, " + lanes + " lanes",
                statements / without));
        rows.add(
            String.format(
                Locale.ROOT,
                "%-34s %12.0f",
                "with health watch, " + lanes + " lanes",
                statements / with));
        rows.add(
            String.format(Locale.ROOT, "%-34s %11.1f%%", "  with / without", 100 * without / with));
      }
      String report = String.join("\n", rows);
      System.out.println(report);
      Files.writeString(out.resolve("results.txt"), report + "\n");
    } finally {
      old.close();
      neu.close();
    }
  }

  private static double replay(
      Path workload, Path run, List<Target> targets, int lanes, boolean watched) {
    ReplaySettings d = ReplaySettings.defaults(workload, run);
    ReplaySettings settings = d.withPace(d.pace().withConcurrency(lanes).withSpreadReads(false));
    long start = System.nanoTime();
    if (watched) {
      try (HealthWatch w =
          HealthWatch.start(
              targets, HealthSettings.DEFAULT, run, lanes, Clock.systemUTC(), m -> {})) {
        new Replayer(settings, m -> {}).run(targets, false, w);
        w.finish();
      }
    } else {
      new Replayer(settings, m -> {}).run(targets, false, ReplayWatch.NONE);
    }
    return (System.nanoTime() - start) / 1e9;
  }
}
