package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.ServerInfo;
import io.querytester.server.Target;
import io.querytester.server.TargetSpec;
import io.querytester.testing.TestServers;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A new session's connections are opened on every side at once, each on its own thread, as its
 * statements are: one side's connect never waits for the other's to end.
 */
class SideRunnerIT {
  static EmbeddedTarget server;

  @BeforeAll
  static void start() {
    server = TestServers.start("NEW", TestServers.NEW);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aNewSessionConnectsEverySideAtOnce() throws Exception {
    // Each side's connect waits (up to 10 s) until the other side's has begun too: one after the
    // other, the first would wait in vain and the second would find the first already over.
    CountDownLatch bothBegun = new CountDownLatch(2);
    Set<String> metTheOther = ConcurrentHashMap.newKeySet();
    Set<String> threads = ConcurrentHashMap.newKeySet();
    List<Target> sides =
        List.of(
            new MeetingTarget("OLD", server, bothBegun, metTheOther, threads),
            new MeetingTarget("NEW", server, bothBegun, metTheOther, threads));
    withSession(
        sides,
        (runner, s) -> {
          SQLException[] failed = runner.connectAll(s);

          assertThat(failed).containsOnlyNulls();
          assertThat(s.isOpen(0)).isTrue();
          assertThat(s.isOpen(1)).isTrue();
          assertThat(metTheOther).containsExactlyInAnyOrder("OLD", "NEW");
          assertThat(threads).hasSize(2);
        });
  }

  @Test
  void aSessionWithOneSideOpenConnectsOnlyTheOther() throws Exception {
    CountDownLatch alone = new CountDownLatch(1);
    Set<String> met = ConcurrentHashMap.newKeySet();
    Set<String> threads = ConcurrentHashMap.newKeySet();
    List<Target> sides = List.of(new MeetingTarget("OLD", server, alone, met, threads), server);
    withSession(
        sides,
        (runner, s) -> {
          Connection open = s.connection(1);

          SQLException[] failed = runner.connectAll(s);

          assertThat(failed).containsOnlyNulls();
          assertThat(s.isOpen(0)).isTrue();
          assertThat(s.connection(1)).isSameAs(open);
          assertThat(threads).containsExactly(Thread.currentThread().getName());
        });
  }

  /** A test of one session over {@code sides} and its lane's runner, both closed after it. */
  @FunctionalInterface
  private interface SessionTest {
    void run(SideRunner runner, SessionConnections s) throws Exception;
  }

  private static void withSession(List<Target> sides, SessionTest test) throws Exception {
    SideRunner runner =
        new SideRunner(sides, null, ReplayWatch.NONE, 0, 1, LaneThreads.forLanes(1));
    try (SessionConnections s =
        new SessionConnections(sides, ReplayWatch.NONE, new SessionState())) {
      test.run(runner, s);
    } finally {
      runner.close();
    }
  }

  /** A real server's connections, each opened only once the other side's connect has begun. */
  private record MeetingTarget(
      String label,
      Target server,
      CountDownLatch bothBegun,
      Set<String> metTheOther,
      Set<String> threads)
      implements Target {
    @Override
    public Connection connect() throws SQLException {
      threads.add(Thread.currentThread().getName());
      bothBegun.countDown();
      try {
        if (bothBegun.await(10, TimeUnit.SECONDS)) {
          metTheOther.add(label);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return server.connect();
    }

    @Override
    public TargetSpec spec() {
      return server.spec();
    }

    @Override
    public ServerInfo info() {
      return server.info();
    }

    @Override
    public Connection connectForLoad() throws SQLException {
      return server.connectForLoad();
    }

    @Override
    public Optional<Path> errorLog() {
      return Optional.empty();
    }

    @Override
    public void close() {
      // the server is the test's
    }
  }
}
