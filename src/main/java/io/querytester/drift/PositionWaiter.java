package io.querytester.drift;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Waits until a replica has applied a source position, with the server's own wait function, in
 * one-second slices so that a stopped replica is reported while we wait ("waiting for REPLICA-1 ...
 * replication stopped") rather than after. Gives up after the configured timeout; the chunk is then
 * reported as not verified, never as drift.
 */
final class PositionWaiter {
  private static final Duration SAY_EVERY = Duration.ofSeconds(5);

  private final PositionMode mode;
  private final Duration timeout;
  private final Pacer pacer;
  private final Consumer<String> say;

  PositionWaiter(PositionMode mode, Duration timeout, Pacer pacer, Consumer<String> say) {
    this.mode = mode;
    this.timeout = timeout;
    this.pacer = pacer;
    this.say = say;
  }

  /** True once {@code replica} has applied {@code position}; false after the timeout. */
  boolean await(Side replica, ReplicaPosition position) throws SQLException, InterruptedException {
    if (position instanceof ReplicaPosition.None) {
      return true;
    }
    Instant start = pacer.clock().instant();
    Instant nextSay = start.plus(SAY_EVERY);
    boolean waited = false;
    while (true) {
      if (reached(replica, position)) {
        if (waited) {
          say.accept(
              replica.label()
                  + " caught up with source position "
                  + position.display()
                  + " after "
                  + Duration.between(start, pacer.clock().instant()).toSeconds()
                  + " s");
        }
        return true;
      }
      waited = true;
      Instant now = pacer.clock().instant();
      if (Duration.between(start, now).compareTo(timeout) >= 0) {
        say.accept(
            replica.label()
                + " did not reach source position "
                + position.display()
                + " within "
                + timeout.toSeconds()
                + " s (--wait-timeout); chunk not verified");
        return false;
      }
      if (!now.isBefore(nextSay)) {
        say.accept(
            "waiting for "
                + replica.label()
                + " to apply source position "
                + position.display()
                + " ("
                + ReplicaStatus.read(replica.connection(), replica.info()).describe()
                + ", waited "
                + Duration.between(start, now).toSeconds()
                + " s)");
        nextSay = now.plus(SAY_EVERY);
      }
    }
  }

  /** One call of the wait function, at most one second. */
  private boolean reached(Side replica, ReplicaPosition position)
      throws SQLException, InterruptedException {
    Instant before = pacer.clock().instant();
    Long result;
    try (PreparedStatement ps =
        replica.connection().prepareStatement(mode.waitSql(replica.info()))) {
      switch (position) {
        case ReplicaPosition.Gtid g -> {
          ps.setString(1, g.set());
          ps.setInt(2, 1);
        }
        case ReplicaPosition.FilePos f -> {
          ps.setString(1, f.file());
          ps.setLong(2, f.position());
          ps.setInt(3, 1);
        }
        case ReplicaPosition.None n -> {
          return true;
        }
      }
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        long v = rs.getLong(1);
        result = rs.wasNull() ? null : v;
      }
    }
    if (mode.reached(result)) {
      return true;
    }
    // MASTER_POS_WAIT returns NULL at once when replication is stopped: do not spin.
    Duration spent = Duration.between(before, pacer.clock().instant());
    if (spent.compareTo(Duration.ofMillis(900)) < 0) {
      pacer.sleep(Duration.ofSeconds(1).minus(spent));
    }
    return false;
  }
}
