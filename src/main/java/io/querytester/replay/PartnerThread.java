package io.querytester.replay;

import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread (of the lanes' kind, {@link LaneThreads}) that runs, for one lane, the other side's
 * half of each statement: handed one task at a time, no queue. A statement is one hand-over and one
 * hand-back, each a volatile write, and an unpark only for a thread that is parked waiting for it.
 * Either thread may spin a little before it parks ({@link SpinPolicy}): at one connection per side,
 * the kernel's wake-up of a parked thread was on every statement's critical path.
 *
 * <p>It replaced a one-thread {@code ThreadPoolExecutor}, whose queue, future and condition code
 * runs under C1 without inlining (the launcher stops at C1 for a fast start). An unpark is only
 * sent to a thread that said it waits: a permit left over would cut the lane's next timed park
 * short (a back-off before reconnecting, the wait for a statement's captured time).
 */
final class PartnerThread implements AutoCloseable {
  private final Thread thread;

  /** The task handed over and not yet done; the partner clears it when it has run it. */
  private volatile Runnable task;

  /** The thread that handed the task over. */
  private volatile Thread caller;

  /** What the last task threw, for its caller. */
  private volatile Throwable failure;

  /** The caller is parked, or about to park, until {@link #task} is cleared. */
  private volatile boolean callerWaits;

  /** The partner is parked, or about to park, until a task comes. */
  private volatile boolean partnerWaits;

  private volatile boolean closed;

  /** The partner's, before it parks for want of a task. */
  private final SpinPolicy taskSpin;

  /** The caller's, before it parks until its task has run. */
  private final SpinPolicy endSpin;

  /** The partner's loop has ended: a task handed over now will never run. */
  private volatile boolean ended;

  /**
   * Starts the thread now: made on the main thread, a limit on threads fails the replay before it
   * starts rather than in the middle of it.
   */
  PartnerThread(String name) {
    this(name, new LaneThreads(false));
  }

  /** With {@code processors} 1 neither thread ever spins: each wait parks. */
  PartnerThread(String name, int processors) {
    this(name, new LaneThreads(false), processors);
  }

  /** A thread of the lanes' kind; a virtual one never spins. */
  PartnerThread(String name, LaneThreads threads) {
    this(name, threads, threads.spinProcessors());
  }

  private PartnerThread(String name, LaneThreads threads, int processors) {
    this.taskSpin = new SpinPolicy(processors, SpinPolicy.TASK_NANOS);
    this.endSpin = new SpinPolicy(processors, SpinPolicy.END_NANOS);
    this.thread = threads.start(name, true, this::loop);
  }

  /**
   * Hands {@code work} over; the partner starts it at once. One task at a time.
   *
   * @throws IllegalStateException when the last task is still running, or after {@link #close}
   */
  void start(Runnable work) {
    if (closed || ended) {
      throw new IllegalStateException("the partner thread is closed");
    }
    if (task != null) {
      throw new IllegalStateException("the partner thread is still running a task");
    }
    failure = null;
    caller = Thread.currentThread();
    task = work;
    if (partnerWaits) {
      LockSupport.unpark(thread);
    }
  }

  /**
   * Waits until the task handed over has run; what it wrote is then visible to the caller.
   *
   * @return what the task threw, a {@link CancellationException} when the partner ended before it
   *     ran the task, or null
   * @throws InterruptedException when the caller is interrupted while it waits (the task goes on)
   */
  Throwable await() throws InterruptedException {
    if (task != null && endSpin.spin()) {
      long end = System.nanoTime() + endSpin.nanos();
      while (task != null && !ended && System.nanoTime() - end < 0) {
        Thread.onSpinWait();
      }
      endSpin.spun(task == null);
    }
    return parkUntilRun();
  }

  /**
   * Like {@link #await}, for a task that takes milliseconds (a connect): without the spin first,
   * which its end would never meet and which must not teach the statements' hand-back not to spin;
   * and through an interrupt, which is kept for the caller, so that nothing the task writes comes
   * after the caller has gone on.
   */
  Throwable awaitUninterruptibly() {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return parkUntilRun();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private Throwable parkUntilRun() throws InterruptedException {
    try {
      while (task != null) {
        callerWaits = true; // written before task is read again: the partner sees one or the other
        if (task == null) {
          break;
        }
        if (ended) {
          task = null;
          return new CancellationException("the partner thread ended before it ran the statement");
        }
        LockSupport.park(this);
        if (Thread.interrupted()) {
          throw new InterruptedException("interrupted while the partner thread runs a statement");
        }
      }
    } finally {
      callerWaits = false;
    }
    return failure;
  }

  /** The task handed over within a spin's time, or null. */
  private Runnable spinForTask() {
    long end = System.nanoTime() + taskSpin.nanos();
    Runnable work;
    while ((work = task) == null && !closed && System.nanoTime() - end < 0) {
      Thread.onSpinWait();
    }
    return work;
  }

  private void loop() {
    try {
      while (!closed) {
        Runnable work = task;
        if (work == null && taskSpin.spin()) {
          work = spinForTask();
          taskSpin.spun(work != null);
        }
        if (work == null) {
          partnerWaits = true;
          if (task == null && !closed) {
            Thread.interrupted(); // a flag a task left set would make every park return at once
            LockSupport.park(this);
          }
          partnerWaits = false;
          continue;
        }
        try {
          work.run();
        } catch (Throwable t) {
          failure = t;
        }
        if (!closed) {
          Thread.interrupted(); // the next task starts without a flag this one left set
        }
        task = null; // publishes the task's writes and failure to the caller's next read of it
        if (callerWaits) {
          LockSupport.unpark(caller);
        }
      }
    } finally {
      ended = true;
      if (callerWaits) {
        LockSupport.unpark(caller); // a caller still waiting sees the end
      }
    }
  }

  /**
   * Ends the thread once the task it runs, if any, has ended (that task is interrupted, as an
   * executor's shutdownNow did); a task handed over and not yet started is not run, and its caller
   * is told so. Does not wait.
   */
  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    LockSupport.unpark(thread);
  }
}
