package io.querytester.drift;

import java.sql.SQLException;

/**
 * Consistency without writes: right after reading something on the source, read the source's
 * position; before reading the same thing on a replica, wait until the replica has applied that
 * position. The replica then holds at least everything the source's read saw. It may hold more (the
 * source went on writing), which is why a mismatch is checked again before it is called drift.
 *
 * <p>Two quiet servers that do not replicate ({@link #SETTLED}) have nothing to wait for.
 */
sealed interface Consistency {
  /** Neither side changes while it is compared: no position, no wait. */
  Consistency SETTLED = new Settled();

  /** The position now, for a caller that waits for several replicas. */
  ReplicaPosition position(Side source) throws SQLException;

  /** False when the replica did not reach {@code position} in time. */
  boolean await(Side replica, ReplicaPosition position) throws SQLException, InterruptedException;

  /** Call right after the source read. False when the replica did not catch up in time. */
  default boolean catchUp(Side source, Side replica) throws SQLException, InterruptedException {
    return await(replica, position(source));
  }

  /** A source and its replicas: the source's binary log position, waited for on each replica. */
  record Replicated(PositionReader reader, PositionWaiter waiter) implements Consistency {
    @Override
    public ReplicaPosition position(Side source) throws SQLException {
      return reader.read(source.connection());
    }

    @Override
    public boolean await(Side replica, ReplicaPosition position)
        throws SQLException, InterruptedException {
      return waiter.await(replica, position);
    }
  }

  /** Two idle servers, e.g. OLD and NEW after a write replay. */
  record Settled() implements Consistency {
    @Override
    public ReplicaPosition position(Side source) {
      return new ReplicaPosition.None();
    }

    @Override
    public boolean await(Side replica, ReplicaPosition position) {
      return true;
    }
  }
}
