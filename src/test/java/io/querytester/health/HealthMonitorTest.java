package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class HealthMonitorTest {
  @Test
  void noAnswerIsATimeoutAndARefusedConnectionIsNot() {
    assertThat(
            HealthMonitor.noAnswer(
                new SQLException("no answer within 10 s", "08001", new TimeoutException())))
        .isTrue();
    assertThat(
            HealthMonitor.noAnswer(
                new SQLException(
                    "Communications link failure", "08S01", new SocketTimeoutException("Read"))))
        .isTrue();
    assertThat(
            HealthMonitor.noAnswer(
                new SQLException("link failure", "08S01", new ConnectException("refused"))))
        .isFalse();
    assertThat(HealthMonitor.noAnswer(new SQLException("Connection reset", "08S01"))).isFalse();
  }
}
