package io.querytester.order;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * An event's ticket and what it waits for before it may run. The lane that runs the event calls
 * {@link #awaitTurn} first and {@link Ticket#complete} after; the replay's lock watch may {@link
 * #relax} a step whose wait a server's lock crosses.
 */
public final class Step {
  private static final long RECHECK_NANOS = Ticket.millis(20);

  private final Ticket ticket;
  private final Ticket[] waitFor;
  private volatile boolean relaxed;
  private volatile Thread waiting;
  private volatile long waitingSince;

  Step(Ticket ticket, Ticket[] waitFor) {
    this.ticket = ticket;
    this.waitFor = waitFor;
  }

  public Ticket ticket() {
    return ticket;
  }

  /** Whether a ticket this step waits for is not done yet. */
  public boolean mustWait() {
    for (Ticket t : waitFor) {
      if (!t.isDone()) {
        return true;
      }
    }
    return false;
  }

  /** The tickets this step waits for that are not done yet. */
  public List<Ticket> pending() {
    return java.util.Arrays.stream(waitFor).filter(t -> !t.isDone()).toList();
  }

  /**
   * Waits until every ticket this step waits for is done, the step is relaxed, or {@code stop} says
   * so (checked every few milliseconds).
   *
   * @return false when it stopped waiting because of {@code stop}
   */
  public boolean awaitTurn(BooleanSupplier stop) {
    int i = 0;
    while (i < waitFor.length && waitFor[i].isDone()) {
      i++;
    }
    if (i == waitFor.length) {
      return true;
    }
    waitingSince = System.nanoTime();
    waiting = Thread.currentThread();
    try {
      for (; i < waitFor.length; i++) {
        while (!waitFor[i].isDone()) {
          if (relaxed) {
            return true;
          }
          if (stop.getAsBoolean()) {
            return false;
          }
          waitFor[i].awaitFor(RECHECK_NANOS);
        }
      }
      return true;
    } finally {
      waiting = null;
    }
  }

  /** Whether a thread waits in {@link #awaitTurn}, and since when (nanoTime); 0 when none. */
  public long waitingSince() {
    return waiting == null ? 0 : waitingSince;
  }

  /** Lets the step run now, whatever it still waits for. */
  public void relax() {
    relaxed = true;
    Thread t = waiting;
    if (t != null) {
      java.util.concurrent.locks.LockSupport.unpark(t);
    }
  }
}
