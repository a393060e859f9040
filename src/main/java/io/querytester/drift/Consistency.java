package io.querytester.drift;

import java.sql.SQLException;

/**
 * Consistency without writes: right after reading something on the source, read the source's
 * position; before reading the same thing on a replica, wait until the replica has applied that
 * position. The replica then holds at least everything the source's read saw. It may hold more (the
 * source went on writing), which is why a mismatch is checked again before it is called drift.
 */
final class Consistency {
  private final PositionReader reader;
  private final PositionWaiter waiter;

  Consistency(PositionReader reader, PositionWaiter waiter) {
    this.reader = reader;
    this.waiter = waiter;
  }

  /** Call right after the source read. False when the replica did not catch up in time. */
  boolean catchUp(Side source, Side replica) throws SQLException, InterruptedException {
    ReplicaPosition position = reader.read(source.connection());
    return waiter.await(replica, position);
  }

  /** The position now, for a caller that waits for several replicas. */
  ReplicaPosition position(Side source) throws SQLException {
    return reader.read(source.connection());
  }

  boolean await(Side replica, ReplicaPosition position) throws SQLException, InterruptedException {
    return waiter.await(replica, position);
  }
}
