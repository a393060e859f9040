package io.querytester.replay;

import com.mysql.cj.exceptions.CJException;
import com.mysql.cj.jdbc.ConnectionImpl;
import com.mysql.cj.jdbc.JdbcConnection;
import com.mysql.cj.jdbc.StatementImpl;
import com.mysql.cj.jdbc.exceptions.SQLExceptionsMapping;
import com.mysql.cj.jdbc.result.ResultSetFactory;
import com.mysql.cj.protocol.Resultset;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The statement a session's workload runs through on one side: Connector/J's own, streaming rows,
 * less one of its scans of every statement's text. Before each {@code execute} Connector/J reads
 * the whole SQL for an INTO clause to guess whether it returns rows, only to choose the session's
 * row limit: the statement's max rows when it does, none when it does not. A replay never sets max
 * rows ({@code --max-rows} is the lane's own count, the session's limit stays none), so either
 * guess sends the same limit; the scan was 7% of the lanes' CPU at 32 connections per side
 * (bench/replay, docs/replay.md). With max rows set, and for {@code executeQuery} (which refuses a
 * statement that returns no rows by the same guess), the driver guesses as before.
 */
final class ReplayStatement extends StatementImpl {
  // executeQuery's refusal of a statement that returns no rows is the driver's to make
  private boolean driverGuesses;

  private ReplayStatement(JdbcConnection c, String database) throws SQLException {
    super(c, database);
    // what createStatement(TYPE_FORWARD_ONLY, CONCUR_READ_ONLY) sets through package-private
    // setters: streaming needs both, and the result sets' factory is made anew for them
    query.setResultType(Resultset.Type.FORWARD_ONLY);
    resultSetConcurrency = ResultSet.CONCUR_READ_ONLY;
    resultSetFactory = new ResultSetFactory(connection, this);
  }

  /**
   * As {@code c.createStatement(TYPE_FORWARD_ONLY, CONCUR_READ_ONLY)} with a fetch size of {@link
   * Integer#MIN_VALUE}: rows are streamed. A connection that is not Connector/J's plain single-host
   * one (a failover proxy, another driver) gets the driver's own statement; a closed one the
   * driver's own error.
   */
  static Statement open(Connection c) throws SQLException {
    Statement st;
    if (c instanceof ConnectionImpl j) {
      try {
        j.checkClosed(); // what createStatement does first, with its error
        st = new ReplayStatement(j.getMultiHostSafeProxy(), j.getDatabase());
      } catch (CJException e) {
        throw SQLExceptionsMapping.translateException(e); // as createStatement does
      }
    } else {
      st = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }
    st.setFetchSize(Integer.MIN_VALUE);
    return st;
  }

  @Override
  protected boolean isResultSetProducingQuery(String sql) {
    // -1 is "no limit" (setMaxRows(0) stores -1 too): then both answers set the same limit
    return (maxRows == -1 && !driverGuesses) || super.isResultSetProducingQuery(sql);
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    driverGuesses = true;
    try {
      return super.executeQuery(sql);
    } finally {
      driverGuesses = false;
    }
  }
}
