package io.querytester;

/**
 * The input was fine but the job could not run: a server would not start, a connection was refused,
 * a download failed. Maps to exit code 3. The message must say what to check.
 */
public class CannotRunException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CannotRunException(String message) {
    super(message);
  }

  public CannotRunException(String message, Throwable cause) {
    super(message, cause);
  }

  /** "{@code what}: the server's message [SQLSTATE s, error n]". */
  public static CannotRunException of(String what, java.sql.SQLException e) {
    return new CannotRunException(what + ": " + sqlError(e), e);
  }

  /** A server error as messages quote it: its text, SQLSTATE and vendor code. */
  public static String sqlError(java.sql.SQLException e) {
    return e.getMessage() + " [SQLSTATE " + e.getSQLState() + ", error " + e.getErrorCode() + "]";
  }
}
