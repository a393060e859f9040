package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our option file parser against the real one: MariaDB 11.4.5's {@code my_print_defaults} (mysys,
 * the code every mysql and mariadb client uses) reads the same files and must print the same
 * options, in the same order, with the same values.
 */
class OptionFilesIT {
  static final String FILE =
      """
      # a comment line
      ; another comment line
      [client]
      user = app
      a = plain value   # trailing comment
      b = "double # not a comment"  # but this is
      c = 'single "inner" quotes'
      d = "tab\\there\\nnewline\\sspace\\\\backslash\\"quote\\'apostrophe"
      e = C:\\path\\unknown
      f = "unbalanced
      g =
      h = '"'
      i=x=y
         j   =   spaced
      k = ends with backslash\\
      l = 'it\\'s # kept'
      loose-ssl_mode = VERIFY_CA
      skip-ssl
      password = x=y=z
      password = semi;colon
      password = p@ss word
      password = ab\\cd
      password = a\\\\b
      password = it's#x
      password = ab#cd
      password = "with \\"quotes\\" and \\\\"
      password = 'new#pw'
      password = "  padded  "
      password = ünïcødé€
      [mysqld]
      password = not-ours
      [client_old]
      user = old_app
      password = "o'ld #1"
      !include inc/extra.cnf
      [client]
      !includedir conf.d
      """;

  @TempDir static Path dir;
  static Path myPrintDefaults;
  static Path libs;

  @BeforeAll
  static void files() throws IOException {
    Path base = ServerBinaries.standard(m -> {}).ensure("11.4.5");
    ServerLayout layout = ServerLayout.of(base);
    myPrintDefaults = layout.client("my_print_defaults");
    libs = layout.libs();
    write("my.cnf", FILE);
    write("inc/extra.cnf", "[client_old]\nssl-ca = /etc/old-ca.pem\n[client]\nport = 3307\n");
    write("conf.d/only.cnf", "[client]\nconnect-timeout = 5\n[client_old]\nuser = from-dir\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "_old", "_new"})
  void weReadWhatMyPrintDefaultsReads(String suffix) throws Exception {
    List<String> groups = new ArrayList<>(List.of("client"));
    if (!suffix.isEmpty()) {
      groups.add("client" + suffix);
    }
    StringBuilder ours = new StringBuilder();
    for (OptionFileParser.Entry e : OptionFileParser.read(dir.resolve("my.cnf"), w -> {})) {
      if (groups.contains(e.group().toLowerCase(Locale.ROOT))) {
        ours.append("--").append(e.name());
        ours.append(e.value() == null ? "" : "=" + e.value()).append('\n');
      }
    }
    assertThat(ours.toString()).contains("--user=app", "--connect-timeout=5");
    assertThat(ours.toString()).isEqualTo(myPrintDefaults(suffix));
  }

  /** Runs the real reader; includes are relative to its working folder, here the file's. */
  private static String myPrintDefaults(String suffix) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(myPrintDefaults.toString());
    cmd.add("--defaults-file=" + dir.resolve("my.cnf"));
    if (!suffix.isEmpty()) {
      cmd.add("--defaults-group-suffix=" + suffix);
    }
    cmd.add("client");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().put("LD_LIBRARY_PATH", libs.toString());
    pb.environment().remove("MYSQL_GROUP_SUFFIX");
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    return new String(out, StandardCharsets.UTF_8);
  }

  private static void write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
  }
}
