package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.CannotRunException;
import io.querytester.testing.TestServers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EmbeddedServerIT {

  @ParameterizedTest
  @ValueSource(strings = {"10.1.23", "10.2.11", "10.11.5", "11.4.5"})
  void everyVersionStartsAndAnswersOverTcpWithTheSharedCollation(String version) throws Exception {
    try (EmbeddedTarget t = TestServers.start("T", version)) {
      assertThat(t.info().version()).startsWith(version).contains("MariaDB");
      assertThat(t.info().flavour()).isEqualTo(Flavour.MARIADB);
      assertThat(single(t, "SELECT @@collation_connection")).isEqualTo("utf8mb4_general_ci");
      assertThat(single(t, "SELECT @@character_set_server")).isEqualTo("utf8mb4");
      assertThat(t.server().errorLog()).exists();
      assertThat(single(t, "SELECT @@port")).isEqualTo(Integer.toString(t.server().port()));
    }
  }

  @Test
  void twoServersOfTheSameVersionRunSideBySide() throws Exception {
    List<Target> both =
        Targets.openAll(
            List.of(settings("A", "10.2.11", List.of()), settings("B", "10.2.11", List.of())),
            m -> {});
    try {
      EmbeddedTarget a = (EmbeddedTarget) both.get(0);
      EmbeddedTarget b = (EmbeddedTarget) both.get(1);
      assertThat(a.server().port()).isNotEqualTo(b.server().port());
      assertThat(a.server().dataDir()).isNotEqualTo(b.server().dataDir());
      TestServers.exec(a, "CREATE DATABASE only_on_a");
      assertThat(
              single(
                  b,
                  "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME='only_on_a'"))
          .isEqualTo("0");
    } finally {
      both.forEach(Target::close);
    }
  }

  @Test
  void extraServerOptionsAreInEffect() throws Exception {
    try (EmbeddedTarget t =
        TestServers.start("T", "11.4.5", "max_connections=77", "--sql_mode=STRICT_ALL_TABLES")) {
      assertThat(single(t, "SELECT @@max_connections")).isEqualTo("77");
      assertThat(single(t, "SELECT @@GLOBAL.sql_mode")).isEqualTo("STRICT_ALL_TABLES");
    }
  }

  @Test
  void aServerKilledWithMinus9RestartsOnItsDataDirAndPortKeepingItsLog() throws Exception {
    try (EmbeddedTarget t = TestServers.start("T", "11.4.5")) {
      TestServers.exec(
          t,
          "CREATE DATABASE kept",
          "CREATE TABLE kept.t (id INT) ENGINE=InnoDB",
          "INSERT INTO kept.t VALUES (1), (2)");
      int port = t.server().port();
      long pid = t.server().pid();
      String logBefore =
          Files.readString(t.server().errorLog(), java.nio.charset.StandardCharsets.ISO_8859_1);
      new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor();
      ProcessHandle.of(pid).ifPresent(h -> h.onExit().join());
      assertThat(t.server().isAlive()).isFalse();
      t.restart();
      assertThat(t.server().pid()).isNotEqualTo(pid);
      assertThat(t.server().port()).isEqualTo(port);
      assertThat(single(t, "SELECT COUNT(*) FROM kept.t")).isEqualTo("2");
      String logAfter =
          Files.readString(t.server().errorLog(), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(logAfter).startsWith(logBefore).contains("crash recovery");
    }
  }

  @Test
  void stopRemovesTheProcessAndTheDataDir() throws Exception {
    EmbeddedTarget t = TestServers.start("T", "10.2.11");
    long pid = t.server().pid();
    Path work = t.server().dataDir().getParent();
    t.close();
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThat(work).doesNotExist();
  }

  @Test
  void aTakenPortIsDetectedAndAnotherChosen(@TempDir Path work) throws Exception {
    Path base = ServerBinaries.standard(m -> {}).ensure("10.2.11");
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      AtomicInteger calls = new AtomicInteger();
      List<String> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
      try (EmbeddedServer s =
          EmbeddedServer.start(
              new EmbeddedServer.Config(
                  "10.2.11",
                  base,
                  work,
                  "utf8mb4",
                  "utf8mb4_general_ci",
                  List.of(),
                  () -> calls.getAndIncrement() == 0 ? taken.getLocalPort() : FreePorts.next()),
              progress::add)) {
        assertThat(s.port()).isNotEqualTo(taken.getLocalPort());
        assertThat(calls.get()).isEqualTo(2);
        assertThat(progress)
            .anyMatch(m -> m.contains("port " + taken.getLocalPort() + " is taken"));
      }
    }
  }

  @Test
  void aServerThatCannotStartShowsItsErrorLogTail() {
    assertThatThrownBy(() -> TestServers.start("T", "10.2.11", "no_such_server_option=1"))
        .isInstanceOf(CannotRunException.class)
        .hasMessageContaining("did not start")
        .hasMessageContaining("no_such_server_option")
        .hasMessageContaining("error.log");
  }

  @Test
  void aHalfUnpackedCacheIsDetectedAndRedone(@TempDir Path cache) throws IOException {
    Path m2 = Path.of(System.getProperty("user.home"), ".m2", "repository");
    ServerBinaries binaries = new ServerBinaries(cache, m2, m -> {});
    Path dir = cache.resolve("mariadb-10.2.11");
    Files.createDirectories(dir.resolve("bin"));
    Files.writeString(dir.resolve("bin/mysqld"), "truncated");
    Path base = binaries.ensure("10.2.11");
    assertThat(base.resolve(".complete")).exists();
    assertThat(Files.size(base.resolve("bin/mysqld"))).isGreaterThan(1_000_000);
    assertThat(Files.isExecutable(base.resolve("bin/mysqld"))).isTrue();
  }

  private static TargetSettings settings(String label, String version, List<String> options) {
    return new TargetSettings(
        label,
        TargetSpec.parse("embedded:mariadb-" + version),
        options,
        ConnectionSettings.defaults("root", Secret.NONE));
  }

  static String single(Target t, String sql) throws Exception {
    try (Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
