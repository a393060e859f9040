package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ProbeConnectionTest {
  @Test
  void noAnswerIsATimeoutAndARefusedConnectionIsNot() {
    assertThat(
            ProbeConnection.noAnswer(
                new SQLException("no answer within 10 s", "08001", new TimeoutException())))
        .isTrue();
    assertThat(
            ProbeConnection.noAnswer(
                new SQLException(
                    "Communications link failure", "08S01", new SocketTimeoutException("Read"))))
        .isTrue();
    assertThat(
            ProbeConnection.noAnswer(
                new SQLException("link failure", "08S01", new ConnectException("refused"))))
        .isFalse();
    assertThat(ProbeConnection.noAnswer(new SQLException("Connection reset", "08S01"))).isFalse();
  }
}
