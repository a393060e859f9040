package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThrottleTest {
  /** A clock that only moves when the throttle sleeps. */
  static final class FakePacer implements Pacer {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    int sleeps;

    @Override
    public Clock clock() {
      return Clock.fixed(now, ZoneOffset.UTC);
    }

    @Override
    public void sleep(Duration d) {
      now = now.plus(d);
      sleeps++;
    }
  }

  @Test
  void pausesWhileOverALimitSaysWhyAndResumes() throws Exception {
    Deque<List<String>> answers =
        new ArrayDeque<>(
            List.of(
                List.of("REPLICA-1 lag 30 s > --max-lag 10 s"),
                List.of("REPLICA-1 lag 12 s > --max-lag 10 s"),
                List.of()));
    List<String> said = new ArrayList<>();
    FakePacer pacer = new FakePacer();
    Throttle t = new Throttle(answers::poll, ThrottleLimits.DEFAULTS, pacer, said::add);
    t.await();
    assertThat(said)
        .containsExactly("pausing: REPLICA-1 lag 30 s > --max-lag 10 s", "resuming after 2.0 s");
    assertThat(pacer.sleeps).isEqualTo(2);
    assertThat(t.paused()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void withinLimitsItDoesNotPauseOrSpeak() throws Exception {
    List<String> said = new ArrayList<>();
    FakePacer pacer = new FakePacer();
    new Throttle(List::of, ThrottleLimits.DEFAULTS, pacer, said::add).await();
    assertThat(said).isEmpty();
    assertThat(pacer.sleeps).isZero();
  }
}
