package io.querytester.replay;

import io.querytester.BadInputException;
import java.time.Duration;

/**
 * How many connections a replay may hold on each server, validated before any server is touched.
 *
 * @param maxConnections per server; 0 reads the server's {@code max_connections} and leaves room
 * @param idle a session's connections unused this long are closed (reopened, with the session's
 *     state, when it runs again)
 */
public record ConnectionLimits(int maxConnections, Duration idle) {
  /** Read from each server; idle sessions closed after a minute. */
  public static final ConnectionLimits FROM_SERVER = new ConnectionLimits(0, Duration.ofMinutes(1));

  public ConnectionLimits {
    if (maxConnections < 0 || maxConnections > 100_000) {
      throw new BadInputException(
          "--max-connections must be between 1 and 100000 (or 0: from the server's"
              + " max_connections), not "
              + maxConnections);
    }
    if (idle.isNegative() || idle.isZero()) {
      throw new BadInputException("the idle session timeout must be positive");
    }
  }
}
