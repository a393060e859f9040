package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.ClassCoverage;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code querytester workload stats} through the command line, on files written here. */
class WorkloadStatsCommandTest {
  private static final Instant T0 = Instant.parse("2026-11-21T06:00:00Z");

  @TempDir Path dir;

  @Test
  void summarisesClassesKindsSessionsAndTimeSpan() throws IOException {
    Path file = dir.resolve("w.jsonl.gz");
    List<QueryEvent> events = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      events.add(event(i, i % 3, "SELECT c FROM sbtest1 WHERE id=" + i));
    }
    for (int i = 0; i < 25; i++) {
      events.add(event(100 + i, 7, "UPDATE sbtest1 SET k=k+1 WHERE id=" + i));
    }
    for (int i = 0; i < 10; i++) {
      events.add(event(200 + i, 8, "SELECT * FROM t WHERE id = " + i + " FOR UPDATE"));
    }
    for (int i = 0; i < 4; i++) {
      events.add(event(300 + i, 9, "SELECT NOW(), RAND() FROM t LIMIT " + i));
    }
    events.add(event(3723, 9, "SET NAMES utf8mb4"));
    String longSelect = "SELECT\n\n  " + "a, ".repeat(300) + "b FROM t";
    events.add(event(400, 9, longSelect));
    try (WorkloadWriter w =
        WorkloadWriter.create(file, WorkloadHeader.of("slowlog", "10.2.11-MariaDB-log", T0))) {
      for (QueryEvent e : events) {
        w.write(e);
      }
    }

    CliTest.Run r = CliTest.run("workload", "stats", file.toString(), "--top", "3");

    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .contains("format version 1, source slowlog, server 10.2.11-MariaDB-log")
        .contains("Events:     101 in 6 classes, 6 sessions")
        .contains("Time span:  2026-11-21T06:00:00Z to 2026-11-21T07:02:03Z (1h 02m 03s)")
        .contains("Skipped:    0 lines that are not events\n")
        .containsPattern("read +75 +74\\.3% +4\n")
        .containsPattern("write +25 +24\\.8% +1\n")
        .containsPattern("session +1 +1\\.0% +1\n")
        .contains("Top 3 classes by count (of 6)")
        .containsPattern("60 +59\\.4% +[0-9A-F]{16} +read +SELECT c FROM sbtest1 WHERE id=0\n")
        .containsPattern(
            "25 +24\\.8% +[0-9A-F]{16} +write +UPDATE sbtest1 SET k=k\\+1 WHERE id=0\n")
        .contains("Unsafe to replay (replay skips these reads): 1 classes, 10 events")
        .containsPattern("10 +[0-9A-F]{16} +read +FOR UPDATE\n +SELECT \\* FROM t WHERE id = 0 FOR")
        .contains("Nondeterministic classes (results may differ between runs): 1 classes, 4 events")
        .contains("NOW(), RAND(), LIMIT without ORDER BY");
    // The 4th busiest class is past --top 3.
    assertThat(r.out()).doesNotContain("SET NAMES");
    // One example per class, whitespace folded and cut to 200 characters.
    CliTest.Run all = CliTest.run("workload", "stats", file.toString(), "--top", "10");
    assertThat(all.out()).contains("SET NAMES utf8mb4").contains("SELECT a, a, a,");
    String example =
        all.out().lines().filter(l -> l.contains("SELECT a, a")).findFirst().orElseThrow();
    assertThat(example.substring(example.indexOf("SELECT a"))).hasSize(200);
  }

  @Test
  void reportsBadLinesAndAFileCutShort() throws IOException {
    Path file = dir.resolve("w.jsonl");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, T0))) {
      w.write(event(0, 1, "SELECT 1"));
      w.write(event(1, 1, "SELECT 2"));
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    lines.add(2, "not json at all");
    lines.remove(lines.size() - 1); // the footer
    Files.write(file, lines);

    CliTest.Run r = CliTest.run("workload", "stats", file.toString());

    assertThat(r.code()).isZero();
    assertThat(r.err()).contains("warning: " + file + ":3: skipped a line that is not an event");
    assertThat(r.out())
        .contains("Events:     2 in 1 classes, 1 sessions")
        .contains("Skipped:    1 lines that are not events; the file has no footer");
  }

  @Test
  void badInputIsExitCodeTwoWithTheFileNamed() throws IOException {
    CliTest.Run missing = CliTest.run("workload", "stats", dir.resolve("nope.jsonl").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("nope.jsonl does not exist").doesNotContain("\tat ");

    Path log = Files.writeString(dir.resolve("slow.log"), "# Time: 2026-11-21T06:00:00Z\n");
    CliTest.Run notWorkload = CliTest.run("workload", "stats", log.toString());
    assertThat(notWorkload.code()).isEqualTo(2);
    assertThat(notWorkload.err()).contains("slow.log is not a workload");

    Path empty = Files.createFile(dir.resolve("empty.jsonl"));
    assertThat(CliTest.run("workload", "stats", empty.toString()).code()).isEqualTo(2);

    assertThat(CliTest.run("workload", "stats", log.toString(), "--top", "0").code()).isEqualTo(2);
    assertThat(CliTest.run("workload").code()).isEqualTo(2);
    assertThat(CliTest.run("workload", "stats").err()).contains("FILE");
  }

  @Test
  void listedInTheHelp() {
    assertThat(CliTest.run("--help").out()).contains("workload");
    assertThat(CliTest.run("workload", "--help").out()).contains("stats");
  }

  @Test
  void countsPreparedTemplatesApartAndShowsTheCapturesClassCoverage() throws IOException {
    Path file = dir.resolve("ps.jsonl.gz");
    try (WorkloadWriter w =
        WorkloadWriter.create(file, WorkloadHeader.of("processlist", "11.4.5-MariaDB", T0))) {
      for (int i = 0; i < 3; i++) {
        w.write(event(i, 1, "SELECT c FROM sbtest1 WHERE id=?"));
      }
      w.write(event(4, 1, "SELECT k FROM sbtest2 WHERE id=4"));
      w.close(
          T0.plusSeconds(5),
          java.util.Map.of("templates", 3L),
          new ClassCoverage(
              "performance_schema.events_statements_summary_by_digest",
              List.of(
                  new ClassCoverage.ServerClass(
                      null, null, "SELECT c FROM sbtest1 WHERE id=?", 4000, 0, 3),
                  new ClassCoverage.ServerClass(
                      "d2", "sbtest", "SELECT `k` FROM `sbtest2` WHERE ID = ?", 1000, 1, 0))));
    }

    CliTest.Run r = CliTest.run("workload", "stats", file.toString());

    assertThat(r.code()).isZero();
    assertThat(r.out())
        .containsPattern("template +3 +75\\.0% +1\n")
        .contains(
            "Prepared-statement templates (? placeholders, no values: replay skips them): 1"
                + " classes, 3 events")
        .contains("values: the slow log and the general log record the executed text")
        .contains(
            "class coverage: 1 of the 2 classes the server ran during the capture"
                + " (performance_schema.events_statements_summary_by_digest), 20.0% of their 5,000"
                + " executions")
        .contains(
            "       4,000  SELECT c FROM sbtest1 WHERE id=?  [captured only as a prepared"
                + " template]");
  }

  private static QueryEvent event(long seconds, long session, String sql) {
    return new QueryEvent(
        T0.plusSeconds(seconds),
        session,
        "app",
        null,
        "db",
        sql,
        100L,
        null,
        null,
        null,
        null,
        new QueryEvent.Origin("slow.log", seconds * 100));
  }
}
