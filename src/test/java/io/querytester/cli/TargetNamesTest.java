package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.Cli;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that refuses the connection is named once, by its side's name and the spec as the user
 * gave it: never an upper-cased copy of the URL. Port 1 refuses at once; no server is needed.
 */
class TargetNamesTest {
  static final String URL = "jdbc:mysql://127.0.0.1:1/shop?sslMode=DISABLED";

  @Test
  void aSingleTargetIsTargetWithItsSpec(@TempDir Path dir) {
    Cli.Run r =
        Cli.run(
            "replay",
            "--workload",
            "samples/workload.jsonl",
            "--target",
            URL,
            "--no-defaults",
            "--out",
            dir.resolve("run").toString());
    assertThat(r.code()).isEqualTo(ExitCode.CANNOT_RUN.code());
    assertThat(r.err())
        .contains("TARGET jdbc:mysql://127.0.0.1:1/shop")
        .contains("refused the connection")
        .doesNotContain("JDBC:MYSQL")
        .doesNotContain("jdbc-mysql");
  }

  @Test
  void driftsSourceIsSourceWithItsSpec() {
    Cli.Run r =
        Cli.run(
            "drift", "--source", URL, "--replica", "jdbc:mysql://127.0.0.1:2/", "--no-defaults");
    assertThat(r.code()).isEqualTo(ExitCode.CANNOT_RUN.code());
    assertThat(r.err())
        .contains("SOURCE jdbc:mysql://127.0.0.1:1/shop")
        .doesNotContain("JDBC:MYSQL")
        .doesNotContain("jdbc-mysql");
  }
}
