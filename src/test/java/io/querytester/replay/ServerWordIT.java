package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.Outcome;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Secret;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guards that do not share the analyser's blind spots, on 10.2.11 and 11.4.5: the server's own
 * report of what a statement changed in the session, the driver's properties as it has them in
 * effect, and routines whose bodies the account cannot read.
 */
class ServerWordIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  @BeforeAll
  static void start() throws Exception {
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
    old = o.join();
    neu = n.join();
    for (EmbeddedTarget t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE victim",
          "CREATE FUNCTION victim.definer_lock() RETURNS INT READS SQL DATA SQL SECURITY DEFINER"
              + " RETURN GET_LOCK('qt38_definer', 0)",
          "CREATE USER ro38@'127.0.0.1' IDENTIFIED BY 'ro38-pw'",
          "GRANT SELECT, EXECUTE ON victim.* TO ro38@'127.0.0.1'");
    }
  }

  @AfterAll
  static void stop() {
    for (Target t : new Target[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  private static List<Target> readOnly() {
    return List.of(ReadOnlySessions.of(old), ReadOnlySessions.of(neu));
  }

  static Job job(long id, String sql) {
    QueryEvent e = Workloads.event(Instant.EPOCH, 7, null, sql);
    return new Job(id, e, SqlProfile.of(sql), 0, false, null, null);
  }

  /** Runs {@code sql} on both sides of {@code s}, as a lane would, without the guard. */
  static StatementRunner.Result[] ranOnBoth(SessionConnections s, String sql) throws SQLException {
    StatementRunner.Result[] r = new StatementRunner.Result[2];
    for (int i = 0; i < 2; i++) {
      try (Statement st = s.connection(i).createStatement()) {
        st.execute(sql);
      }
      r[i] = StatementRunner.Result.only(Outcome.ok(), System.nanoTime());
    }
    return r;
  }

  @Test
  void aChangeTheAnalysisDidNotSeeStopsTheSession() throws SQLException {
    for (String behindItsBack :
        List.of(
            "SET SESSION tx_read_only = 0",
            "SET sql_mode = 'NO_BACKSLASH_ESCAPES'",
            "SET NAMES big5",
            "SET TRANSACTION READ WRITE")) {
      List<Target> targets = readOnly();
      ReplayGate gate = ReplayGate.of(targets, false);
      ReadingGuard guard = new ReadingGuard(gate, List.of("OLD", "NEW"));
      try (SessionConnections s =
          new SessionConnections(targets, ReplayWatch.NONE, new SessionState())) {
        Job first = job(1, "SELECT 1");
        assertThat(guard.before(s, first)).isNull();
        guard.after(s, first, ranOnBoth(s, "SELECT 1"));
        // what no statement the analysis read did: the server says so with its next answer
        try (Statement st = s.connection(0).createStatement()) {
          st.execute(behindItsBack);
        }
        String skipped = guard.before(s, job(2, "SELECT 2"));
        assertThat(skipped)
            .as(behindItsBack)
            .startsWith("session stopped (fail closed): OLD reported");
        assertThat(guard.before(s, job(3, "SELECT 3"))).isEqualTo(skipped);
      }
    }
  }

  @Test
  void aChangeTheAnalysisExpectedIsFollowed() throws SQLException {
    List<Target> targets = readOnly();
    ReplayGate gate = ReplayGate.of(targets, false);
    ReadingGuard guard = new ReadingGuard(gate, List.of("OLD", "NEW"));
    try (SessionConnections s =
        new SessionConnections(targets, ReplayWatch.NONE, new SessionState())) {
      for (String sql :
          List.of(
              "SET NAMES gbk",
              "SET sql_mode = 'ANSI_QUOTES'",
              "SET STATEMENT sql_mode = 'NO_BACKSLASH_ESCAPES' FOR SELECT 1",
              "SELECT \"x\" FROM (SELECT 1 AS x) d")) {
        Job j = job(1, sql);
        assertThat(guard.before(s, j)).as(sql).isNull();
        guard.after(s, j, ranOnBoth(s, sql));
      }
      assertThat(s.reading.current[1].client().name()).isEqualTo("gbk");
      assertThat(s.reading.current[1].modes().ansiQuotes()).isTrue();
      // the gbk trick: the backslash is the string's last byte under gbk, GET_LOCK runs
      assertThat(guard.before(s, job(2, "SELECT 'a\u4e3f\\', GET_LOCK('x', 0) -- '")))
          .contains("GET_LOCK()");
    }
  }

  @Test
  void aUrlThatLetsAStatementDoMoreIsRefused(@TempDir Path tmp) throws Exception {
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), null, 1, List.of("SELECT 1"));
    int port = neu.server().port();
    String pw = neu.server().rootPassword().reveal();
    for (String url :
        List.of(
            "jdbc:mysql://127.0.0.1:" + port + "/?allowMultiQueries=true",
            "jdbc:mysql://127.0.0.1:" + port + "/?allowMultiQueries=yes&sslMode=DISABLED",
            "jdbc:mysql://127.0.0.1:" + port + "/?allowLoadLocalInfile=true",
            "jdbc:mysql://127.0.0.1:" + port + "/?allowUrlInLocalInfile=true",
            "jdbc:mysql://127.0.0.1:" + port + "/?allowLoadLocalInfileInPath=/tmp",
            "jdbc:mysql://127.0.0.1:" + port + "/?rewriteBatchedStatements=true",
            "jdbc:mysql://127.0.0.1:" + port + "/?trackSessionState=false",
            // a property of the host, not of the URL's query: as the driver has it in effect
            "jdbc:mysql://address=(host=127.0.0.1)(port=" + port + ")(allowMultiQueries=true)/")) {
      String property =
          url.contains("?")
              ? url.substring(url.indexOf('?') + 1).split("=")[0]
              : "allowMultiQueries";
      try (Target t = jdbc(url, "root", pw)) {
        assertThatThrownBy(
                () ->
                    new Replayer(
                            HostileSessionsIT.settings(workload, tmp.resolve(property)), m -> {})
                        .run(List.of(t), false))
            .as(url)
            .isInstanceOf(BadInputException.class)
            .hasMessageContaining(property + "=")
            .hasMessageContaining("without --allow-writes")
            .hasMessageNotContaining(pw);
      }
    }
    try (Target t =
        jdbc("jdbc:mysql://127.0.0.1:" + port + "/?allowMultiQueries=false", "root", pw)) {
      new Replayer(HostileSessionsIT.settings(workload, tmp.resolve("off")), m -> {})
          .run(List.of(t), false);
    }
  }

  @Test
  void aRoutineWhoseBodyTheAccountCannotReadIsSkipped(@TempDir Path tmp) throws Exception {
    Path workload =
        Workloads.write(
            tmp.resolve("w.jsonl"), "victim", 1, List.of("SELECT victim.definer_lock()"));
    List<Target> targets = new ArrayList<>();
    try (Target o = jdbc("jdbc:mysql://127.0.0.1:" + old.server().port() + "/", "ro38", "ro38-pw");
        Target n = jdbc("jdbc:mysql://127.0.0.1:" + neu.server().port() + "/", "ro38", "ro38-pw")) {
      targets.add(o);
      targets.add(n);
      new Replayer(HostileSessionsIT.settings(workload, tmp.resolve("run")), m -> {})
          .run(targets, false);
    }
    List<Execution> executions = new ArrayList<>();
    ExecutionLog.read(tmp.resolve("run"), w -> {}).forEach(executions::add);
    assertThat(executions).hasSize(1);
    assertThat(executions.getFirst().skipped())
        .contains("victim.definer_lock")
        .contains("whose body this account cannot read");
  }

  private static Target jdbc(String url, String user, String password) {
    return Targets.open(
        new TargetSettings(
            "NEW",
            TargetSpec.parse(url),
            List.of(),
            ConnectionSettings.defaults(user, Secret.of(password)).withSslMode("DISABLED")),
        m -> {});
  }
}
