package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.querytester.run.MachineLoad;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineWatchTest {
  @TempDir Path proc;

  /** /proc/stat of a 2-processor machine, as Linux 6 writes it (guest columns last). */
  private static String stat(long user, long idle, long iowait, long steal, int running) {
    return "cpu  "
        + user
        + " 0 100 "
        + idle
        + " "
        + iowait
        + " 0 5 "
        + steal
        + " 0 0\n"
        + "cpu0 1 0 1 1 0 0 0 0 0 0\n"
        + "cpu1 1 0 1 1 0 0 0 0 0 0\n"
        + "intr 12345 0 0\n"
        + "ctxt 99\n"
        + "procs_running "
        + running
        + "\nprocs_blocked 0\n";
  }

  @Test
  void aReadingOfProcStatHasTheProcessorsTimeAndTheRunnableTasks() {
    ProcStat s = ProcStat.parse(stat(1000, 5000, 200, 30, 3));
    assertThat(s.total()).isEqualTo(1000 + 100 + 5000 + 200 + 5 + 30);
    assertThat(s.idle()).isEqualTo(5200);
    assertThat(s.steal()).isEqualTo(30);
    assertThat(s.processors()).isEqualTo(2);
    assertThat(s.running()).isEqualTo(3);
    assertThat(ProcStat.parse("not a stat file")).isNull();
  }

  @Test
  void theLoadIsWhatChangedBetweenTheFirstAndTheLastReading() throws Exception {
    Files.writeString(proc.resolve("stat"), stat(1000, 5000, 0, 0, 1));
    LongSupplier noServer = () -> -1;
    MachineWatch w = MachineWatch.start(proc, Map.of("OLD", noServer));
    // 400 ticks later: 300 busy (of which 40 stolen), 100 idle, 6 tasks runnable besides the reader
    Files.writeString(proc.resolve("stat"), stat(1260, 5100, 0, 40, 7));
    MachineLoad load = w.stop();
    assertThat(load.processors()).isEqualTo(2);
    assertThat(load.busy()).isCloseTo(0.75, within(0.001));
    assertThat(load.steal()).isCloseTo(0.1, within(0.001));
    assertThat(load.runQueueMax()).isEqualTo(6);
    assertThat(load.saturated()).isTrue();
    assertThat(load.serverCpuSeconds()).containsEntry("OLD", 0.0);
    assertThat(w.stop()).as("stopping again gives the same").isSameAs(load);
  }

  @Test
  void withoutProcStatNothingIsWatched() {
    assertThat(MachineWatch.start(proc.resolve("absent"), Map.of()).stop()).isNull();
  }

  @Test
  void aMachineWithIdleProcessorsAndFewTasksIsNotSaturated() {
    MachineLoad quiet = new MachineLoad(2, 10, 0.6, 0, 1.4, 3, 2.0, Map.of("OLD", 3.0, "NEW", 4.0));
    assertThat(quiet.saturated()).isFalse();
    assertThat(quiet.othersCpuSeconds()).isCloseTo(3.0, within(1e-9));
    assertThat(new MachineLoad(2, 10, 0.6, 0, 2.5, 3, 2.0, Map.of()).saturated())
        .as("more runnable tasks than processors")
        .isTrue();
  }
}
