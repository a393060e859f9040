package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.CrashEvent;
import io.querytester.run.DiffKind;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthRecord;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.run.StatementRef;
import io.querytester.workload.StatementKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunAnalyzerAgainTest {
  @TempDir Path dir;

  @Test
  void judgingARunAgainFromTheSameRollupCountsEachCrashOnce() throws Exception {
    Instant t = Instant.parse("2026-01-02T03:04:30Z");
    RunInfo.starting(
            "/data/w.jsonl",
            1,
            List.of(
                new RunInfo.Side("OLD", "jdbc:mysql://old", "10.2.11-MariaDB", Map.of()),
                new RunInfo.Side("NEW", "jdbc:mysql://new", "11.4.5-MariaDB", Map.of())),
            Map.of(),
            t)
        .ended(t.plusSeconds(1), 1)
        .write(dir);
    RunRollup written = new RunRollup(3);
    Execution skipped =
        new Execution(
            1,
            1,
            "c1",
            StatementKind.WRITE,
            "writes are not replayed",
            "DELETE FROM t",
            null,
            null,
            null,
            null,
            null,
            null);
    try (ExecutionLog log = ExecutionLog.append(dir)) {
      log.write(skipped);
    }
    written.accept(skipped);
    StatementRef inFlight = new StatementRef(1, "c1", "DELETE FROM t", t, null, true);
    Files.writeString(
        dir.resolve(HealthLog.FILE),
        RunJson.MAPPER.writeValueAsString(
                (HealthRecord)
                    new CrashEvent(
                        "OLD",
                        1,
                        "uptime went back",
                        t,
                        t,
                        null,
                        812L,
                        List.of(inFlight),
                        0,
                        List.of(),
                        "restarting",
                        List.of()))
            + "\n");
    RunAnalyzer analyzer = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {});
    RunSummary first = analyzer.analyze(dir, written);
    RunSummary again = analyzer.analyze(dir, written); // as after a latency confirmation
    assertThat(crashes(again)).isEqualTo(crashes(first)).isEqualTo(1L);
  }

  private static long crashes(RunSummary s) {
    return s.classes().stream()
        .mapToLong(c -> c.differences().getOrDefault(DiffKind.CRASH, 0L))
        .sum();
  }
}
