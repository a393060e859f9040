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
}
