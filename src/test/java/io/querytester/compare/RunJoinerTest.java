package io.querytester.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.ColumnMeta;
import io.querytester.run.DiffKind;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Observation;
import io.querytester.run.Outcome;
import io.querytester.run.ResultDigest;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.workload.StatementKind;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Save now, compare later from single-target runs: joined from short logs (version 2) or from the
 * same executions written in full (version 1), the pair run holds the same executions; events in
 * one run only are counted, not joined.
 */
class RunJoinerTest {
  private static final List<ColumnMeta> COLUMNS =
      List.of(new ColumnMeta("id", "INT", 10, 0, false, null));

  @TempDir Path dir;

  @Test
  void shortAndFullLogsJoinAlike() throws IOException {
    List<Execution> olds = side(false);
    List<Execution> news = side(true);
    List<String> warnings = new ArrayList<>();
    List<Execution> fromShort = join("short", olds, news, true, warnings::add);
    List<Execution> fromFull = join("full", olds, news, false, w -> {});

    assertThat(fromShort).hasSize(999).isEqualTo(fromFull);
    assertThat(fromShort.stream().filter(e -> !e.differences().isEmpty()))
        .hasSize(100)
        .allSatisfy(e -> assertThat(e.differences().getFirst().kind()).isEqualTo(DiffKind.RESULT));
    assertThat(warnings)
        .containsExactly("2 events ran in only one of the two runs and are left out");
  }

  private List<Execution> join(
      String name,
      List<Execution> olds,
      List<Execution> news,
      boolean compact,
      java.util.function.Consumer<String> warnings)
      throws IOException {
    Path a = run(dir.resolve(name + "-old"), "OLD", olds, compact);
    Path b = run(dir.resolve(name + "-new"), "NEW", news, compact);
    Path out = dir.resolve(name + "-joined");
    RunJoiner.join(a, b, out, warnings);
    List<Execution> joined = new ArrayList<>();
    ExecutionLog.read(out, w -> {}).forEach(joined::add);
    return joined;
  }

  /** 1,000 events; NEW lacks event 2 and OLD event 1001; every 10th result differs on NEW. */
  private static List<Execution> side(boolean neu) {
    List<Execution> out = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      long event = neu ? 3 + i : 2 + i;
      String digest = String.format("%032x", event * (neu && event % 10 == 0 ? 7 : 1));
      Observation o =
          new Observation(
              Outcome.ok(),
              100,
              120 + i,
              1,
              null,
              COLUMNS,
              List.of(),
              new ResultDigest(1, digest, digest));
      out.add(
          new Execution(
              event,
              event % 5,
              "C" + (event % 3),
              StatementKind.READ,
              null,
              null,
              o,
              null,
              List.of(),
              null,
              null,
              null));
    }
    return out.reversed(); // lanes write in their own order
  }

  private static Path run(Path dir, String label, List<Execution> executions, boolean compact)
      throws IOException {
    RunInfo.starting(
            "/data/w.jsonl",
            1_001,
            List.of(new RunInfo.Side(label, "jdbc:mysql://" + label, "11.4.5-MariaDB", Map.of())),
            Map.of(),
            Instant.parse("2026-01-02T03:04:05Z"))
        .ended(Instant.parse("2026-01-02T03:05:05Z"), 60)
        .write(dir);
    if (compact) {
      try (ExecutionLog log = ExecutionLog.append(dir)) {
        for (Execution e : executions) {
          log.write(e);
        }
      }
    } else {
      try (BufferedWriter w =
          Files.newBufferedWriter(dir.resolve(ExecutionLog.FILE), StandardCharsets.UTF_8)) {
        for (Execution e : executions) {
          w.write(RunJson.MAPPER.writeValueAsString(e));
          w.write('\n');
        }
      }
    }
    return dir;
  }
}
