package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.FreePorts;
import io.querytester.testing.Chromium;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI gate end to end, against real embedded MariaDB 10.2.11 (OLD) and 11.4.5 (NEW): exit codes
 * through the command line for a clean run, a regression, the same regression accepted in a
 * baseline, a bad configuration and an unreachable OLD server; the four outputs of a real run; the
 * configuration and baseline picked up from the working directory by the packaged application.
 */
class ReportGateIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  /** Known differences between 10.2.11 and 11.4.5. */
  static final String RESULT = "SELECT CHARSET(CONVERT('x' USING utf8))";

  static final String ERROR_NEW = "SELECT @@innodb_file_format";
  static final String ERROR_FIXED = "SELECT JSON_EQUALS('1','1')";
  static final String WIDTH_ONLY = "SELECT 1";

  @TempDir static Path tmp;

  @BeforeAll
  static void start() throws Exception {
    old = TestServers.start("OLD", TestServers.OLD);
    neu = TestServers.start("NEW", TestServers.NEW);
    for (EmbeddedTarget t : List.of(old, neu)) {
      TestServers.exec(t, "CREATE DATABASE app");
    }
    rootCnf = TestServers.rootCnf(tmp, old, neu);
  }

  static Path rootCnf;

  /** The embedded servers' random root passwords, from an option file. */
  static List<String> roots() {
    return List.of(
        "--defaults-file",
        rootCnf.toString(),
        "--old-defaults-group-suffix",
        "_old",
        "--new-defaults-group-suffix",
        "_new");
  }

  @AfterAll
  static void stop() {
    if (old != null) {
      old.close();
    }
    if (neu != null) {
      neu.close();
    }
  }

  static String url(EmbeddedTarget t) {
    return "jdbc:mysql://127.0.0.1:" + t.server().port() + "/";
  }

  static Path workload(String name, String... statements) throws Exception {
    List<String> all = new ArrayList<>();
    for (String s : statements) {
      all.add(s);
      all.add(s);
    }
    return Workloads.write(tmp.resolve(name + ".jsonl"), "app", 2, all);
  }

  static ReportFiles.Run replay(Path workload, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "replay",
                "--workload",
                workload.toString(),
                "--old",
                url(old),
                "--new",
                url(neu),
                "--out",
                out.toString(),
                "--no-baseline"));
    args.addAll(roots());
    args.addAll(List.of(more));
    return ReportFiles.cli(args.toArray(String[]::new));
  }

  @Test
  void aCleanRunExitsWith0AndShowsWidthChangesWithoutFailing() throws Exception {
    Path run = tmp.resolve("clean");
    ReportFiles.Run r = replay(workload("clean", WIDTH_ONLY, "SELECT 'a' AS x"), run);
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("NO REGRESSIONS");
    JsonNode json = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(kinds(json)).containsEntry("METADATA_WIDTH", "CHANGED");
    ReportFiles.validJunit(run.resolve("junit.xml"));
    assertThat(Files.readString(run.resolve("junit.xml"))).doesNotContain("<failure");
  }

  @Test
  void aRegressionExitsWith1AndIsAcceptedByABaseline() throws Exception {
    Path w = workload("regression", RESULT, ERROR_NEW, ERROR_FIXED, WIDTH_ONLY);
    Path run = tmp.resolve("regression");
    ReportFiles.Run r = replay(w, run);
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out()).startsWith("REGRESSIONS: 2 of 4 query classes");
    JsonNode json = ReportFiles.validJson(run.resolve("report.json"));
    assertThat(kinds(json))
        .containsEntry("RESULT", "REGRESSION")
        .containsEntry("ERROR_NEW", "REGRESSION")
        .containsEntry("ERROR_FIXED", "CHANGED")
        .containsEntry("METADATA_WIDTH", "CHANGED");
    assertThat(json.path("servers").get(1).path("version").asText()).startsWith("11.4.5");
    ReportFiles.validJunit(run.resolve("junit.xml"));
    assertThat(Files.readString(run.resolve("junit.xml")))
        .contains("type=\"ERROR_NEW\"", "innodb_file_format", "type=\"RESULT\"");
    Chromium.Result dom = Chromium.open(run.resolve("report.html"), tmp, "--dump-dom");
    assertThat(dom.bodyTag()).contains("data-qt-ready=\"1\"").doesNotContain("data-qt-errors");
    assertThat(dom.stdout()).contains("<svg class=\"qt-chart").contains("utf8mb3");
    assertThat(dom.console()).isEmpty();

    Path baseline = tmp.resolve("accepted.yaml");
    ReportFiles.Run accept =
        ReportFiles.cli(
            "baseline",
            "accept",
            run.toString(),
            "--reason",
            "known 10.2 -> 11.4 changes",
            "--baseline",
            baseline.toString());
    assertThat(accept.code()).as(accept.err()).isZero();
    ReportFiles.Run again =
        ReportFiles.cli("report", run.toString(), "--baseline", baseline.toString());
    assertThat(again.code()).as(again.out()).isZero();
    assertThat(again.out()).startsWith("NO REGRESSIONS (2 classes with accepted differences)");

    // A new run of the same workload with the baseline: still accepted, still exit 0.
    Path rerun = tmp.resolve("rerun");
    List<String> args =
        new ArrayList<>(
            List.of("replay", "--workload", w.toString(), "--old", url(old), "--new", url(neu)));
    args.addAll(List.of("--out", rerun.toString(), "--baseline", baseline.toString()));
    args.addAll(roots());
    ReportFiles.Run r2 = ReportFiles.cli(args.toArray(String[]::new));
    assertThat(r2.code()).as(r2.out() + r2.err()).isZero();
    assertThat(ReportFiles.validJson(rerun.resolve("report.json")).path("verdict").asText())
        .isEqualTo("ACCEPTED");
  }

  @Test
  void aBadConfigExitsWith2BeforeAnyServerIsTouched() throws Exception {
    Path config = Files.writeString(tmp.resolve("bad.yaml"), "gate:\n  fail_onn: [RESULT]\n");
    Path run = tmp.resolve("bad-config");
    ReportFiles.Run r = replay(workload("bad", WIDTH_ONLY), run, "--config", config.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(config + ":2: gate.fail_onn: unknown key");
    assertThat(run).doesNotExist();
  }

  @Test
  void anUnreachableOldServerExitsWith3() throws Exception {
    int closed = FreePorts.next();
    ReportFiles.Run r =
        ReportFiles.cli(
            "replay",
            "--workload",
            workload("unreachable", WIDTH_ONLY).toString(),
            "--old",
            "jdbc:mysql://127.0.0.1:" + closed + "/",
            "--new",
            url(neu),
            "--out",
            tmp.resolve("unreachable").toString(),
            "--no-baseline");
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err()).contains("refused the connection");
  }

  @Test
  void thePackagedToolFindsConfigAndBaselineInItsWorkingDirectory() throws Exception {
    Path run = tmp.resolve("packaged");
    assertThat(replay(workload("packaged", RESULT), run).code()).isEqualTo(1);
    Path work = Files.createDirectories(tmp.resolve("ci-job"));
    assertThat(tool(work, "report", run.toString(), "--quiet").code()).isEqualTo(1);

    assertThat(
            tool(work, "baseline", "accept", run.toString(), "--reason", "charset renamed").code())
        .isZero();
    assertThat(work.resolve("querytester-baseline.yaml")).exists();
    ToolRun accepted = tool(work, "report", run.toString(), "--quiet");
    assertThat(accepted.code()).as(accepted.err()).isZero();
    assertThat(accepted.out()).startsWith("NO REGRESSIONS");

    Files.writeString(work.resolve("querytester.yaml"), "report:\n  max_clases: 3\n");
    ToolRun bad = tool(work, "report", run.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("querytester.yaml:2: report.max_clases: unknown key");
  }

  record ToolRun(int code, String out, String err) {}

  /** The packaged application in its own JVM, started in {@code workDir}. */
  static ToolRun tool(Path workDir, String... args) throws Exception {
    Path jar = Path.of("target", "querytester.jar").toAbsolutePath();
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(List.of("-jar", jar.toString()));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(tmp, "tool", ".out");
    Path err = Files.createTempFile(tmp, "tool", ".err");
    Process p =
        new ProcessBuilder(cmd)
            .directory(workDir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IllegalStateException("querytester did not finish in 5 minutes");
    }
    return new ToolRun(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private static Map<String, String> kinds(JsonNode json) {
    Map<String, String> out = new HashMap<>();
    for (JsonNode c : json.path("classes")) {
      for (JsonNode d : c.path("differences")) {
        out.put(d.path("kind").asText(), c.path("verdict").asText());
      }
    }
    return out;
  }
}
