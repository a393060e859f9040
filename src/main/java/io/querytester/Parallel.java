package io.querytester;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One task per item, all at once on virtual threads, each item's outcome given back in order: how
 * targets are started, checked, watched and opened side by side. Every task has ended when {@link
 * #each} returns, also when the caller was interrupted, so a caller can always close what did open.
 * Interrupted, the caller keeps its interrupt status, the tasks are interrupted, and the results
 * say so: {@link Results#failure()} is then an {@link InterruptedException} even if every task
 * ended well.
 */
public final class Parallel {
  private Parallel() {}

  /** The work for one item. */
  @FunctionalInterface
  public interface Task<T, R> {
    R run(T item) throws Exception;
  }

  /** What one task gave: its value, or the failure that ended it (then {@code value} is null). */
  public record Outcome<R>(R value, Throwable failure) {
    public boolean ok() {
      return failure == null;
    }
  }

  /**
   * Every item's outcome in item order.
   *
   * @param interrupted whether the caller was interrupted while the tasks ran; the failures of
   *     tasks are then {@link InterruptedException}s, with what the task threw as their cause
   */
  public record Results<R>(List<Outcome<R>> each, boolean interrupted) {
    /** The values of the tasks that succeeded, in order: what the caller must close on failure. */
    public List<R> values() {
      List<R> values = new ArrayList<>(each.size());
      for (Outcome<R> o : each) {
        if (o.ok()) {
          values.add(o.value());
        }
      }
      return values;
    }

    /** An interruption first, else the first task's failure in item order, else null. */
    public Throwable failure() {
      if (interrupted) {
        return new InterruptedException("interrupted");
      }
      for (Outcome<R> o : each) {
        if (!o.ok()) {
          return o.failure();
        }
      }
      return null;
    }
  }

  public static <T, R> Results<R> each(List<T> items, Task<T, R> task) {
    List<Future<R>> futures = new ArrayList<>(items.size());
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (T item : items) {
        futures.add(pool.submit(() -> task.run(item)));
      }
    } // close() waits for every task; interrupted, it interrupts them and still waits
    boolean interrupted = Thread.currentThread().isInterrupted();
    List<Outcome<R>> outcomes = new ArrayList<>(futures.size());
    for (Future<R> f : futures) {
      outcomes.add(
          switch (f.state()) {
            case SUCCESS -> new Outcome<>(f.resultNow(), null);
            case FAILED ->
                new Outcome<>(null, interrupted ? interrupted(f.exceptionNow()) : f.exceptionNow());
            default -> new Outcome<>(null, interrupted(new CancellationException()));
          });
    }
    return new Results<>(outcomes, interrupted);
  }

  private static InterruptedException interrupted(Throwable cause) {
    InterruptedException e = new InterruptedException("interrupted");
    e.initCause(cause);
    return e;
  }
}
