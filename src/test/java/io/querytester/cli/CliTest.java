package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.Cli;
import org.junit.jupiter.api.Test;

class CliTest {
  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    Cli.Run r = Cli.run(args);
    return new Run(r.code(), r.out(), r.err());
  }

  @Test
  void helpListsSubcommandsAndExitCodes() {
    Run r = run("--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("demo", "replay", "compare", "report");
    assertThat(r.out())
        .contains(
            "Exit codes:",
            "0",
            "no regression or drift found",
            "1",
            "regressions or drift found",
            "2",
            "bad usage or input",
            "3",
            "could not run");
  }

  @Test
  void versionIsPrinted() {
    Run r = run("--version");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("querytester").contains("Java");
  }

  @Test
  void anUnknownOptionIsBadUsage() {
    Run r = run("replay", "--no-such-option");
    assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT.code());
    assertThat(r.err()).contains("--no-such-option").contains("--help");
  }

  @Test
  void anUnparsableSpecIsBadInputWithoutAStackTrace() {
    Run r =
        run("replay", "--workload", "x.jsonl", "--old", "mysql://nope", "--out", "/tmp/qt-never");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("cannot read target spec").doesNotContain("\tat ");
  }

  @Test
  void anUnknownEmbeddedVersionListsTheAvailableOnes() {
    Run r = run("demo", "--new", "embedded:mariadb-9.9.9");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("10.2.11").contains("11.4.5");
  }

  @Test
  void aMissingWorkloadIsBadInput() {
    Run r = run("replay", "--workload", "/nonexistent/w.jsonl", "--dry-run");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("/nonexistent/w.jsonl");
  }

  @Test
  void spreadReadsWithWritesIsBadInputBeforeAnyServerIsTouched() {
    Run r =
        run(
            "replay",
            "--workload",
            "/nonexistent/w.jsonl",
            "--old",
            "jdbc:mysql://127.0.0.1:1/",
            "--out",
            "/tmp/qt-never",
            "--allow-writes",
            "--spread-reads");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("--spread-reads needs a read-only replay")
        .doesNotContain("refused the connection");
  }

  @Test
  void anUnreachableHostCannotRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path workload =
        io.querytester.testing.Workloads.write(
            dir.resolve("w.jsonl"), "app", 1, java.util.List.of("SELECT 1"));
    Run r =
        run(
            "replay",
            "--workload",
            workload.toString(),
            "--old",
            "jdbc:mysql://127.0.0.1:1/",
            "--new",
            "jdbc:mysql://127.0.0.1:1/",
            "--out",
            System.getProperty("java.io.tmpdir") + "/qt-unreachable");
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err()).contains("refused the connection");
  }
}
