package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server given the way a DBA gives it: a Percona DSN with its Unix socket, the account from an
 * option file (F=) or a login path. The account exists only at 'localhost', which a TCP login from
 * 127.0.0.1 never matches (the server skips name resolution): a replay that logs in went through
 * the socket.
 */
class DsnSocketIT {
  static final String USER = "qt_sock";
  // The login path fixture's password (src/test/resources/login-path).
  static final String PASSWORD = "s0cket pw#1";
  static final Path LOGIN_FILE = Path.of("src/test/resources/login-path/mylogin.cnf");

  static EmbeddedTarget server;
  static Path workload;

  @BeforeAll
  static void start() throws Exception {
    server = TestServers.start("SOCK", TestServers.NEW);
    TestServers.exec(
        server,
        "CREATE USER '" + USER + "'@'localhost' IDENTIFIED BY '" + PASSWORD + "'",
        "GRANT ALL ON *.* TO '" + USER + "'@'localhost'",
        "CREATE DATABASE app",
        "CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20))",
        "INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    Path dir =
        Files.createTempDirectory(
            Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"))), "dsn-it");
    workload =
        Workloads.write(
            dir.resolve("w.jsonl"),
            "app",
            2,
            List.of("SELECT id, name FROM items ORDER BY id", "SELECT COUNT(*) FROM items"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static String socket() {
    return server.server().socket().toString();
  }

  static String[] replay(Path run, String old, String neu, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "replay",
                "--workload",
                workload.toString(),
                "--old",
                old,
                "--new",
                neu,
                "--out",
                run.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void aDsnWithASocketAndAnOptionFileReplays(@TempDir Path dir) throws Exception {
    Path cnf =
        RealHostIT.cnf(
            dir.resolve("qt.cnf"), "[client]\nuser=" + USER + "\npassword=\"" + PASSWORD + "\"\n");
    String dsn = "S=" + socket() + ",F=" + cnf;
    RealHostIT.Run r = RealHostIT.inProcess(replay(dir.resolve("run"), dsn, dsn, "--quiet"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(dir.resolve("run/run.json")).exists();
    assertThat(r.out() + r.err()).doesNotContain(PASSWORD);
    // --quiet: the verdict line only, no target or progress lines.
    assertThat(r.err()).doesNotContain("OLD S=").doesNotContain("NEW S=");
    assertThat(r.out().strip().lines()).hasSize(1);
  }

  @Test
  void aLoginPathGivesTheAccountAndTcpIsRefusedForIt(@TempDir Path dir) throws Exception {
    Map<String, String> env =
        Map.of("MYSQL_TEST_LOGIN_FILE", LOGIN_FILE.toAbsolutePath().toString());
    String dsn = "S=" + socket();
    Tool.Result ok =
        Tool.run(
            dir.resolve("ok"),
            List.of(),
            env,
            replay(dir.resolve("run"), dsn, dsn, "--no-defaults", "--login-path", "qt_sock"));
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(ok.err()).contains("OLD S=" + socket());

    // The same account over TCP: 'qt_sock'@'127.0.0.1' does not exist.
    String tcp = "h=127.0.0.1,P=" + server.server().port();
    Tool.Result refused =
        Tool.run(
            dir.resolve("refused"),
            List.of(),
            env,
            replay(dir.resolve("run2"), tcp, tcp, "--no-defaults", "--login-path", "qt_sock"));
    assertThat(refused.code()).isEqualTo(3);
    assertThat(refused.err()).contains("Access denied for user 'qt_sock'");
  }
}
