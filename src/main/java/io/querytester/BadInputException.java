package io.querytester;

/**
 * The user gave something we cannot use: an unparsable spec, a missing file, a bad option value.
 * Maps to exit code 2. The message must name the input and say what to do instead.
 */
public class BadInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
