package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The login path file, read from a fixture that openssl made (src/test/resources/login-path). */
class LoginPathFileTest {
  static final Path FIXTURE = Path.of("src/test/resources/login-path/mylogin.cnf");

  final List<String> warnings = new ArrayList<>();

  OptionFiles files(Path userFile) {
    return new OptionFiles(List.of(), userFile, null, FIXTURE, warnings::add);
  }

  @Test
  void theObfuscatedFileReadsBackAsOptionLines() throws Exception {
    String text = LoginPathFile.decrypt(Files.readAllBytes(FIXTURE), FIXTURE);
    assertThat(text)
        .isEqualTo(
            "[client]\nuser = nobody_by_default\n[qt_sock]\nuser = qt_sock\n"
                + "password = \"s0cket pw#1\"\n");
  }

  @Test
  void aLoginPathAddsItsGroupAndWinsOverMyCnf(@TempDir Path dir) throws Exception {
    Path myCnf = dir.resolve(".my.cnf");
    Files.writeString(myCnf, "[client]\nuser = from_my_cnf\nport = 3310\n");
    OptionValues plain = files(myCnf).read(OptionFiles.Choice.STANDARD);
    // Read last, the login file's [client] wins; its [qt_sock] is not read without --login-path.
    assertThat(plain.value("user")).contains("nobody_by_default");
    assertThat(plain.password()).isEmpty();
    OptionValues chosen = files(myCnf).read(OptionFiles.Choice.STANDARD.withLoginPath("qt_sock"));
    assertThat(chosen.value("user")).contains("qt_sock");
    assertThat(chosen.password().map(Secret::reveal)).contains("s0cket pw#1");
    assertThat(chosen.value("port")).contains("3310");
    assertThat(chosen.toString()).doesNotContain("s0cket");
  }

  @Test
  void theLoginFileIsReadEvenWithNoDefaults() {
    OptionValues v =
        files(null).read(new OptionFiles.Choice(null, null, null, true).withLoginPath("qt_sock"));
    assertThat(v.value("user")).contains("qt_sock");
  }

  @Test
  void anUnknownLoginPathSaysHowToCreateIt() {
    assertThatThrownBy(() -> files(null).read(OptionFiles.Choice.STANDARD.withLoginPath("nope")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--login-path nope")
        .hasMessageContaining("mysql_config_editor set --login-path=nope");
  }

  @Test
  void aDamagedFileIsNamed(@TempDir Path dir) throws Exception {
    Path cut = dir.resolve("cut.cnf");
    byte[] all = Files.readAllBytes(FIXTURE);
    Files.write(cut, java.util.Arrays.copyOf(all, all.length - 5));
    assertThatThrownBy(() -> LoginPathFile.decrypt(Files.readAllBytes(cut), cut))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(cut.toString());
  }
}
