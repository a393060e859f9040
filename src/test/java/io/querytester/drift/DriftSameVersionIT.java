package io.querytester.drift;

import io.querytester.testing.TestServers;
import java.sql.SQLException;
import java.util.Optional;

/** A 10.2.11 pair following by binlog file and position; waits by MASTER_POS_WAIT. */
class DriftSameVersionIT extends DriftReplicationTests {
  @Override
  ReplicationPair startPair() throws SQLException {
    return ReplicationPair.start(TestServers.OLD, TestServers.OLD, false);
  }

  @Override
  Optional<PositionMode> positionMode() {
    return Optional.of(PositionMode.FILE);
  }
}
