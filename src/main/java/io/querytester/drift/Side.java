package io.querytester.drift;

import io.querytester.Parallel;
import io.querytester.server.ServerInfo;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One server in a check, with its read-only connection.
 *
 * @param label SOURCE, REPLICA-1 ...
 * @param display label, spec and version, passwords masked
 * @param info version and flavour
 * @param connection a connection from {@link ReadOnlySession}
 */
record Side(String label, String display, ServerInfo info, Connection connection) {

  /**
   * A read-only session to each target, all opened at once (one after the other, the eight of a
   * check with two workers and one replica were a tenth of a second of its start), each added to
   * {@code opened} as it comes so that a failure closes them all.
   */
  static List<Side> openAll(List<Target> targets, List<Side> opened)
      throws SQLException, InterruptedException {
    Parallel.Results<Side> open =
        Parallel.each(
            targets, t -> new Side(t.label(), t.describe(), t.info(), ReadOnlySession.open(t)));
    // every open has ended: those that opened are closed by the caller, whatever happened here
    List<Side> sides = open.values();
    opened.addAll(sides);
    switch (open.failure()) {
      case null -> {}
      case SQLException e -> throw e;
      case InterruptedException e -> throw e;
      case RuntimeException e -> throw e;
      case Error e -> throw e;
      case Throwable t -> throw new IllegalStateException("opening a session failed: " + t, t);
    }
    return sides;
  }

  void closeQuietly() {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // closing a read-only session cannot lose anything
    }
  }
}
