package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.cli.QueryTesterCommand;
import io.querytester.run.RunInfo;
import io.querytester.testing.Workloads;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * docker: targets for the images the README names. Skipped, and reported as skipped, without a
 * Docker engine; on a machine with one they run unchanged (the images are pulled the first time).
 */
@Testcontainers(disabledWithoutDocker = true)
class DockerTargetsIT {

  static Stream<Arguments> images() {
    return Stream.of(
        Arguments.of("docker:mysql:5.7", "5.7.", Flavour.MYSQL),
        Arguments.of("docker:mysql:8.0", "8.0.", Flavour.MYSQL),
        Arguments.of("docker:mysql:8.4", "8.4.", Flavour.MYSQL),
        Arguments.of("docker:mariadb:10.6", "10.6.", Flavour.MARIADB),
        Arguments.of("docker:percona/percona-server:8.0", "8.0.", Flavour.MYSQL));
  }

  static Stream<Arguments> pairs() {
    return Stream.of(
        Arguments.of("docker:mysql:5.7", "5.7.", "docker:mysql:8.0", "8.0."),
        Arguments.of("docker:mysql:8.0", "8.0.", "docker:mysql:8.4", "8.4."),
        Arguments.of("docker:mariadb:10.6", "10.6.", "docker:percona/percona-server:8.0", "8.0."));
  }

  @ParameterizedTest
  @MethodSource("images")
  void startsWithTheSharedCollationAndTheOptionsAndStopsCleanly(
      String spec, String version, Flavour flavour) throws Exception {
    TargetSettings settings =
        new TargetSettings(
            "OLD",
            TargetSpec.parse(spec),
            List.of(
                "slow_query_log=1",
                "long_query_time=0",
                "log_bin=mysql-bin",
                "performance_schema=ON"),
            ConnectionSettings.defaults("root", Secret.NONE));
    String id;
    InputStream log;
    try (Target t = Targets.open(settings, m -> System.err.println("[" + spec + "] " + m))) {
      assertThat(t).isInstanceOf(DockerTarget.class);
      assertThat(t.info().version()).startsWith(version);
      assertThat(t.info().flavour()).isEqualTo(flavour);
      try (Connection c = t.connect();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT @@character_set_server, @@collation_server, @@slow_query_log,"
                      + " @@log_bin, @@performance_schema, @@collation_connection")) {
        rs.next();
        assertThat(rs.getString(1)).isEqualTo("utf8mb4");
        assertThat(rs.getString(2)).isEqualTo("utf8mb4_general_ci");
        assertThat(rs.getString(3)).isEqualTo("1");
        assertThat(rs.getString(4)).isEqualTo("1");
        assertThat(rs.getString(5)).isEqualTo("1");
        assertThat(rs.getString(6)).isEqualTo("utf8mb4_general_ci");
      }
      Path errorLog = t.errorLog().orElseThrow();
      assertThat(Files.readString(errorLog, StandardCharsets.ISO_8859_1))
          .contains("ready for connections");
      // Kept open across close (Linux keeps a deleted file readable) to see the shutdown lines.
      log = Files.newInputStream(errorLog);
      id = ((DockerTarget) t).containerId();
    }
    try (InputStream in = log) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1))
          .contains("Shutdown complete");
    }
    assertThat(
            DockerClientFactory.instance()
                .client()
                .listContainersCmd()
                .withShowAll(true)
                .withIdFilter(List.of(id))
                .exec())
        .isEmpty();
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void replaysAFewStatementsOldVersusNew(
      String old, String oldVersion, String neu, String newVersion, @TempDir Path dir)
      throws Exception {
    Path schema =
        Files.writeString(
            dir.resolve("schema.sql"),
            """
            CREATE DATABASE app;
            CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20), price DECIMAL(10,2));
            INSERT INTO app.items VALUES (1, 'a', 1.50), (2, 'b', 2.00), (3, 'c', NULL);
            """);
    Path workload =
        Workloads.write(
            dir.resolve("w.jsonl"),
            "app",
            2,
            List.of(
                "SELECT id, name, price FROM items ORDER BY id",
                "SELECT COUNT(*) FROM items WHERE price > 1",
                "SELECT name FROM items WHERE id = 2"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code =
        cl.execute(
            "replay",
            "--workload",
            workload.toString(),
            "--old",
            old,
            "--new",
            neu,
            "--old-option",
            "performance_schema=ON",
            "--old-option",
            "long_query_time=1",
            "--new-option",
            "performance_schema=ON",
            "--new-option",
            "long_query_time=2",
            "--load",
            schema.toString(),
            "--out",
            dir.resolve("run").toString());
    assertThat(code).as(err.toString()).isIn(0, 1);
    assertThat(err.toString())
        .contains("OLD " + old)
        .contains("NEW " + neu)
        .contains("loaded schema.sql into OLD")
        .contains("loaded schema.sql into NEW");
    // Each side got its own options and both the shared character set and collation.
    List<RunInfo.Side> sides = RunInfo.read(dir.resolve("run")).targets();
    assertThat(sides).extracting(RunInfo.Side::label).containsExactly("OLD", "NEW");
    assertThat(sides.get(0).version()).startsWith(oldVersion);
    assertThat(sides.get(1).version()).startsWith(newVersion);
    assertThat(sides.get(0).variables()).containsEntry("long_query_time", "1.000000");
    assertThat(sides.get(1).variables()).containsEntry("long_query_time", "2.000000");
    for (RunInfo.Side side : sides) {
      assertThat(side.variables())
          .containsEntry("performance_schema", "ON")
          .containsEntry("character_set_server", "utf8mb4")
          .containsEntry("collation_server", "utf8mb4_general_ci");
    }
  }
}
