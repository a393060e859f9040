package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.Observation;
import io.querytester.run.Outcome;
import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A statement that answers with several results (a procedure's result sets, then its own OK) is
 * observed whole through the lanes' streaming statement: every result's rows in the count and the
 * digest, not the driver's complaint about a stream still open.
 */
class StatementRunnerIT {
  static EmbeddedTarget server;

  @BeforeAll
  static void start() throws SQLException {
    server = TestServers.start("NEW", TestServers.NEW);
    TestServers.exec(
        server,
        "CREATE DATABASE runner_it",
        "CREATE TABLE runner_it.t (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
        "CREATE PROCEDURE runner_it.two(n INT) BEGIN SELECT 1 AS a;"
            + " INSERT INTO runner_it.t (v) VALUES (7); SELECT seq FROM mysql.seq_1_to_3"
            + " WHERE seq <= n; END");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyResultOfAProcedureIsReadAndHashed() throws Exception {
    Observation three = run("CALL runner_it.two(3)");
    assertThat(three.outcome()).isEqualTo(Outcome.ok());
    // 1 row, 3 rows, and the CALL's own OK counting the INSERT's row
    assertThat(three.rows()).isEqualTo(5);
    Observation two = run("CALL runner_it.two(2)");
    assertThat(two.outcome()).isEqualTo(Outcome.ok());
    assertThat(two.rows()).isEqualTo(4);
    assertThat(two.digest()).as("the second result is in the digest").isNotEqualTo(three.digest());
  }

  private static Observation run(String sql) throws Exception {
    try (StatementTimeouts timeouts =
            new StatementTimeouts(List.of(server), Duration.ofSeconds(30));
        Connection c =
            DriverManager.getConnection(
                "jdbc:mysql://127.0.0.1:" + server.server().port() + "/",
                TestServers.root(server));
        Statement st = ReplayStatement.open(c)) {
      StatementRunner runner = new StatementRunner(new ValueCanon(0), 1000, timeouts, false);
      return runner.run(c, st, 0, sql, System.nanoTime(), null).observation();
    }
  }
}
