package io.querytester.replay;

import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Writes the lanes' executions to the log on a thread of its own. Encoding a line and the system
 * call that writes it took a tenth of a lane's time at one connection per side (bench/replay), time
 * in which the lane's next statement waited; now the lane hands the execution over and goes on.
 * What is waiting when the writer looks (up to {@link #BATCH} executions) goes out in one write.
 *
 * <p>The queue is bounded, so a slow disk slows the lanes rather than filling the heap. A write
 * that fails (a full disk), or anything else that stops the writer, stops the replay with the
 * reason; from then on, and after {@link #close}, executions handed over are dropped rather than
 * left to block a lane. A killed tool loses what is queued and the batch being written (at most
 * {@link #CAPACITY} + {@link #BATCH} executions, in practice the last few milliseconds): {@code
 * --resume} runs those events again.
 */
final class LogWriter implements AutoCloseable {
  static final int CAPACITY = 1024;
  static final int BATCH = 256;

  /**
   * The writer looks at the queue this often instead of waiting on it: a lane that woke it on every
   * execution paid a context switch for it on a busy 2-core machine (6% of a lane's time at one
   * connection per side, as much as the write it saved).
   */
  private static final long POLL_MILLIS = 5;

  private final ExecutionLog log;
  private final ReplayAbort abort;
  private final Consumer<Execution> written;
  private final BlockingQueue<Execution> queue = new ArrayBlockingQueue<>(CAPACITY);
  private final Thread thread;
  private volatile boolean closing; // no more executions come: write what is queued and end
  private volatile boolean stopped; // the writer ended: drop what comes

  LogWriter(ExecutionLog log, ReplayAbort abort) {
    this(log, abort, e -> {});
  }

  /**
   * @param written given each execution once it is written, in the log's order, on the writer's
   *     thread
   */
  LogWriter(ExecutionLog log, ReplayAbort abort, Consumer<Execution> written) {
    this.log = log;
    this.abort = abort;
    this.written = written;
    this.thread = Thread.ofPlatform().daemon().name("querytester-log-writer").start(this::run);
  }

  /**
   * Queues an execution; waits while the queue is full and the writer is still writing. Dropped
   * after {@link #close} or once the writer stopped: the replay is ending then.
   */
  void add(Execution e) throws InterruptedException {
    while (!closing && !stopped) {
      if (queue.offer(e, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
        return;
      }
    }
  }

  private void run() {
    List<Execution> batch = new ArrayList<>(BATCH);
    try {
      while (true) {
        boolean last = closing; // read first: all that was added before is in the queue now
        if (queue.drainTo(batch, BATCH) > 0) {
          log.write(batch);
          batch.forEach(written);
          batch.clear();
        } else if (last) {
          return;
        } else {
          Thread.sleep(POLL_MILLIS);
        }
      }
    } catch (IOException e) {
      abort.abort("cannot write " + log.file() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      abort.abort("the execution log's writer failed: " + e);
    } finally {
      stopped = true;
    }
  }

  /** Writes what is queued and waits for the writer to end. Every caller waits. */
  @Override
  public void close() {
    close(0);
  }

  /**
   * As {@link #close()}, waiting at most {@code seconds} (0: no limit): Ctrl-C must not hang on a
   * disk that stopped answering.
   */
  void close(long seconds) {
    closing = true;
    try {
      thread.join(TimeUnit.SECONDS.toMillis(seconds));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
