package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.ExecutionLogTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lanes' executions reach the log from the writer's thread: all of them, or a clean stop. */
class LogWriterTest {
  @TempDir Path dir;

  @Test
  void everyExecutionAddedIsWrittenByClose() throws Exception {
    List<Execution> all = ExecutionLogTest.sysbenchLike(5_000, 7);
    ReplayAbort abort = new ReplayAbort();
    try (ExecutionLog log = ExecutionLog.append(dir);
        ExecutorService lanes = Executors.newFixedThreadPool(4)) {
      LogWriter writer = new LogWriter(log, abort);
      List<Future<?>> adding = new ArrayList<>();
      for (int lane = 0; lane < 4; lane++) {
        List<Execution> share = all.subList(lane * 1_250, (lane + 1) * 1_250);
        adding.add(
            lanes.submit(
                () -> {
                  for (Execution e : share) {
                    writer.add(e);
                  }
                  return null;
                }));
      }
      for (Future<?> f : adding) {
        f.get();
      }
      writer.close();
      writer.close(); // twice is harmless
    }
    List<Execution> read = new ArrayList<>();
    ExecutionLog.read(dir, w -> {}).forEach(read::add);
    assertThat(read).containsExactlyInAnyOrderElementsOf(all);
    assertThat(abort.reason()).isNull();
  }

  @Test
  void closeFromTwoThreadsWritesEverythingAndLaterExecutionsAreDropped() throws Exception {
    List<Execution> all = ExecutionLogTest.sysbenchLike(3_000, 3);
    ReplayAbort abort = new ReplayAbort();
    try (ExecutionLog log = ExecutionLog.append(dir)) {
      LogWriter writer = new LogWriter(log, abort);
      for (Execution e : all.subList(0, 2_000)) {
        writer.add(e);
      }
      // Ctrl-C's hook and the main thread close at once: both return with everything written
      Thread hook = Thread.ofPlatform().start(() -> writer.close(5));
      writer.close();
      hook.join();
      List<Execution> read = new ArrayList<>();
      ExecutionLog.read(dir, w -> {}).forEach(read::add);
      assertThat(read).containsExactlyElementsOf(all.subList(0, 2_000));
      // a lane that finishes a statement after Ctrl-C: not written, and never blocked
      ExecutorService lane = Executors.newSingleThreadExecutor();
      Future<?> late =
          lane.submit(
              () -> {
                for (Execution e : all.subList(2_000, 3_000)) {
                  writer.add(e);
                }
                return null;
              });
      late.get(30, TimeUnit.SECONDS);
      lane.shutdown();
    }
    List<Execution> read = new ArrayList<>();
    ExecutionLog.read(dir, w -> {}).forEach(read::add);
    assertThat(read).hasSize(2_000);
    assertThat(abort.reason()).isNull();
  }

  @Test
  void aFailedWriteStopsTheReplayAndLaterExecutionsNeverBlock() throws Exception {
    ReplayAbort abort = new ReplayAbort();
    ExecutionLog log = ExecutionLog.append(dir);
    log.close(); // every write now fails, as on a disk that went away
    LogWriter writer = new LogWriter(log, abort);
    ExecutorService lane = Executors.newSingleThreadExecutor();
    // more than the queue holds: the writer must go on emptying it after the failure
    Future<?> adding =
        lane.submit(
            () -> {
              for (Execution e : ExecutionLogTest.sysbenchLike(LogWriter.CAPACITY * 3, 1)) {
                writer.add(e);
              }
              return null;
            });
    adding.get(30, TimeUnit.SECONDS);
    writer.close();
    lane.shutdown();
    assertThat(abort.reason()).startsWith("cannot write " + log.file());
  }
}
