package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.cli.QueryTesterCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code querytester drift} refuses before touching any server. */
class DriftCommandTest {
  private static int run(StringWriter err, String... args) {
    CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(new StringWriter()));
    cl.setErr(new PrintWriter(err));
    return cl.execute(args);
  }

  @Test
  void embeddedServersAreRefusedAsBadInput() {
    StringWriter err = new StringWriter();
    int exit =
        run(err, "drift", "--source=embedded:mariadb-10.2.11", "--replica=jdbc:mysql://h:1/");
    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("--source embedded:mariadb-10.2.11").contains("jdbc:mysql");
  }

  @Test
  void badOptionValuesAreBadInput() {
    StringWriter err = new StringWriter();
    assertThat(
            run(
                err,
                "drift",
                "--source=jdbc:mysql://h:1/",
                "--replica=jdbc:mysql://h:2/",
                "--chunk-time=fast"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--chunk-time fast");
    assertThat(
            run(
                err,
                "drift",
                "--source=jdbc:mysql://h:1/",
                "--replica=jdbc:mysql://h:2/",
                "--resume"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--resume needs --out");
    assertThat(run(err, "drift", "--source=jdbc:mysql://h:1/")).isEqualTo(2);
    assertThat(
            run(
                err,
                "drift",
                "--source=jdbc:mysql://h:1/",
                "--replica=jdbc:mysql://h:2/",
                "--float-precision=99"))
        .isEqualTo(2);
    assertThat(
            run(
                err,
                "drift",
                "--source=jdbc:mysql://h:1/",
                "--replica=jdbc:mysql://h:2/",
                "--position-mode=magic"))
        .isEqualTo(2);
  }

  @Test
  void anUnreachableServerCannotRun() {
    StringWriter err = new StringWriter();
    int exit =
        run(
            err,
            "drift",
            "--source=jdbc:mysql://127.0.0.1:1/?connectTimeout=500",
            "--replica=jdbc:mysql://127.0.0.1:1/?connectTimeout=500");
    assertThat(exit).isEqualTo(3);
    assertThat(err.toString()).contains("SOURCE").contains("refused the connection");
  }
}
