package io.querytester.replay;

/**
 * What a watch over the targets (the health stage) sees of a replay, and how it steers the lanes
 * around a server that crashed: lanes wait while it restarts, fail fast once it is down for good,
 * and stop running a class that crashed a server twice.
 *
 * <p>Called on the replay's hot path, several times per statement: implementations must cost no
 * more than a few volatile reads and writes there, and no round trip to a server.
 */
public interface ReplayWatch {
  /** No watch: every side is always usable. */
  ReplayWatch NONE = new ReplayWatch() {};

  /** Lane {@code lane} starts a statement on side {@code side}. */
  default void started(int side, int lane, long event, String classId, String sql) {}

  /**
   * The statement lane {@code lane} ran on {@code side} ended; {@code lost}: its connection broke.
   */
  default void ended(int side, int lane, boolean lost) {}

  /**
   * Before a connection to {@code side} is used or opened: waits while the side's server is being
   * restarted.
   *
   * @return why the side cannot be used any more (its server is down for good), null when it can
   */
  default String await(int side) {
    return null;
  }

  /** Changes each time the side's server is restarted: connections opened before are dead. */
  default int generation(int side) {
    return 0;
  }

  /**
   * A connection to {@code side} could not be opened: waits until the watch knows whether its
   * server went down (and restarted it, if allowed).
   *
   * @return true when the side is usable again and one more attempt is worth making
   */
  default boolean unreachable(int side) {
    return false;
  }

  /** Why events of this class are no longer run (it crashed a server twice), else null. */
  default String skipReason(String classId) {
    return null;
  }
}
