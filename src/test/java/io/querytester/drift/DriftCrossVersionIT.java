package io.querytester.drift;

import io.querytester.testing.TestServers;
import java.sql.SQLException;
import java.util.Optional;

/** A 10.2.11 source with an 11.4.5 replica that follows by GTID; waits by MASTER_GTID_WAIT. */
class DriftCrossVersionIT extends DriftReplicationTests {
  @Override
  ReplicationPair startPair() throws SQLException {
    return ReplicationPair.start(TestServers.OLD, TestServers.NEW, true);
  }

  @Override
  Optional<PositionMode> positionMode() {
    return Optional.empty();
  }
}
