package io.querytester.replay;

import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.workload.StatementKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes the lanes' executions to the log on a thread of its own. Encoding a line and the system
 * call that writes it took a tenth of a lane's time at one connection per side (bench/replay), time
 * in which the lane's next statement waited; now the lane hands the execution over and goes on.
 * What is waiting when the writer looks goes out in one system call. The queue is bounded, so a
 * slow disk slows the lanes rather than filling the heap. A write that fails (a full disk) stops
 * the replay with the file's name and the system's reason; whatever comes after is dropped, so that
 * no lane blocks on a queue nobody empties. A killed tool loses the lines still queued (at most
 * {@link #CAPACITY}): {@code --resume} runs those events again.
 */
final class LogWriter implements AutoCloseable {
  static final int CAPACITY = 1024;
  private static final int BATCH = 256;

  /**
   * The writer looks at the queue this often instead of waiting on it: a lane that woke it on every
   * execution paid a context switch for it on a busy 2-core machine (6% of a lane's time at one
   * connection per side, as much as the write it saved).
   */
  private static final long POLL_MILLIS = 5;

  private static final Execution END =
      Execution.skipped(-1, 0, "", StatementKind.READ, "end of the replay");

  private final ExecutionLog log;
  private final ReplayAbort abort;
  private final BlockingQueue<Execution> queue = new ArrayBlockingQueue<>(CAPACITY);
  private final Thread thread;
  private boolean closed;

  LogWriter(ExecutionLog log, ReplayAbort abort) {
    this.log = log;
    this.abort = abort;
    this.thread = Thread.ofPlatform().daemon().name("querytester-log-writer").start(this::run);
  }

  /** Queues an execution; waits while the queue is full. */
  void add(Execution e) throws InterruptedException {
    queue.put(e);
  }

  private void run() {
    List<Execution> batch = new ArrayList<>(BATCH);
    boolean failed = false;
    try {
      while (true) {
        if (queue.drainTo(batch, BATCH) == 0) {
          Thread.sleep(POLL_MILLIS);
          continue;
        }
        boolean end = batch.getLast() == END;
        if (end) {
          batch.removeLast();
        }
        if (!failed && !batch.isEmpty()) {
          failed = !write(batch);
        }
        batch.clear();
        if (end) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private boolean write(List<Execution> batch) {
    try {
      log.write(batch);
      return true;
    } catch (IOException e) {
      abort.abort("cannot write " + log.file() + ": " + e.getMessage());
      return false;
    }
  }

  /** Writes what is queued and stops the thread. Safe to call twice. */
  @Override
  public void close() throws InterruptedException {
    if (end()) {
      thread.join();
    }
  }

  /** As {@link #close()}, waiting at most {@code seconds}: Ctrl-C must not hang on a dead disk. */
  void close(long seconds) throws InterruptedException {
    if (end()) {
      thread.join(TimeUnit.SECONDS.toMillis(seconds));
    }
  }

  private boolean end() throws InterruptedException {
    synchronized (this) {
      if (closed) {
        return false;
      }
      closed = true;
    }
    queue.put(END);
    return true;
  }
}
