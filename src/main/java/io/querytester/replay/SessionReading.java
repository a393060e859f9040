package io.querytester.replay;

import io.querytester.workload.ReadingChange;
import io.querytester.workload.SqlReading;

/**
 * How one session's server reads its statements, per side, as the replay follows it (see {@link
 * ReadingGuard}): the reading now, the change the statement in flight is expected to make, and the
 * reading its last statement had while it ran (MariaDB's SET STATEMENT), which the server may
 * report again when the statement is run once more to check it.
 */
final class SessionReading {
  final SqlReading[] current;
  ReadingChange[] pending;
  final SqlReading[] during;

  SessionReading(SqlReading[] initial) {
    this.current = initial.clone();
    this.during = new SqlReading[initial.length];
  }
}
