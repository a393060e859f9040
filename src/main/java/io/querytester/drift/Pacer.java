package io.querytester.drift;

import java.time.Clock;
import java.time.Duration;

/** Time for waiting loops: a clock to measure and a way to sleep, both replaceable in tests. */
interface Pacer {
  Clock clock();

  void sleep(Duration d) throws InterruptedException;

  static Pacer system() {
    Clock clock = Clock.systemUTC();
    return new Pacer() {
      @Override
      public Clock clock() {
        return clock;
      }

      @Override
      public void sleep(Duration d) throws InterruptedException {
        Thread.sleep(d);
      }
    };
  }
}
