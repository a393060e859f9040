package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.server.ConnectionSettings;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Connection timeouts, the same for every target of a command. */
final class TimeoutOptions {
  @Option(
      names = "--connect-timeout",
      defaultValue = "10s",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "How long to wait for a connection and login (default: ${DEFAULT-VALUE}).")
  Duration connect;

  @Option(
      names = "--socket-timeout",
      defaultValue = "10m",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "How long a read may block before the connection is given up; keep it above any"
              + " statement timeout (default: ${DEFAULT-VALUE}).")
  Duration socket;

  ConnectionSettings apply(ConnectionSettings c) {
    Duration con = connect == null ? ConnectionSettings.DEFAULT_CONNECT_TIMEOUT : connect;
    Duration soc = socket == null ? ConnectionSettings.DEFAULT_SOCKET_TIMEOUT : socket;
    if (con.isNegative() || con.isZero() || soc.isNegative() || soc.isZero()) {
      throw new BadInputException("--connect-timeout and --socket-timeout must be above zero");
    }
    return c.withTimeouts(con, soc);
  }
}
