package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ParallelTest {

  @Test
  void outcomesComeInItemOrderWithEachFailureInItsPlace() {
    List<Parallel.Outcome<String>> out =
        Parallel.each(
            List.of(30, 0, 10),
            ms -> {
              if (ms == 0) {
                throw new SQLException("refused");
              }
              Thread.sleep(ms); // the last item ends before the first
              return "slept " + ms;
            });
    assertThat(out)
        .extracting(Parallel.Outcome::value)
        .containsExactly("slept 30", null, "slept 10");
    assertThat(out.get(1).failure()).isInstanceOf(SQLException.class).hasMessage("refused");
    assertThat(Parallel.values(out)).containsExactly("slept 30", "slept 10");
    assertThat(Parallel.firstFailure(out)).isSameAs(out.get(1).failure());
  }

  @Test
  void everyTaskHasEndedWhenItReturnsEvenAfterAnotherFailed() {
    AtomicBoolean slowEnded = new AtomicBoolean();
    List<Parallel.Outcome<Integer>> out =
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
    assertThat(Parallel.values(out)).containsExactly(2);
  }

  @Test
  void anInterruptedCallerGetsWhatOpenedAndInterruptedFailures() throws Exception {
    CountDownLatch fastDone = new CountDownLatch(1);
    CountDownLatch slowStarted = new CountDownLatch(1);
    List<List<Parallel.Outcome<String>>> result = new java.util.ArrayList<>();
    AtomicBoolean stillInterrupted = new AtomicBoolean();
    Thread caller =
        Thread.ofPlatform()
            .start(
                () -> {
                  result.add(
                      Parallel.each(
                          List.of("fast", "slow"),
                          s -> {
                            if (s.equals("fast")) {
                              fastDone.countDown();
                              return "opened";
                            }
                            slowStarted.countDown();
                            Thread.sleep(60_000); // ended by the interrupt
                            return "never";
                          }));
                  stillInterrupted.set(Thread.currentThread().isInterrupted());
                });
    assertThat(fastDone.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
    caller.interrupt();
    caller.join(10_000);
    assertThat(caller.isAlive()).isFalse();
    List<Parallel.Outcome<String>> out = result.get(0);
    assertThat(Parallel.values(out)).containsExactly("opened");
    assertThat(out.get(1).failure()).isInstanceOf(InterruptedException.class);
    assertThat(stillInterrupted).isTrue();
  }

  @Test
  void uncheckedFailuresAreThrownAsTheyAreOthersAreLeftToTheCaller() {
    IllegalStateException ise = new IllegalStateException("x");
    assertThatThrownBy(() -> Parallel.throwIfUnchecked(ise)).isSameAs(ise);
    AssertionError err = new AssertionError("y");
    assertThatThrownBy(() -> Parallel.throwIfUnchecked(err)).isSameAs(err);
    Parallel.throwIfUnchecked(new SQLException("checked")); // returns
    Parallel.throwIfUnchecked(null); // returns
  }
}
