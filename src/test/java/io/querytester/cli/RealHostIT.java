package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.CannotRunException;
import io.querytester.target.CaFile;
import io.querytester.target.ConnectionSettings;
import io.querytester.target.EmbeddedTarget;
import io.querytester.target.Secret;
import io.querytester.target.SslMode;
import io.querytester.target.Target;
import io.querytester.target.TargetSettings;
import io.querytester.target.TargetSpec;
import io.querytester.target.Targets;
import io.querytester.testing.TestCerts;
import io.querytester.testing.TestServers;
import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedded servers used as plain {@code jdbc:} hosts, as a user's real servers would be: an account
 * with a password full of special characters, given through an environment variable (the packaged
 * tool in its own process) and through option files; TLS with a CA file where the server has it
 * (11.4.5, wolfSSL) and a clean refusal where it has not (10.2.11 without certificates).
 */
class RealHostIT {
  static final String USER = "qt_app";
  static final String PASSWORD = "p@ss w0rd#\"'\\;$x{}=!é";

  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  static TestCerts certs;
  static Path work;
  static Path workload;

  @BeforeAll
  static void start() throws Exception {
    work =
        Files.createTempDirectory(
            Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"))), "real-host-it");
    certs = TestCerts.create(work.resolve("tls"));
    old = TestServers.start("HOST-OLD", TestServers.OLD);
    neu =
        TestServers.start(
            "HOST-NEW",
            TestServers.NEW,
            "ssl_cert=" + certs.cert(),
            "ssl_key=" + certs.key(),
            "ssl_ca=" + certs.ca());
    for (Target t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE USER '" + USER + "'@'127.0.0.1' IDENTIFIED BY " + sqlString(PASSWORD),
          "GRANT ALL ON *.* TO '" + USER + "'@'127.0.0.1'",
          "CREATE DATABASE app",
          "CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20))",
          "INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    }
    workload =
        Workloads.write(
            work.resolve("w.jsonl"),
            "app",
            2,
            List.of(
                "SELECT id, name FROM items ORDER BY id",
                "SELECT name FROM items WHERE id = 2",
                "SELECT COUNT(*) FROM items"));
  }

  @AfterAll
  static void stop() {
    Stream.of(old, neu).filter(java.util.Objects::nonNull).forEach(Target::close);
  }

  static String sqlString(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
  }

  static String url(EmbeddedTarget t) {
    return "jdbc:mysql://127.0.0.1:" + t.server().port() + "/";
  }

  record Run(int code, String out, String err) {}

  static Run inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static List<String> replay(Path runDir, String... more) {
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
                runDir.toString()));
    args.addAll(List.of(more));
    return args;
  }

