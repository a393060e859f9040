package io.querytester.capture;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.Eta;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs one capture: source, filters, workload file, progress line, limits and Ctrl-C.
 *
 * <p>However the capture ends (end of input, a limit, Ctrl-C, a lost connection) the workload file
 * is closed with its footer, so it is complete and valid with everything captured so far.
 */
public final class Capture {
  private static final Duration HOOK_WAIT = Duration.ofSeconds(10);

  private final CaptureSource source;
  private final CaptureSettings settings;
  private final PrintWriter err;

  private Capture(CaptureSource source, CaptureSettings settings, PrintWriter err) {
    this.source = source;
    this.settings = settings;
    this.err = err;
  }

  /** Captures from {@code source} into {@code settings.out()}; warnings and progress go to err. */
  public static CaptureSummary run(CaptureSource source, CaptureSettings settings, PrintWriter err)
      throws IOException {
    return new Capture(source, settings, err).run();
  }

  private CaptureSummary run() throws IOException {
    long started = System.nanoTime();
    WorkloadHeader header =
        WorkloadHeader.of(source.kind(), source.serverVersion(), settings.clock().instant())
            .withFilters(settings.describe())
            .withOrder(source.order());
    WorkloadWriter writer = WorkloadWriter.create(settings.out(), header);
    Pipeline pipeline =
        new Pipeline(writer, settings.filter(), settings.maxEvents(), settings.keepSecrets(), err);
    CountDownLatch done = new CountDownLatch(1);
    Thread hook = new Thread(() -> onCtrlC(pipeline, writer, done), "capture-ctrl-c");
    Runtime.getRuntime().addShutdownHook(hook);
    Thread ticker = Thread.ofVirtual().start(() -> tick(pipeline, started));
    String failure = null;
    try {
      source.run(pipeline);
    } catch (BadInputException | CannotRunException e) {
      // The source is unusable as configured: the user must act, the file stays empty but valid.
      failure = e.getMessage();
      throw e;
    } catch (Exception e) {
      failure = describe(e);
      pipeline.warn("capture from " + source.kind() + " ended early: " + failure);
    } finally {
      if (failure != null) {
        pipeline.stop(failure);
      }
      ticker.interrupt();
      source.close();
      try {
        pipeline.drain();
      } finally {
        // A limit the writer reached while draining names the end; else the input ended.
        pipeline.stop("end of input");
        writer.close(
            settings.clock().instant(),
            footer(pipeline),
            source.coverage(),
            source.startPosition(),
            source.endPosition());
        done.countDown();
        removeHook(hook);
      }
    }
    return new CaptureSummary(
        settings.out(),
        pipeline.read(),
        pipeline.written(),
        pipeline.filtered(),
        pipeline.skipped(),
        pipeline.counters(),
        pipeline.classes(),
        pipeline.templates(),
        Duration.ofNanos(System.nanoTime() - started),
        pipeline.stopReason(),
        source.report(),
        pipeline.warnings(),
        source.coverage());
  }

  /** Enforces the time limit and prints a progress line every so often while events flow. */
  private void tick(Pipeline pipeline, long started) {
    Duration every = settings.progressEvery();
    long deadline =
        settings.duration() == null ? Long.MAX_VALUE : started + settings.duration().toNanos();
    long nextProgress = every == null ? Long.MAX_VALUE : started + every.toNanos();
    long lastRead = 0;
    long lastAt = started;
    long lastPrinted = started;
    try {
      while (true) {
        Thread.sleep(50);
        pipeline.flushIfIdle();
        if (pipeline.stopping()) {
          // The writer reached --max-events: wake a source that waits for events to see it.
          source.stop();
          return;
        }
        long now = System.nanoTime();
        if (now >= deadline) {
          pipeline.stop("--duration");
          source.stop();
          return;
        }
        if (now >= nextProgress) {
          long read = pipeline.read();
          // Only when useful: something happened, or a live source has been quiet for a while.
          if (read != lastRead || now - lastPrinted > 10 * every.toNanos()) {
            double rate = (read - lastRead) / ((now - lastAt) / 1e9);
            err.printf(
                "capture: %,d events read, %,d written, %,d classes, %,.0f events/s%s%s%n",
                read,
                pipeline.written(),
                pipeline.classes(),
                rate,
                pipeline.skippedTotal() > 0 ? ", " + pipeline.skippedTotal() + " skipped" : "",
                done(source.fractionRead(), now - started));
            err.flush();
            lastPrinted = now;
          }
          lastRead = read;
          lastAt = now;
          nextProgress = now + every.toNanos();
        }
      }
    } catch (InterruptedException e) {
      // The capture is over.
    }
  }

  /** ", 42%, ETA 0m12s" for a source that knows its end; the ETA from the pace so far. */
  static String done(double fraction, long elapsedNanos) {
    if (Double.isNaN(fraction)) {
      return "";
    }
    String pct = String.format(Locale.ROOT, ", %.0f%%", fraction * 100);
    if (fraction <= 0 || fraction >= 1) {
      return pct;
    }
    long left = (long) (elapsedNanos / 1e9 * (1 - fraction) / fraction);
    return pct + ", ETA " + Eta.format(left);
  }

  /** Ctrl-C: stop the source, let the capture close the file; close it ourselves if it hangs. */
  private void onCtrlC(Pipeline pipeline, WorkloadWriter writer, CountDownLatch done) {
    pipeline.stop("Ctrl-C");
    source.stop();
    try {
      if (!done.await(HOOK_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        writer.close(settings.clock().instant(), footer(pipeline));
      }
    } catch (InterruptedException | IOException e) {
      // The JVM is going down; the reader tolerates a file without footer.
    }
  }

  private static Map<String, Long> footer(Pipeline pipeline) {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("read", pipeline.read());
    counts.put("written", pipeline.written());
    counts.put("skipped", pipeline.skippedTotal());
    counts.put("templates", pipeline.templates());
    pipeline.counters().forEach(counts::put);
    return counts;
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook is running, which is fine.
    }
  }

  private static String describe(Exception e) {
    if (e instanceof java.sql.SQLException s) {
      return "the connection was lost or refused: " + CannotRunException.sqlError(s);
    }
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
  }
}
