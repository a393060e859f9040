package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Outcome;
import io.querytester.run.RunJson;
import io.querytester.testing.Tool;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 21 MB statement is replayed (Jackson's default limit dropped it at 20 MB, silently), and what
 * the replay did drop (a line that is no event, a file cut short) is listed in the notes of every
 * report: console, report.json, report.html and junit.xml.
 */
class HugeStatementIT {
  static final int HUGE = 21_000_000;

  @Test
  void aStatementOver20MbIsReplayedAndEverythingDroppedIsListedInEveryReport(@TempDir Path tmp)
      throws Exception {
    Path workload = workload(tmp);
    Path run = tmp.resolve("run");
    Tool.Result r =
        Tool.run(
            tmp.resolve("tool"),
            List.of("-Xmx1g"),
            "replay",
            "--workload",
            workload.toString(),
            "--out",
            run.toString(),
            "--old",
            "embedded:mariadb-10.2.11",
            "--new",
            "embedded:mariadb-11.4.5",
            "--old-option",
            "max_allowed_packet=64M",
            "--new-option",
            "max_allowed_packet=64M",
            "--no-color");

    assertThat(r.code()).as(r.err()).isZero();
    List<Execution> all = new ArrayList<>();
    ExecutionLog.read(run, w -> {}).forEach(all::add);
    assertThat(all).hasSize(3);
    Execution huge =
        all.stream().filter(e -> e.event() == 3).findFirst().orElseThrow(); // header, SELECT 1
    assertThat(huge.skipped()).isNull();
    assertThat(huge.old().outcome()).as(huge.toString()).isInstanceOf(Outcome.Ok.class);
    assertThat(huge.neu().outcome()).isInstanceOf(Outcome.Ok.class);
    assertThat(huge.old().rows()).isEqualTo(1);

    String badLine = "w.jsonl:4: skipped a line that is not an event";
    String cut = "file ends abruptly after line";
    assertThat(r.out()).contains("note: dropped: ").contains(badLine).contains(cut);
    JsonNode report = RunJson.MAPPER.readTree(run.resolve("report.json").toFile());
    assertThat(report.path("notes").toString()).contains(badLine).contains(cut);
    assertThat(read(run.resolve("report.html"))).contains(badLine).contains(cut);
    assertThat(read(run.resolve("junit.xml"))).contains(badLine).contains(cut);
  }

  /** SELECT 1, the huge statement, a line that is no event, SELECT 2, and a line cut short. */
  private static Path workload(Path dir) throws Exception {
    Path file = dir.resolve("w.jsonl");
    Instant t0 = Instant.parse("2026-01-02T03:04:05Z");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, t0))) {
      w.write(event(t0, "SELECT 1"));
      w.write(event(t0, "SELECT LENGTH('" + "x".repeat(HUGE) + "') AS n"));
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
    lines.removeIf(l -> l.startsWith("{\"footer\""));
    lines.add("{\"not\": \"an event\"}");
    lines.add(RunJson.MAPPER.writeValueAsString(event(t0, "SELECT 2")));
    String last = "{\"ts\":\"2026-01-02T03:04:06Z\",\"session\":1,\"sql\":\"SELECT 3";
    Files.writeString(file, String.join("\n", lines) + "\n" + last, StandardCharsets.UTF_8);
    return file;
  }

  private static QueryEvent event(Instant ts, String sql) {
    return new QueryEvent(
        ts, 1L, "app", "localhost", null, sql, null, null, null, null, null, null);
  }

  private static String read(Path f) throws Exception {
    return Files.readString(f, StandardCharsets.UTF_8);
  }
}