  static void assertNoPasswordIn(Path dir, String... texts) throws IOException {
    for (String t : texts) {
      assertThat(t).doesNotContain(PASSWORD).doesNotContain("w0rd");
    }
    if (Files.isDirectory(dir)) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          byte[] bytes = Files.readAllBytes(f);
          assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
              .as(f.toString())
              .doesNotContain("w0rd");
        }
      }
    }
  }

  @Test
  void aPasswordInAnEnvironmentVariableLogsIn(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("run");
    List<String> args =
        replay(
            run,
            "--no-defaults",
            "--old-user",
            USER,
            "--new-user",
            USER,
            "--old-password-env",
            "QT_OLD_PW",
            "--new-password-env",
            "QT_NEW_PW");
    Tool.Result r =
        Tool.run(
            dir.resolve("tool"),
            List.of(),
            Map.of("QT_OLD_PW", PASSWORD, "QT_NEW_PW", PASSWORD),
            args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    assertThat(r.err()).contains("OLD " + url(old) + " (10.2.11").contains("NEW " + url(neu));
    assertThat(args).noneMatch(a -> a.contains("w0rd")); // never on the command line
    assertNoPasswordIn(run, r.out(), r.err());
    assertThat(run.resolve("run.json")).exists();
  }

  @Test
  void aWrongPasswordCannotRunAndIsNotShown(@TempDir Path dir) throws Exception {
    Tool.Result r =
        Tool.run(
            dir.resolve("tool"),
            List.of(),
            Map.of("QT_PW", PASSWORD + "-wrong"),
            replay(
                    dir.resolve("run"),
                    "--no-defaults",
                    "--old-user",
                    USER,
                    "--old-password-env",
                    "QT_PW",
                    "--new-user",
                    USER,
                    "--new-password-env",
                    "QT_PW")
                .toArray(String[]::new));
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err())
        .contains("refused the connection")
        .contains("Access denied")
        .contains("--old-password-env")
        .doesNotContain("\tat ");
    assertNoPasswordIn(dir.resolve("run"), r.out(), r.err());
  }

  @Test
  void anUnsetVariableIsBadInput(@TempDir Path dir) throws Exception {
    Run r =
        inProcess(replay(dir, "--old-password-env", "QT_SURELY_NOT_SET").toArray(String[]::new));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--old-password-env QT_SURELY_NOT_SET");
  }

  @Test
  void aPasswordInAnOptionFileWithIncludesAndGroupsLogsIn(@TempDir Path dir) throws Exception {
    Path secret =
        cnf(
            dir.resolve("secret.cnf"),
            "[client_qt]\npassword = " + quoted(PASSWORD) + "  # quoted\n");
    Path main =
        cnf(
            dir.resolve("my.cnf"),
            "# test option file\n[client]\nuser = nobody\npassword = wrong\n"
                + "[client_qt]\nuser = "
                + USER
                + "\n!include "
                + secret
                + "\n");
    Run r =
        inProcess(
            replay(
                    dir.resolve("run"),
                    "--defaults-file",
                    main.toString(),
                    "--defaults-group-suffix",
                    "_qt")
                .toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    assertNoPasswordIn(dir.resolve("run"), r.out(), r.err());

    // Without the suffix only [client] is read: nobody/wrong, refused.
    Run refused =
        inProcess(
            replay(dir.resolve("run2"), "--defaults-file", main.toString()).toArray(String[]::new));
    assertThat(refused.code()).isEqualTo(3);
    assertThat(refused.err()).contains("Access denied for user 'nobody'");
  }

  @Test
  void eachSideCanReadItsOwnGroup(@TempDir Path dir) throws Exception {
    String pw = PASSWORD.replace("\\", "\\\\").replace("'", "\\'");
    Path f =
        cnf(
            dir.resolve("pair.cnf"),
            "[client_old]\nuser="
                + USER
                + "\npassword='"
                + pw
                + "'\n[client_new]\nuser="
                + USER
                + "\npassword='"
                + pw
                + "'\n");
    Run r =
        inProcess(
            replay(
                    dir.resolve("run"),
                    "--defaults-file",
                    f.toString(),
                    "--old-defaults-group-suffix",
                    "_old",
                    "--new-defaults-group-suffix",
                    "_new")
                .toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
  }

  @Test
  void tlsWithTheServersCaIsVerified() throws Exception {
    for (SslMode mode : List.of(SslMode.VERIFY_CA, SslMode.VERIFY_IDENTITY)) {
      try (Target t = open(neu, mode, CaFile.load(certs.ca(), "--ssl-ca"));
          Connection c = t.connect();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_version'")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(2)).as(mode.name()).startsWith("TLSv1.");
      }
    }
    try (Target t = open(neu, SslMode.DISABLED, null);
        Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_version'")) {
      rs.next();
      assertThat(rs.getString(2)).isEmpty();
    }
  }

  @Test
  void aCertificateFromAnotherCaIsRefused() {
    CaFile other = CaFile.load(Path.of("src/test/resources/tls/test-ca.pem"), "--ssl-ca");
    assertThatThrownBy(() -> open(neu, SslMode.VERIFY_CA, other).close())
        .isInstanceOf(CannotRunException.class)
        .hasMessageContaining("refused the connection")
        .hasMessageNotContaining("w0rd");
  }

  @Test
  void tlsThroughTheCommandLine(@TempDir Path dir) throws Exception {
    Path pw =
        cnf(
            dir.resolve("pw.cnf"),
            "[client]\nuser=" + USER + "\npassword=" + quoted(PASSWORD) + "\n");
    Run ok =
        inProcess(
            "replay",
            "--workload",
            workload.toString(),
            "--target",
            url(neu),
            "--defaults-file",
            pw.toString(),
            "--old-ssl-ca",
            certs.ca().toString(),
            "--old-ssl-mode",
            "VERIFY_IDENTITY",
            "--out",
            dir.resolve("run").toString());
    assertThat(ok.code()).as(ok.err()).isZero();

    Run wrongCa =
        inProcess(
            "replay",
            "--workload",
            workload.toString(),
            "--target",
            url(neu),
            "--defaults-file",
            pw.toString(),
            "--old-ssl-ca",
            "src/test/resources/tls/test-ca.pem",
            "--out",
            dir.resolve("run2").toString());
    assertThat(wrongCa.code()).isEqualTo(3);
    assertThat(wrongCa.err()).contains("refused the connection").doesNotContain("\tat ");
  }

  @Test
  void requiredTlsAgainstAServerWithoutItFailsCleanly(@TempDir Path dir) throws Exception {
    Path pw =
        cnf(
            dir.resolve("pw.cnf"),
            "[client]\nuser=" + USER + "\npassword=" + quoted(PASSWORD) + "\n");
    Run r =
        inProcess(
            replay(
                    dir.resolve("run"),
                    "--defaults-file",
                    pw.toString(),
                    "--old-ssl-mode",
                    "REQUIRED")
                .toArray(String[]::new));
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err())
        .contains("OLD " + url(old))
        .contains("refused the connection")
        .contains("--old-ssl-mode")
        .doesNotContain("\tat ");
    assertThat(r.err().lines().filter(l -> l.startsWith("querytester:")).count()).isEqualTo(1);
  }

  @Test
  void aPromptWithoutATerminalIsBadInput(@TempDir Path dir) {
    Run r =
        inProcess(
            replay(dir.resolve("run"), "--no-defaults", "--new-password-prompt")
                .toArray(String[]::new));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--new-password-prompt").contains("no terminal");
  }

  static Target open(EmbeddedTarget server, SslMode mode, CaFile ca) {
    ConnectionSettings c = ConnectionSettings.defaults(USER, Secret.of(PASSWORD)).withTls(mode, ca);
    return Targets.open(
        new TargetSettings("NEW", TargetSpec.parse(url(server)), List.of(), c), m -> {});
  }

  /** An option file value in double quotes, with the escapes the mysql client reads. */
  static String quoted(String value) {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  static Path cnf(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }
}
