package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ParallelTest {

  @Test
  void outcomesComeInItemOrderWithEachFailureInItsPlace() {
    Parallel.Results<String> r =
        Parallel.each(
            List.of(30, 0, 10),
            ms -> {
              if (ms == 0) {
                throw new SQLException("refused");
              }
              Thread.sleep(ms); // the last item ends before the first
              return "slept " + ms;
            });
    List<Parallel.Outcome<String>> out = r.each();
    assertThat(out)
        .extracting(Parallel.Outcome::value)
        .containsExactly("slept 30", null, "slept 10");
    assertThat(out.get(1).failure()).isInstanceOf(SQLException.class).hasMessage("refused");
    assertThat(r.values()).containsExactly("slept 30", "slept 10");
    assertThat(r.failure()).isSameAs(out.get(1).failure());
    assertThat(r.interrupted()).isFalse();
  }

  @Test
  void everyTaskHasEndedWhenItReturnsEvenAfterAnotherFailed() {
    AtomicBoolean slowEnded = new AtomicBoolean();
    Parallel.Results<Integer> out =
        Parallel.each(
            List.of(1, 2),
            i -> {
              if (i == 1) {
                throw new IllegalStateException("at once");
              }
              Thread.sleep(200);
              slowEnded.set(true);
              return i;
            });
    assertThat(slowEnded).isTrue();
    assertThat(out.values()).containsExactly(2);
    assertThat(out.failure()).hasMessage("at once");
  }

  @Test
  void anInterruptedCallerGetsWhatOpenedAndTheFailuresAsInterruptions() throws Exception {
    Parallel.Results<String> r =
        interruptedWhile(
            List.of("fast", "slow"),
            s -> {
              if (s.equals("fast")) {
                return "opened";
              }
              try {
                Thread.sleep(60_000); // ended by the interrupt
              } catch (InterruptedException e) {
                throw new SQLException("closed"); // as a driver would say it
              }
              return "never";
            });
    assertThat(r.interrupted()).isTrue();
    assertThat(r.values()).containsExactly("opened");
    assertThat(r.each().get(1).failure())
        .isInstanceOf(InterruptedException.class)
        .hasCauseInstanceOf(SQLException.class);
    assertThat(r.failure()).isInstanceOf(InterruptedException.class);
  }

  @Test
  void anInterruptionFailsTheCallEvenWhenEveryTaskEndedWell() throws Exception {
    Parallel.Results<String> r =
        interruptedWhile(
            List.of("slow"),
            s -> {
              long end = System.nanoTime() + 300_000_000L;
              while (System.nanoTime() < end) {
                Thread.onSpinWait(); // does not notice the interrupt, ends well
              }
              return "done";
            });
    assertThat(r.values()).containsExactly("done");
    assertThat(r.failure()).isInstanceOf(InterruptedException.class);
  }

  /**
   * Runs {@code each} on a thread interrupted once every task has started; the caller's interrupt
   * status must survive.
   */
  private static Parallel.Results<String> interruptedWhile(
      List<String> items, Parallel.Task<String, String> task) throws Exception {
    CountDownLatch started = new CountDownLatch(items.size());
    AtomicReference<Parallel.Results<String>> result = new AtomicReference<>();
    AtomicBoolean stillInterrupted = new AtomicBoolean();
    Thread caller =
        Thread.ofPlatform()
            .start(
                () -> {
                  result.set(
                      Parallel.each(
                          items,
                          s -> {
                            started.countDown();
                            return task.run(s);
                          }));
                  stillInterrupted.set(Thread.currentThread().isInterrupted());
                });
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    caller.interrupt();
    caller.join(10_000);
    assertThat(caller.isAlive()).isFalse();
    assertThat(stillInterrupted).isTrue();
    return result.get();
  }
}
