package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.TestServers;
import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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

  /** MariaDB replicas keep gtid_slave_pos even when they follow by file and position. */
  @Test
  void detectionWaitsByGtidEvenForAReplicaThatFollowsByFileAndPosition() throws Exception {
    DriftFixture.create(pair.source, "detected", 500);
    pair.sync();
    TestServers.exec(pair.replica, "STOP SLAVE");
    TestServers.exec(pair.source, "UPDATE detected.items SET qty = 7 WHERE id < 100");
    Thread restart =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    Thread.sleep(3000);
                    TestServers.exec(pair.replica, "START SLAVE");
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                });
    DriftFixture.Run run =
        new DriftFixture.Run(
            DriftFixture.settings("detected", Optional.empty(), Optional.empty(), false),
            pair.source,
            pair.replica);
    restart.join();
    assertThat(run.report.positionMode()).isEqualTo("MARIADB_GTID");
    assertThat(run.report.verdict()).as(run.console(false)).isEqualTo(Verdict.CONSISTENT);
    assertThat(run.progress.toString()).contains("caught up with source position");
  }
}
