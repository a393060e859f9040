package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConnectionBudgetTest {
  @Test
  void mariaDbsDefaultLeavesRoomAndTheLanesShareTheRest() {
    int max = 151;
    ConnectionBudget b = new ConnectionBudget(max - 2 - ConnectionBudget.room(max));
    assertThat(b.perServer()).isEqualTo(134);
    assertThat(b.lanes(8)).isEqualTo(8);
    // 8 lanes x 16 sessions = 128 connections, not 8 x 32 = 256
    assertThat(b.sessionsPerLane(8)).isEqualTo(16);
    assertThat(b.lanes(8) * b.sessionsPerLane(8)).isLessThanOrEqualTo(b.perServer());
  }

  @Test
  void neverMoreLanesThanConnectionsAndAtLeastOneSessionEach() {
    ConnectionBudget b = new ConnectionBudget(20);
    assertThat(b.lanes(256)).isEqualTo(20);
    assertThat(b.sessionsPerLane(20)).isEqualTo(1);
    assertThat(new ConnectionBudget(0).perServer()).isEqualTo(1);
  }

  @Test
  void aLargeServerStillCapsSessionsPerLane() {
    assertThat(new ConnectionBudget(5000).sessionsPerLane(8))
        .isEqualTo(ConnectionBudget.MAX_SESSIONS_PER_LANE);
  }

  @Test
  void roomIsATenthAtLeastTen() {
    assertThat(ConnectionBudget.room(151)).isEqualTo(15);
    assertThat(ConnectionBudget.room(50)).isEqualTo(10);
  }

  @Test
  void theOptionIsValidated() {
    assertThatThrownBy(() -> new ConnectionLimits(-1, Duration.ofMinutes(1)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--max-connections");
  }

  @Test
  void tooManyConnectionsIsRecognisedByItsVendorCode() {
    assertThat(
            SessionConnections.tooMany(
                new SQLNonTransientConnectionException("Too many connections", "08004", 1040)))
        .isTrue();
    assertThat(SessionConnections.tooMany(new SQLException("Connection refused", "08001", 0)))
        .isFalse();
  }
}
