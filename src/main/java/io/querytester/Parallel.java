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
 * Interrupted, the caller keeps its interrupt status and every task that did not succeed fails with
 * an {@link InterruptedException} (whatever the interrupt made it throw is its cause).
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

  public static <T, R> List<Outcome<R>> each(List<T> items, Task<T, R> task) {
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
    return outcomes;
  }

  /** The values of the tasks that succeeded, in order. */
  public static <R> List<R> values(List<Outcome<R>> outcomes) {
    List<R> values = new ArrayList<>(outcomes.size());
    for (Outcome<R> o : outcomes) {
      if (o.ok()) {
        values.add(o.value());
      }
    }
    return values;
  }

  /** The first failure in item order, or null. */
  public static Throwable firstFailure(List<? extends Outcome<?>> outcomes) {
    for (Outcome<?> o : outcomes) {
      if (!o.ok()) {
        return o.failure();
      }
    }
    return null;
  }

  /**
   * Throws {@code failure} as it is when it needs no wrapping (unchecked); returns otherwise, so
   * the caller wraps it with what the user needs to know.
   */
  public static void throwIfUnchecked(Throwable failure) {
    if (failure instanceof RuntimeException r) {
      throw r;
    }
    if (failure instanceof Error e) {
      throw e;
    }
  }

  private static InterruptedException interrupted(Throwable cause) {
    InterruptedException e = new InterruptedException("interrupted");
    e.initCause(cause);
    return e;
  }
}
