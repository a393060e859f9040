package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.cli.QueryTesterCommand;
import io.querytester.testing.TestServers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code querytester drift} end to end against a 10.2.11 pair that follows by GTID. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DriftCommandIT {
  ReplicationPair pair;
  java.nio.file.Path account;

  @BeforeAll
  void start() throws Exception {
    pair = ReplicationPair.start(TestServers.OLD, TestServers.OLD, true);
    // One account on both sides (it replicates): each embedded root has its own random password.
    TestServers.exec(
        pair.source,
        "CREATE USER qt_drift@'127.0.0.1' IDENTIFIED BY 'drift-pw'",
        "GRANT ALL ON *.* TO qt_drift@'127.0.0.1'");
    account = java.nio.file.Files.createTempFile("drift-account", ".cnf");
    java.nio.file.Files.writeString(account, "[client]\nuser=qt_drift\npassword=drift-pw\n");
    DriftFixture.create(pair.source, "same", 1500);
    DriftFixture.create(pair.source, "moved", 1500);
    DriftFixture.create(pair.source, "late", 500);
    pair.sync();
    pair.onReplicaOnly("UPDATE moved.items SET name = 'changed' WHERE id = 42");
  }

  @AfterAll
  void stop() throws java.io.IOException {
    java.nio.file.Files.deleteIfExists(account);
    if (pair != null) {
      pair.close();
    }
  }

  record Result(int exit, String out, String err) {}

  Result drift(String... args) {
    List<String> all = new ArrayList<>();
    all.add("drift");
    all.add("--defaults-file=" + account);
    all.add("--source=" + url(pair.source.server().port()));
    all.add("--replica=" + url(pair.replica.server().port()));
    all.add("--chunk-rows=200");
    all.addAll(List.of(args));
    CommandLine cl = QueryTesterCommand.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int exit = cl.execute(all.toArray(String[]::new));
    return new Result(exit, out.toString(), err.toString());
  }

  static String url(int port) {
    return "jdbc:mysql://127.0.0.1:" + port + "/?sslMode=DISABLED";
  }

  @Test
  void consistentReplicaExitsZeroAndWritesJsonAndJunit(@TempDir Path dir) throws Exception {
    Result r = drift("--databases=same", "--out=" + dir);
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("same.items").contains("consistent").contains("CONSISTENT:");
    assertThat(r.err()).contains("drift: [1/4] same.items").contains("rows/s");
    String json = Files.readString(dir.resolve(DriftReports.JSON), StandardCharsets.UTF_8);
    assertThat(json)
        .contains("\"format\" : \"querytester-drift-report\"")
        .contains("\"exitCode\" : 0");
    String junit = Files.readString(dir.resolve(DriftReports.JUNIT), StandardCharsets.UTF_8);
    assertThat(junit).contains("tests=\"4\"").contains("failures=\"0\"").contains("name=\"items\"");
    assertThat(dir.resolve(DriftState.FILE)).exists();
    // drift reports name rows that differ: their owner's alone
    io.querytester.testing.FileModes.assertOwnerOnly(dir);
  }

  @Test
  void driftExitsOneAndPrintsRepairSqlWithoutRunningIt(@TempDir Path dir) throws Exception {
    Result r =
        drift("--databases=moved", "--tables=items,pairs", "--print-fix-sql", "--out=" + dir);
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out())
        .contains("DRIFT: 0 missing, 0 extra, 1 different")
        .contains("UPDATE `moved`.`items` SET `name` = 'café 42' WHERE `id` = '42';")
        .doesNotContain("moved.uniq");
    String junit = Files.readString(dir.resolve(DriftReports.JUNIT), StandardCharsets.UTF_8);
    assertThat(junit).contains("tests=\"2\"").contains("failures=\"1\"").contains("<failure");
    // Nothing was repaired: the replica still differs.
    Result again = drift("--databases=moved", "--tables=items", "--out=" + dir, "--resume");
    assertThat(again.exit()).as("resume needs the same filters").isEqualTo(2);
    Result resumed = drift("--databases=moved", "--tables=items,pairs", "--out=" + dir, "--resume");
    assertThat(resumed.exit()).isEqualTo(1);
    assertThat(resumed.err()).contains("moved.items was finished by the earlier run");
  }

  @Test
  void replicaThatNeverCatchesUpIsNotVerifiedAndExitsThree() throws Exception {
    TestServers.exec(pair.replica, "STOP SLAVE");
    try {
      TestServers.exec(pair.source, "UPDATE late.items SET qty = 1 WHERE id < 10");
      Result r = drift("--databases=late", "--tables=items", "--wait-timeout=2s");
      assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(3);
      assertThat(r.out()).contains("NOT VERIFIED").doesNotContain("DRIFT");
      assertThat(r.err()).contains("did not reach source position");
    } finally {
      TestServers.exec(pair.replica, "START SLAVE");
      pair.sync();
    }
  }

  @Test
  void aReplicaThatIsNotAReplicaCannotRun() {
    List<String> args = new ArrayList<>();
    CommandLine cl = QueryTesterCommand.commandLine();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter()));
    cl.setErr(new PrintWriter(err));
    args.add("drift");
    args.add("--defaults-file=" + account);
    args.add("--source=" + url(pair.source.server().port()));
    args.add("--replica=" + url(pair.source.server().port()));
    int exit = cl.execute(args.toArray(String[]::new));
    assertThat(exit).isEqualTo(3);
    assertThat(err.toString()).contains("is not a replica");
  }
}
