package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mysql.cj.jdbc.result.ResultSetImpl;
import com.mysql.cj.protocol.a.result.ResultsetRowsStreaming;
import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lanes' statement: rows streamed as Connector/J's own streaming statement sends them, the
 * session's row limit left at none, and without the driver's scan of each statement's text for an
 * INTO clause, whose answer only picks that limit.
 */
class ReplayStatementIT {
  static EmbeddedTarget server;

  @BeforeAll
  static void start() {
    server = TestServers.start("NEW", TestServers.NEW);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:mysql://127.0.0.1:" + server.server().port() + "/mysql", TestServers.root(server));
  }

  @Test
  void rowsAreStreamedNotReadIntoMemoryFirst() throws Exception {
    try (Connection c = connect();
        Statement st = ReplayStatement.open(c)) {
      assertThat(st.execute("SELECT seq FROM seq_1_to_100000")).isTrue();
      try (ResultSet rs = st.getResultSet()) {
        assertThat(rs.unwrap(ResultSetImpl.class).getRows())
            .isInstanceOf(ResultsetRowsStreaming.class);
        int rows = 0;
        while (rs.next()) {
          rows++;
        }
        assertThat(rows).isEqualTo(100_000);
      }
    }
  }

  @Test
  void theDriverDoesNotGuessFromTheTextWhileNoMaxRowsIsSet() throws Exception {
    try (Connection c = connect();
        ReplayStatement st = (ReplayStatement) ReplayStatement.open(c)) {
      // Connector/J's own scan says a SET returns no rows; the answer would only pick the limit
      assertThat(st.isResultSetProducingQuery("SET @x = 1")).isTrue();
      st.setMaxRows(3);
      assertThat(st.isResultSetProducingQuery("SET @x = 1")).isFalse();
      assertThat(st.isResultSetProducingQuery("SELECT 1")).isTrue();
    }
  }

  @Test
  void theSessionKeepsNoRowLimitAndMaxRowsStillLimits() throws Exception {
    try (Connection c = connect();
        Statement st = ReplayStatement.open(c)) {
      st.execute("SET @x = 1");
      assertThat(rows(st, "SELECT seq FROM seq_1_to_10")).isEqualTo(10);
      assertThat(value(st, "SELECT @@sql_select_limit")).isEqualTo("18446744073709551615");
      st.setMaxRows(3);
      assertThat(rows(st, "SELECT seq FROM seq_1_to_10")).isEqualTo(3);
      st.setMaxRows(0);
      assertThat(rows(st, "SELECT seq FROM seq_1_to_10")).isEqualTo(10);
    }
  }

  @Test
  void itIsTheDriversForwardOnlyReadOnlyStatementAndClosesWithItsConnection() throws Exception {
    Statement st;
    try (Connection c = connect()) {
      st = ReplayStatement.open(c);
      assertThat(st.getResultSetType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
      assertThat(st.getResultSetConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
      assertThat(st.execute("SELECT 1")).isTrue();
      try (ResultSet rs = st.getResultSet()) {
        assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
        assertThat(rs.getConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
      }
    }
    assertThat(st.isClosed()).as("closed with its connection").isTrue();
    Connection closed = connect();
    closed.close();
    assertThatThrownBy(() -> ReplayStatement.open(closed))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("connection closed");
  }

  @Test
  void executeQueryStillRefusesWhatReturnsNoRowsAsTheDriverDoes() throws Exception {
    try (Connection c = connect();
        Statement st = ReplayStatement.open(c)) {
      assertThatThrownBy(() -> st.executeQuery("SET @x = 1")).isInstanceOf(SQLException.class);
      assertThat(value(st, "SELECT @x IS NULL")).as("the SET was not sent").isEqualTo("1");
      try (ResultSet rs = st.executeQuery("SELECT 2")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(2);
      }
    }
  }

  private static int rows(Statement st, String sql) throws SQLException {
    assertThat(st.execute(sql)).isTrue();
    int rows = 0;
    try (ResultSet rs = st.getResultSet()) {
      while (rs.next()) {
        rows++;
      }
    }
    return rows;
  }

  private static String value(Statement st, String sql) throws SQLException {
    assertThat(st.execute(sql)).isTrue();
    try (ResultSet rs = st.getResultSet()) {
      assertThat(rs.next()).isTrue();
      return rs.getString(1);
    }
  }
}
