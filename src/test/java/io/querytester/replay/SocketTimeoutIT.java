package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.Outcome;
import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The socket timeout while a replayed statement runs is the replay's watchdog's, not Connector/J's
 * (whose timed reads cost a timer per read on a virtual thread): a server stopped with SIGSTOP
 * answers nothing, and the statement must end as lost with the reason after about the socket
 * timeout, on a platform thread and on a virtual one, its connection given up. A statement that
 * ends leaves the connection's own socket timeout in force for what the lane runs next.
 */
class SocketTimeoutIT {
  static EmbeddedTarget server;

  @BeforeAll
  static void start() {
    server = TestServers.start("NEW", TestServers.NEW);
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      signal("CONT"); // whatever a failed test left
      server.close();
    }
  }

  @ParameterizedTest(name = "virtual thread: {0}")
  @ValueSource(booleans = {false, true})
  void aStatementThatGetsNoAnswerForTheSocketTimeoutIsLostAndItsConnectionGivenUp(boolean virtual)
      throws Exception {
    try (StatementTimeouts timeouts =
            new StatementTimeouts(List.of(server), Duration.ofSeconds(30));
        Connection c = connect(1000)) {
      StatementRunner runner = new StatementRunner(new ValueCanon(0), 1000, timeouts, true);
      Statement st = ReplayStatement.open(c);

      StatementRunner.Result ok =
          on(virtual, () -> runner.run(c, st, 0, "SELECT 1", System.nanoTime(), null));
      assertThat(ok.observation().outcome()).isEqualTo(Outcome.ok());
      assertThat(soTimeout(c)).as("restored after the statement").isEqualTo(1000);

      long start = System.nanoTime();
      StatementRunner.Result lost;
      signal("STOP");
      try {
        lost = on(virtual, () -> runner.run(c, st, 0, "SELECT 2", System.nanoTime(), null));
      } finally {
        signal("CONT");
      }
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(lost.observation().outcome())
          .isEqualTo(
              new Outcome.Lost(
                  "the server sent nothing for 1 s (the socket timeout, --socket-timeout); the"
                      + " connection was given up"));
      assertThat(millis).isBetween(1000L, 5000L);
      assertThat(c.isClosed()).as("given up").isTrue();
    }
  }

  @ParameterizedTest(name = "virtual thread: {0}")
  @ValueSource(booleans = {false, true})
  void aSlowResultThatKeepsSendingRowsIsNotGivenUp(boolean virtual) throws Exception {
    try (StatementTimeouts timeouts =
            new StatementTimeouts(List.of(server), Duration.ofSeconds(30));
        Connection c = connect(3000)) {
      StatementRunner runner = new StatementRunner(new ValueCanon(0), 1000, timeouts, true);
      // Four rows, 1 s apart: 4 s in all, never a silence as long as the socket timeout.
      // Each row is larger than the server's 16 KB network buffer, so each is sent as it is made.
      String sql =
          "SELECT SLEEP(1), REPEAT('x', 40000) FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL"
              + " SELECT 3 UNION ALL SELECT 4) AS four";
      StatementRunner.Result r =
          on(
              virtual,
              () -> runner.run(c, ReplayStatement.open(c), 0, sql, System.nanoTime(), null));
      assertThat(r.observation().outcome()).isEqualTo(Outcome.ok());
      assertThat(r.observation().rows()).isEqualTo(4);
      assertThat(c.isClosed()).isFalse();
    }
  }

  /**
   * The statement timeout's KILL ends the statement as timed out, the socket timeout is back
   * afterwards, and the session's next statement runs untouched.
   */
  @ParameterizedTest(name = "virtual thread: {0}")
  @ValueSource(booleans = {false, true})
  void aStatementPastTheStatementTimeoutIsKilledAndTheNextOneRuns(boolean virtual)
      throws Exception {
    try (StatementTimeouts timeouts =
            new StatementTimeouts(List.of(server), Duration.ofSeconds(1));
        Connection c = connect(5000)) {
      StatementRunner runner = new StatementRunner(new ValueCanon(0), 1000, timeouts, true);
      StatementRunner.Result slow =
          on(
              virtual,
              () ->
                  runner.run(
                      c, ReplayStatement.open(c), 0, "SELECT SLEEP(3)", System.nanoTime(), null));
      assertThat(slow.observation().outcome()).isInstanceOf(Outcome.TimedOut.class);
      assertThat(soTimeout(c)).isEqualTo(5000);
      StatementRunner.Result next =
          on(
              virtual,
              () -> runner.run(c, ReplayStatement.open(c), 0, "SELECT 1", System.nanoTime(), null));
      assertThat(next.observation().outcome()).isEqualTo(Outcome.ok());
    }
  }

  /** The timeout the socket itself has, not the one Connector/J's properties say. */
  private static int soTimeout(Connection c) throws Exception {
    return ((com.mysql.cj.NativeSession)
            c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).getSession())
        .getProtocol()
        .getSocketConnection()
        .getMysqlSocket()
        .getSoTimeout();
  }

  private static Connection connect(int socketMillis) throws Exception {
    Properties p = TestServers.root(server);
    p.setProperty("socketTimeout", String.valueOf(socketMillis));
    return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.server().port() + "/", p);
  }

  private static <T> T on(boolean virtual, Callable<T> work) throws Exception {
    FutureTask<T> task = new FutureTask<>(work);
    Thread t = virtual ? Thread.ofVirtual().start(task) : Thread.ofPlatform().start(task);
    T result = task.get(60, TimeUnit.SECONDS);
    t.join();
    return result;
  }

  private static void signal(String name) throws Exception {
    assertThat(
            new ProcessBuilder("kill", "-" + name, Long.toString(server.server().pid()))
                .start()
                .waitFor())
        .isZero();
  }
}
