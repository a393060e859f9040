package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.OptionFiles;
import io.querytester.server.Secret;
import io.querytester.server.SslMode;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class AccountResolverTest {
  static final Path CA = Path.of("src/test/resources/tls/test-ca.pem");
  static final TargetSpec HOST = TargetSpec.parse("jdbc:mysql://db1.example.com:3307/");

  @TempDir Path dir;
  final Map<String, String> env = new HashMap<>();
  final List<String> prompts = new ArrayList<>();
  char[] typed = "typed-secret".toCharArray();

  AccountResolver resolver() {
    return new AccountResolver(
        env::get,
        p -> {
          prompts.add(p);
          return typed;
        },
        new OptionFiles(List.of(), dir.resolve(".my.cnf"), null, w -> {}));
  }

  static Account account() {
    return new Account("OLD", "--old-", null, null, false, null, null, OptionFiles.Choice.STANDARD);
  }

  static Account with(Account a, String user, String env, boolean prompt, String mode, Path ca) {
    return new Account(a.label(), a.optionPrefix(), user, env, prompt, mode, ca, a.files());
  }

  ConnectionSettings resolve(Account a) {
    return resolver().resolve(a, HOST, ConnectionSettings.defaults("root", Secret.NONE));
  }

  void myCnf(String text) throws IOException {
    Path f = dir.resolve(".my.cnf");
    Files.writeString(f, text);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void withoutAnythingItIsRootWithoutPasswordAndPreferredTls() {
    ConnectionSettings c = resolve(account());
    assertThat(c.user()).isEqualTo("root");
    assertThat(c.password().isEmpty()).isTrue();
    assertThat(c.sslMode()).isEqualTo("PREFERRED");
    assertThat(c.sslCa()).isNull();
    assertThat(prompts).isEmpty();
  }

  @Test
  void theCommandLineWinsOverTheOptionFile() throws IOException {
    myCnf("[client]\nuser = file_user\npassword = \"file#pw\"\nssl-mode = REQUIRED\n");
    ConnectionSettings fromFile = resolve(account());
    assertThat(fromFile.user()).isEqualTo("file_user");
    assertThat(fromFile.password().reveal()).isEqualTo("file#pw");
    assertThat(fromFile.sslMode()).isEqualTo("REQUIRED");

    env.put("OLD_PW", "env 'pw' \"with\" $pecial;chars#");
    ConnectionSettings cli =
        resolve(with(account(), "cli_user", "OLD_PW", false, "disabled", null));
    assertThat(cli.user()).isEqualTo("cli_user");
    assertThat(cli.password().reveal()).isEqualTo("env 'pw' \"with\" $pecial;chars#");
    assertThat(cli.sslMode()).isEqualTo("DISABLED");
  }

  @Test
  void thePromptWinsOverEverythingAndNamesTheSide() throws IOException {
    myCnf("[client]\npassword = file\n");
    env.put("OLD_PW", "env");
    ConnectionSettings c = resolve(with(account(), "app", "OLD_PW", true, null, null));
    assertThat(c.password().reveal()).isEqualTo("typed-secret");
    assertThat(prompts).containsExactly("Password for OLD app@db1.example.com:3307: ");
  }

  @Test
  void aPasswordLineWithoutValueAsks() throws IOException {
    myCnf("[client]\nuser = app\npassword\n");
    assertThat(resolve(account()).password().reveal()).isEqualTo("typed-secret");
    assertThat(prompts).hasSize(1);
  }

  @Test
  void withoutATerminalAPromptIsBadInputThatSuggestsTheAlternatives() throws IOException {
    typed = null;
    assertThatThrownBy(() -> resolve(with(account(), null, null, true, null, null)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--old-password-prompt")
        .hasMessageContaining("no terminal")
        .hasMessageContaining("--old-password-env");
    myCnf("[client]\npassword\n");
    assertThatThrownBy(() -> resolve(account()))
        .hasMessageContaining(".my.cnf:2")
        .hasMessageContaining("no terminal");
  }

  @Test
  void anUnsetVariableIsBadInputNamingIt() {
    assertThatThrownBy(() -> resolve(with(account(), null, "NOT_SET_ANYWHERE", false, null, null)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--old-password-env NOT_SET_ANYWHERE")
        .hasMessageContaining("not set");
    env.put("EMPTY", "");
    assertThat(resolve(with(account(), null, "EMPTY", false, null, null)).password().isEmpty())
        .isTrue();
  }

  @Test
  void aCaFileMeansVerifyCaUnlessTheModeSaysIdentity() {
    ConnectionSettings c = resolve(with(account(), null, null, false, null, CA));
    assertThat(c.sslMode()).isEqualTo("VERIFY_CA");
    assertThat(c.sslCa().certificates()).hasSize(1);
    assertThat(resolve(with(account(), null, null, false, "verify-identity", CA)).sslMode())
        .isEqualTo("VERIFY_IDENTITY");
    assertThatThrownBy(() -> resolve(with(account(), null, null, false, "REQUIRED", CA)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--old-ssl-ca")
        .hasMessageContaining("VERIFY_CA");
  }

  @Test
  void tlsSettingsComeFromOptionFilesToo() throws IOException {
    myCnf("[client]\nssl-ca = " + CA.toAbsolutePath() + "\n");
    assertThat(resolve(account()).sslMode()).isEqualTo("VERIFY_CA");
    myCnf("[client]\nssl_mode = verify_identity\nssl-ca = " + CA.toAbsolutePath() + "\n");
    assertThat(resolve(account()).sslMode()).isEqualTo("VERIFY_IDENTITY");
    // An explicit non-verifying mode on the command line leaves the file's CA unused.
    ConnectionSettings c = resolve(with(account(), null, null, false, "REQUIRED", null));
    assertThat(c.sslMode()).isEqualTo("REQUIRED");
    assertThat(c.sslCa()).isNull();
    myCnf("[client]\nssl-mode = sometimes\n");
    assertThatThrownBy(() -> resolve(account()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(".my.cnf:2")
        .hasMessageContaining("VERIFY_IDENTITY");
  }

  @Test
  void badTlsInputIsNamed() throws IOException {
    assertThatThrownBy(() -> resolve(with(account(), null, null, false, "STRICT", null)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--old-ssl-mode 'STRICT'");
    Path notPem = Files.writeString(dir.resolve("ca.pem"), "not a certificate");
    assertThatThrownBy(() -> resolve(with(account(), null, null, false, null, notPem)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--old-ssl-ca")
        .hasMessageContaining("ca.pem");
    assertThatThrownBy(
            () -> resolve(with(account(), null, null, false, null, dir.resolve("missing.pem"))))
        .hasMessageContaining("missing.pem");
  }

  @Test
  void targetsWeStartIgnoreOptionFilesAndNeverPrompt() throws IOException {
    myCnf("this line is broken\n");
    for (String spec : List.of("embedded:mariadb-11.4.5", "docker:mysql:8.0")) {
      ConnectionSettings c =
          resolver()
              .resolve(
                  with(account(), null, null, true, null, null),
                  TargetSpec.parse(spec),
                  ConnectionSettings.defaults("root", Secret.NONE));
      assertThat(c.user()).isEqualTo("root");
    }
    assertThat(prompts).isEmpty();
  }

  @Test
  void pairOptionsGiveEachSideItsOwnAccountAndGroups() throws IOException {
    myCnf(
        """
        [client]
        user = shared
        password = "shared pw"
        [client_new]
        user = new_user
        password = 'new#pw'
        """);
    env.put("OLD_PW", "old pw");
    PairOptions pair = new PairOptions();
    new CommandLine(new Cmd(pair))
        .parseArgs(
            "--old=jdbc:mysql://old-host:3306/",
            "--new=jdbc:mysql://new-host:3306/",
            "--old-password-env=OLD_PW",
            "--new-defaults-group-suffix=_new",
            "--new-ssl-ca=" + CA,
            "--collation=utf8mb4_bin",
            "--connect-timeout=3s",
            "--socket-timeout=1h");
    List<TargetSettings> sides = pair.settings(resolver());
    ConnectionSettings old = sides.get(0).connection();
    ConnectionSettings neu = sides.get(1).connection();
    assertThat(old.user()).isEqualTo("shared");
    assertThat(old.password().reveal()).isEqualTo("old pw");
    assertThat(old.sslMode()).isEqualTo("PREFERRED");
    assertThat(neu.user()).isEqualTo("new_user");
    assertThat(neu.password().reveal()).isEqualTo("new#pw");
    assertThat(neu.sslMode()).isEqualTo("VERIFY_CA");
    for (ConnectionSettings c : List.of(old, neu)) {
      assertThat(c.collation()).isEqualTo("utf8mb4_bin");
      assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
      assertThat(c.socketTimeout()).isEqualTo(Duration.ofHours(1));
      assertThat(c.toString()).doesNotContain("pw");
    }
  }

  @Test
  void credentialOptionsServeASingleServer() throws IOException {
    Path file = dir.resolve("drift.cnf");
    Files.writeString(file, "[client]\nuser = checker\n[client_dc2]\npassword = \"dc2;pw\"\n");
    CredentialOptions opts = new CredentialOptions();
    new CommandLine(new Single(opts))
        .parseArgs(
            "--defaults-file=" + file, "--defaults-group-suffix=_dc2", "--ssl-mode=REQUIRED");
    ConnectionSettings c = opts.connection("SOURCE", HOST, resolver());
    assertThat(c.user()).isEqualTo("checker");
    assertThat(c.password().reveal()).isEqualTo("dc2;pw");
    assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRED.name());
    assertThat(c.connectTimeout()).isEqualTo(ConnectionSettings.DEFAULT_CONNECT_TIMEOUT);
  }

  @Test
  void theHelpListsTheCredentialOptions() {
    StringWriter out = new StringWriter();
    CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.execute("replay", "--help");
    assertThat(out.toString())
        .contains(
            "--old-password-env",
            "--new-password-prompt",
            "--old-ssl-mode",
            "--new-ssl-ca",
            "--defaults-file",
            "--defaults-extra-file",
            "--defaults-group-suffix",
            "--no-defaults",
            "--connect-timeout",
            "--socket-timeout");
  }

  @Test
  void driftTakesTheSameCredentialOptions() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    cl.execute("drift", "--help");
    assertThat(out.toString())
        .contains(
            "--user",
            "--password-env",
            "--password-prompt",
            "--ssl-mode",
            "--ssl-ca",
            "--defaults-file",
            "--defaults-group-suffix",
            "--connect-timeout");
    int code =
        cl.execute(
            "drift",
            "--source=jdbc:mysql://127.0.0.1:1/",
            "--replica=jdbc:mysql://127.0.0.1:2/",
            "--no-defaults",
            "--password-env=QT_SURELY_UNSET_VARIABLE");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("--password-env QT_SURELY_UNSET_VARIABLE");
  }

  @CommandLine.Command(name = "pair")
  static final class Cmd {
    @CommandLine.Mixin final PairOptions pair;

    Cmd(PairOptions pair) {
      this.pair = pair;
    }
  }

  @CommandLine.Command(name = "single")
  static final class Single {
    @CommandLine.Mixin final CredentialOptions credentials;

    Single(CredentialOptions credentials) {
      this.credentials = credentials;
    }
  }
}
