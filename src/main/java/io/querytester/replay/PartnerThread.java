package io.querytester.replay;

import java.util.concurrent.locks.LockSupport;

/**
 * One platform thread that runs, for one lane, the other side's half of each statement: handed one
 * task at a time, no queue. A statement is one hand-over and one hand-back, each a volatile write
 * and at most one unpark.
 *
 * <p>It replaced a one-thread {@code ThreadPoolExecutor}: its queue, future and condition code runs
 * under C1 without inlining (the launcher stops at C1 for a fast start), and per statement it cost
 * the lane and this thread together about 40 us of CPU (bench/replay, async-profiler, 1 connection
 * per side): a tenth of the tool's CPU, taken from the servers on two cores.
 */
final class PartnerThread implements AutoCloseable {
  private final Thread thread;

  /** The task handed over and not yet done; the partner clears it when it has run it. */
  private volatile Runnable task;

  /** The thread that handed the task over and waits for it. */
  private volatile Thread caller;

  /** What the last task threw, for its caller. */
  private volatile Throwable failure;

  private volatile boolean closed;

  /**
   * Starts the thread now: made on the main thread, a limit on threads fails the replay before it
   * starts rather than in the middle of it.
   */
  PartnerThread(String name) {
    this.thread = Thread.ofPlatform().daemon().name(name).start(this::loop);
  }

  /** Hands {@code work} over; the partner starts it at once. One task at a time. */
  void start(Runnable work) {
    if (task != null) {
      throw new IllegalStateException("the partner thread is still running a task");
    }
    failure = null;
    caller = Thread.currentThread();
    task = work;
    LockSupport.unpark(thread);
  }

  /**
   * Waits until the task handed over has run; what it wrote is then visible to the caller.
   *
   * @return what the task threw, or null
   * @throws InterruptedException when the caller is interrupted while it waits (the task goes on)
   */
  Throwable await() throws InterruptedException {
    while (task != null) {
      LockSupport.park(this);
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted while the partner thread runs a statement");
      }
    }
    return failure;
  }

  private void loop() {
    while (!closed) {
      Runnable work = task;
      if (work == null) {
        LockSupport.park(this);
        continue;
      }
      try {
        work.run();
      } catch (Throwable t) {
        failure = t;
      }
      Thread waiting = caller;
      task = null; // publishes the task's writes and failure to the caller's next read of it
      LockSupport.unpark(waiting);
    }
  }

  /** Ends the thread after the task it runs, if any; does not wait for it. */
  @Override
  public void close() {
    closed = true;
    thread.interrupt(); // as the executor's shutdownNow did: a blocked statement may see it
    LockSupport.unpark(thread);
  }
}
