package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server's word where the server keeps no session tracking (MariaDB 10.1, OLD here): the guard
 * asks the server after every session statement instead, so a change the analysis did not see still
 * stops the session, on the next session statement at the latest.
 */
class NoSessionTrackingIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  @BeforeAll
  static void start() {
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", "10.1.23"));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
    old = o.join();
    neu = n.join();
  }

  @AfterAll
  static void stop() {
    for (Target t : new Target[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  @Test
  void theOldServerHasNoTrackingAndTheNewOneHas() {
    assertThat(ReadOnlySessions.tracksSessions(old.info())).isFalse();
    assertThat(ReadOnlySessions.tracksSessions(neu.info())).isTrue();
  }

  @Test
  void aChangeBehindTheAnalysisIsFoundByAskingAfterTheNextSessionStatement() throws SQLException {
    for (String behindItsBack :
        List.of(
            "SET SESSION tx_read_only = 0",
            "SET sql_mode = 'NO_BACKSLASH_ESCAPES'",
            "SET NAMES big5")) {
      List<Target> targets = List.of(ReadOnlySessions.of(old), ReadOnlySessions.of(neu));
      ReplayGate gate = ReplayGate.of(targets, false);
      ReadingGuard guard = new ReadingGuard(gate, List.of("OLD", "NEW"));
      try (SessionConnections s =
          new SessionConnections(targets, ReplayWatch.NONE, new SessionState())) {
        Job set = ServerWordIT.job(1, "SET @a = 1");
        assertThat(guard.before(s, set)).isNull();
        guard.after(s, set, ServerWordIT.ranOnBoth(s, "SET @a = 1"));
        assertThat(guard.before(s, ServerWordIT.job(2, "SELECT 1"))).as(behindItsBack).isNull();
        // a change no statement the analysis read made, on the server without tracking
        try (Statement st = s.connection(0).createStatement()) {
          st.execute(behindItsBack);
        }
        Job next = ServerWordIT.job(3, "SET @b = 2");
        assertThat(guard.before(s, next)).as(behindItsBack).isNull();
        guard.after(s, next, ServerWordIT.ranOnBoth(s, "SET @b = 2"));
        String skipped = guard.before(s, ServerWordIT.job(4, "SELECT 2"));
        assertThat(skipped)
            .as(behindItsBack)
            .startsWith("session stopped (fail closed): OLD reported");
        assertThat(guard.before(s, ServerWordIT.job(5, "SELECT 3"))).isEqualTo(skipped);
      }
    }
  }
}
