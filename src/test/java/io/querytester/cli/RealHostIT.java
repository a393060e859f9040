package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.CannotRunException;
import io.querytester.server.CaFile;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Secret;
import io.querytester.server.SslMode;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
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
 * (11.4.5, wolfSSL) and a clean refusal where it has not (10.2.11 without certificates); read-only
 * accounts given in the URL ({@code ?user=...&password=...}); the launcher's replay output free of
 * warnings.
 */
class RealHostIT {
  static final String USER = "qt_app";
  static final String PASSWORD = "p@ss w0rd#\"'\\;$x{}=!é";
  // Two read-only accounts for the URL's user=...&password=...: which one a session runs as shows
  // in
  // CURRENT_USER(), a value the report's samples carry when the two sides differ.
  static final String URL_USER = "qt_url";
  static final String FLAG_USER = "qt_flag";
  static final String URL_PASSWORD = "url-pw-7";

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
      for (String u : List.of(URL_USER, FLAG_USER)) {
        TestServers.exec(
            t,
            "CREATE USER '" + u + "'@'127.0.0.1' IDENTIFIED BY '" + URL_PASSWORD + "'",
            "GRANT SELECT ON app.* TO '" + u + "'@'127.0.0.1'");
      }
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
  void theUrlsUserAndPasswordLogInAndAnExplicitUserWins(@TempDir Path dir) throws Exception {
    Path w = Workloads.write(dir.resolve("who.jsonl"), "app", 1, List.of("SELECT CURRENT_USER()"));
    Run byUrl =
        inProcess(
            "replay",
            "--workload",
            w.toString(),
            "--no-defaults",
            "--old",
            accountUrl(old, URL_USER),
            "--new",
            accountUrl(neu, FLAG_USER),
            "--out",
            dir.resolve("url").toString());
    assertThat(byUrl.code()).as(byUrl.err()).isEqualTo(1);
    assertThat(currentUsers(dir.resolve("url")))
        .containsExactly(URL_USER + "@127.0.0.1", FLAG_USER + "@127.0.0.1");
    assertThat(byUrl.err() + byUrl.out()).doesNotContain(URL_PASSWORD);

    // --old-user names the account; the URL's password still logs it in.
    Run byFlag =
        inProcess(
            "replay",
            "--workload",
            w.toString(),
            "--no-defaults",
            "--old",
            accountUrl(old, URL_USER),
            "--old-user",
            FLAG_USER,
            "--new",
            accountUrl(neu, URL_USER),
            "--out",
            dir.resolve("flag").toString());
    assertThat(byFlag.code()).as(byFlag.err()).isEqualTo(1);
    assertThat(currentUsers(dir.resolve("flag")))
        .containsExactly(FLAG_USER + "@127.0.0.1", URL_USER + "@127.0.0.1");
  }

  /**
   * No JVM warning (sun.misc.Unsafe and the like, HotSpot's "VM warning:", a JVM log warning) and
   * no picocli warning in a replay's output, run by ./querytester as users run it: the launcher's
   * JVM options and its class-data archive, which the first run after a build writes and later runs
   * read.
   */
  @Test
  void aReplayThroughTheLauncherPrintsNoWarning(@TempDir Path dir) throws Exception {
    for (String round : List.of("first", "second")) {
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  "bash",
                  "./querytester",
                  "replay",
                  "--workload",
                  workload.toString(),
                  "--no-defaults",
                  "--old",
                  accountUrl(old, URL_USER),
                  "--new",
                  accountUrl(neu, URL_USER),
                  "--out",
                  dir.resolve(round).toString()));
      ProcessBuilder pb = new ProcessBuilder(cmd);
      pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
      pb.redirectOutput(dir.resolve(round + ".out").toFile());
      pb.redirectError(dir.resolve(round + ".err").toFile());
      Process p = pb.start();
      assertThat(p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
      String out =
          Files.readString(dir.resolve(round + ".out"))
              + Files.readString(dir.resolve(round + ".err"));
      assertThat(p.exitValue()).as(out).isIn(0, 1);
      assertThat(dir.resolve(round).resolve("report.json")).exists();
      assertThat(out)
          .as(round + " run")
          .doesNotContainPattern("(?m)^WARNING:")
          .doesNotContain("VM warning:")
          .doesNotContainPattern("(?m)^\\[[^\\]]*\\]\\[warning\\]")
          .doesNotContain("[picocli WARN]");
    }
  }

  static String accountUrl(EmbeddedTarget t, String user) {
    return url(t) + "app?user=" + user + "&password=" + URL_PASSWORD;
  }

  /** CURRENT_USER() on OLD and on NEW, from the differing rows report.json shows. */
  static List<String> currentUsers(Path runDir) throws IOException {
    com.fasterxml.jackson.databind.JsonNode report =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(runDir.resolve("report.json").toFile());
    com.fasterxml.jackson.databind.JsonNode samples =
        report.at("/classes/0/examples/0/differences/0/samples");
    assertThat(samples.isMissingNode()).as(report.toPrettyString()).isFalse();
    return List.of(samples.at("/only_old/0/0").asText(), samples.at("/only_new/0/0").asText());
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
