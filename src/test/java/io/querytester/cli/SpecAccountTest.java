package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.JdbcSpec;
import io.querytester.server.OptionFiles;
import io.querytester.server.Secret;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a spec says about the account and where to connect, against option files and options. */
class SpecAccountTest {
  @TempDir Path dir;
  final Map<String, String> env = new HashMap<>();

  TargetSettings resolve(Account a, String spec) {
    return new AccountResolver(
            env::get, p -> null, new OptionFiles(List.of(), dir.resolve(".my.cnf"), null, w -> {}))
        .settings(
            "OLD",
            a,
            TargetSpec.parse(spec),
            List.of(),
            ConnectionSettings.defaults("root", Secret.NONE));
  }

  static Account account(String user, String passwordEnv, String sslMode) {
    return new Account(
        "OLD", "--old-", user, passwordEnv, false, sslMode, null, OptionFiles.Choice.STANDARD);
  }

  @Test
  void theUrlsUserAndPasswordAreUsedNotRoot() {
    ConnectionSettings c =
        resolve(account(null, null, null), "jdbc:mysql://h/db?user=qt&password=pw").connection();
    assertThat(c.user()).isEqualTo("qt");
    assertThat(c.password().reveal()).isEqualTo("pw");
    // The driver's properties win over the URL's, so they must carry the URL's account.
    assertThat(c.driverProperties().getProperty("user")).isEqualTo("qt");
  }

  @Test
  void anExplicitUserAndPasswordVariableWinOverTheUrl() {
    env.put("PW", "from-env");
    ConnectionSettings c =
        resolve(account("admin", "PW", null), "jdbc:mysql://qt:pw@h/").connection();
    assertThat(c.user()).isEqualTo("admin");
    assertThat(c.password().reveal()).isEqualTo("from-env");
  }

  @Test
  void theUrlsUserWinsOverTheOptionFile() throws Exception {
    Files.writeString(dir.resolve(".my.cnf"), "[client]\nuser=file_user\npassword=file_pw\n");
    ConnectionSettings c =
        resolve(account(null, null, null), "jdbc:mysql://h/?user=url_user").connection();
    assertThat(c.user()).isEqualTo("url_user");
    assertThat(c.password().reveal()).isEqualTo("file_pw");
  }

  @Test
  void aDsnTakesHostPortSocketAndUserFromItsOptionFile() throws Exception {
    Path f = dir.resolve("qt.cnf");
    Files.writeString(f, "[client]\nuser=qt\npassword=pw\nsocket=/tmp/qt.sock\nport=3310\n");
    Files.writeString(dir.resolve(".my.cnf"), "[client]\nuser=not_read\n");
    TargetSettings s = resolve(account(null, null, null), "F=" + f);
    JdbcSpec spec = (JdbcSpec) s.spec();
    assertThat(spec.socket()).isEqualTo(Path.of("/tmp/qt.sock"));
    assertThat(s.connection().user()).isEqualTo("qt");
    assertThat(s.connection().password().reveal()).isEqualTo("pw");
    // No TLS over a local socket.
    assertThat(s.connection().sslMode()).isEqualTo("DISABLED");
  }

  @Test
  void requiredTlsOverASocketIsRefused() {
    assertThatThrownBy(() -> resolve(account(null, null, "REQUIRED"), "S=/tmp/x.sock"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--old-ssl-mode REQUIRED")
        .hasMessageContaining("Unix socket");
  }
}
