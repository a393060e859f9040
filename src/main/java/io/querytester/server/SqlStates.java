package io.querytester.server;

import java.sql.SQLException;

/** What an error's SQLSTATE says about the connection it came on. */
public final class SqlStates {
  private SqlStates() {}

  /**
   * SQLSTATE class 08: the connection is gone (broken, refused, closed under the statement), not a
   * refusal by a server that still answers.
   */
  public static boolean connectionGone(SQLException e) {
    String state = e.getSQLState();
    return state != null && state.startsWith("08");
  }
}
