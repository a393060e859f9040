package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.run.CrashEvent;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthRecord;
import io.querytester.run.Outcome;
import io.querytester.run.RunJson;
import io.querytester.run.StallEvent;
import io.querytester.run.StatementRef;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OLD's embedded server is stopped with SIGSTOP for 30 s in the middle of a replay run by the
 * packaged tool, then continued with SIGCONT: the watch must tell the stall from a crash (its
 * process is alive, it takes connections, its uptime goes on), wait for it, go on on both sides,
 * and report the stall with the statements it held up, never as regressions of those statements.
 */
class StallIT {
  static final long STOPPED_SECONDS = 30;

  @Test
  void aStoppedServerIsWaitedForAndReportedAsAStallNotACrash(
      @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ON_SUCCESS) Path tmp)
      throws Exception {
    Path run = tmp.resolve("run");
    Process tool = CrashIT.start(tmp, CrashIT.workload(tmp), run, false);
    Path executions = run.resolve(ExecutionLog.FILE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline && CrashIT.lines(executions) < 400 && tool.isAlive()) {
      Thread.sleep(20);
    }
    assertThat(tool.isAlive()).as("the tool is still replaying").isTrue();
    ProcessHandle old = server(tool, "querytester-old-");
    signal("STOP", old);
    try {
      Thread.sleep(TimeUnit.SECONDS.toMillis(STOPPED_SECONDS));
    } finally {
      signal("CONT", old);
    }
    assertThat(tool.waitFor(5, TimeUnit.MINUTES)).isTrue();
    String out = Files.readString(tmp.resolve("tool.out"), StandardCharsets.UTF_8);
    String err = Files.readString(tmp.resolve("tool.err"), StandardCharsets.UTF_8);

    List<HealthRecord> health = HealthLog.read(run, w -> {});
    assertThat(health).as(err).noneMatch(CrashEvent.class::isInstance);
    List<StallEvent> stalls =
        health.stream().filter(StallEvent.class::isInstance).map(StallEvent.class::cast).toList();
    assertThat(stalls).as(err).hasSize(1);
    StallEvent stall = stalls.getFirst();
    assertThat(stall.side()).isEqualTo("OLD");
    assertThat(stall.answered()).isNotNull();
    assertThat(stall.uptimeAfter())
        .as("the same process went on: not restarted")
        .isGreaterThan(stall.uptimeBefore());
    assertThat(stall.seconds()).isBetween(STOPPED_SECONDS - 5.0, STOPPED_SECONDS + 15.0);
    assertThat(stall.heldUp()).as("the statements in flight on OLD when it stopped").isNotEmpty();

    List<Execution> all = new ArrayList<>();
    ExecutionLog.read(run, w -> {}).forEach(all::add);
    assertThat(all).hasSize(CrashIT.EVENTS + CrashIT.SLEEPERS);
    Set<Long> heldUp = stall.heldUp().stream().map(StatementRef::event).collect(Collectors.toSet());
    assertThat(all)
        .as("OLD answered every statement: nothing was given up as lost")
        .allSatisfy(e -> assertThat(e.old().outcome()).isNotInstanceOf(Outcome.Lost.class));
    assertThat(all.stream().filter(e -> !heldUp.contains(e.event())))
        .allSatisfy(e -> assertThat(e.old().outcome()).isInstanceOf(Outcome.Ok.class));

    JsonNode report = RunJson.MAPPER.readTree(run.resolve("report.json").toFile());
    assertThat(report.path("verdict").asText()).as(out).isNotEqualTo("REGRESSION");
    for (JsonNode c : report.path("classes")) {
      assertThat(c.path("verdict").asText()).as(c.toString()).isNotEqualTo("REGRESSION");
    }
    assertThat(report.path("notes").toString()).contains("OLD stalled for");
    // The statements it held up are skipped, with the stall as their reason, in every format.
    String reason = "held up by a stall of OLD (not compared)";
    assertThat(report.path("skipped").toString())
        .contains("{\"reason\":\"" + reason + "\",\"events\":" + heldUp.size() + "}");
    assertThat(Files.readString(run.resolve("report.html"), StandardCharsets.UTF_8))
        .contains("OLD stalled for")
        .contains(reason);
    assertThat(Files.readString(run.resolve("junit.xml"), StandardCharsets.UTF_8))
        .contains("note: OLD stalled for")
        .doesNotContain("<failure");
    assertThat(tool.exitValue()).as(out + err).isZero();
    assertThat(out)
        .contains("OLD stalled for")
        .contains("held up")
        .contains(reason + " " + heldUp.size());
    assertThat(err).contains("stalled, not crashed").doesNotContain("CRASHED");
  }

  private static ProcessHandle server(Process tool, String dataDir) {
    return tool.children()
        .filter(
            p ->
                p.isAlive()
                    && p.info().commandLine().orElse("").contains("mariadbd")
                    && p.info().commandLine().orElse("").contains(dataDir))
        .findFirst()
        .orElseThrow();
  }

  private static void signal(String name, ProcessHandle p) throws Exception {
    assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start().waitFor())
        .isZero();
  }
}
