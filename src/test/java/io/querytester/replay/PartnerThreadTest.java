package io.querytester.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PartnerThreadTest {
  @Test
  void runsEachTaskOnItsOwnThreadAndItsWritesAreSeenAfterAwait() throws Exception {
    try (PartnerThread partner = new PartnerThread("partner-test-order")) {
      handsOverAndBack(partner);
    }
  }

  /** One processor: neither thread spins, so every hand-over and hand-back goes through a park. */
  @Test
  void handsOverAndBackThroughParksAlone() throws Exception {
    try (PartnerThread partner = new PartnerThread("partner-test-order", 1)) {
      handsOverAndBack(partner);
    }
  }

  /**
   * Lanes far outnumbering the processors: a virtual partner for a virtual lane, neither spinning.
   */
  @Test
  void handsOverAndBackBetweenVirtualThreads() throws Exception {
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread lane =
        Thread.ofVirtual()
            .uncaughtExceptionHandler((t, e) -> failed.set(e))
            .start(
                () -> {
                  try (PartnerThread partner =
                      new PartnerThread("partner-test-order", new LaneThreads(true))) {
                    handsOverAndBack(partner);
                    partner.start(() -> assertTrue(Thread.currentThread().isVirtual()));
                    assertNull(partner.await());
                  } catch (Exception e) {
                    throw new AssertionError(e);
                  }
                });
    lane.join();
    assertNull(failed.get());
  }

  private static void handsOverAndBack(PartnerThread partner) throws Exception {
    long[] written = new long[1];
    String[] ranOn = new String[1];
    for (int i = 1; i <= 10_000; i++) {
      long value = i;
      partner.start(
          () -> {
            written[0] = value; // a plain write: await must publish it
            ranOn[0] = Thread.currentThread().getName();
          });
      assertNull(partner.await());
      assertEquals(value, written[0]);
    }
    assertEquals("partner-test-order", ranOn[0]);
  }

  @Test
  void whatATaskThrowsIsGivenToItsCallerAndTheNextTaskRuns() throws Exception {
    try (PartnerThread partner = new PartnerThread("partner-test-failure")) {
      IllegalStateException thrown = new IllegalStateException("lost the server");
      partner.start(
          () -> {
            throw thrown;
          });
      assertSame(thrown, partner.await());
      boolean[] ran = new boolean[1];
      partner.start(() -> ran[0] = true);
      assertNull(partner.await(), "a failure is the task's own, not the next one's");
      assertTrue(ran[0]);
    }
  }

  @Test
  void anInterruptedCallerStopsWaitingAndANewTaskIsRefusedUntilTheOldOneEnds() throws Exception {
    try (PartnerThread partner = new PartnerThread("partner-test-interrupt")) {
      CountDownLatch release = new CountDownLatch(1);
      partner.start(
          () -> {
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      Thread.currentThread().interrupt();
      assertThrows(InterruptedException.class, partner::await);
      assertFalse(Thread.currentThread().isInterrupted(), "the interrupt became the exception");
      assertThrows(IllegalStateException.class, () -> partner.start(() -> {}));
      release.countDown();
      assertNull(partner.await());
      partner.start(() -> {});
      assertNull(partner.await());
    }
  }

  @Test
  void closeEndsTheThreadAndInterruptsATaskStillRunning() throws Exception {
    AtomicReference<Thread> thread = new AtomicReference<>();
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    PartnerThread partner = new PartnerThread("partner-test-close");
    partner.start(
        () -> {
          thread.set(Thread.currentThread());
          running.countDown();
          try {
            Thread.sleep(60_000);
          } catch (InterruptedException e) {
            interrupted.countDown();
          }
        });
    assertTrue(running.await(10, TimeUnit.SECONDS));
    partner.close();
    assertTrue(interrupted.await(10, TimeUnit.SECONDS), "close interrupts the running task");
    thread.get().join(10_000);
    assertFalse(thread.get().isAlive(), "the partner's thread ends after close");
  }

  @Test
  void aFlagATaskLeftSetDoesNotReachTheNextTask() throws Exception {
    try (PartnerThread partner = new PartnerThread("partner-test-flag")) {
      partner.start(() -> Thread.currentThread().interrupt());
      assertNull(partner.await());
      boolean[] interrupted = {true};
      partner.start(() -> interrupted[0] = Thread.currentThread().isInterrupted());
      assertNull(partner.await());
      assertFalse(interrupted[0]);
    }
  }

  @Test
  void anErrorIsGivenToTheCallerToo() throws Exception {
    try (PartnerThread partner = new PartnerThread("partner-test-error")) {
      StackOverflowError thrown = new StackOverflowError("deep");
      partner.start(
          () -> {
            throw thrown;
          });
      assertSame(thrown, partner.await());
    }
  }

  @Test
  void aCallerThatDidNotWaitGetsNoWakeUpLeftForItsNextPark() throws Exception {
    java.util.concurrent.locks.LockSupport.parkNanos(1); // a permit an earlier test left
    try (PartnerThread partner = new PartnerThread("partner-test-permit")) {
      for (int i = 0; i < 3; i++) {
        partner.start(() -> {});
        long busyUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
        while (System.nanoTime() < busyUntil) {
          Thread.onSpinWait(); // the partner is done long before: the caller never parks
        }
        assertNull(partner.await());
        long before = System.nanoTime();
        java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        // a permit left by the partner would end this park at once (a reconnect's back-off)
        assertTrue(System.nanoTime() - before >= TimeUnit.MILLISECONDS.toNanos(90));
      }
    }
  }

  @Test
  void aClosedPartnerTakesNoTask() {
    PartnerThread partner = new PartnerThread("partner-test-closed");
    partner.close();
    assertThrows(IllegalStateException.class, () -> partner.start(() -> {}));
  }
}
