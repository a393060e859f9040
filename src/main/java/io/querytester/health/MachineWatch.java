package io.querytester.health;

import io.querytester.run.MachineLoad;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Watches the machine this tool runs on while latencies are measured: every {@link #PERIOD}, the
 * processors' time by state and the runnable tasks (/proc/stat), and the processor time of this
 * process and of each server it started. A latency measured while every processor was busy includes
 * the wait for one; the report says when the verdicts were taken on such a machine.
 *
 * <p>Linux only: where /proc/stat cannot be read it watches nothing and {@link #stop()} gives null.
 * One platform thread that sleeps between readings; it never touches a server.
 */
public final class MachineWatch {
  static final Duration PERIOD = Duration.ofMillis(250);

  private final Path stat;
  private final Map<String, LongSupplier> servers;
  private final Thread thread;
  private final Map<String, ServerCpu> serverCpu = new LinkedHashMap<>();
  private final ProcStat first;
  private final long startNanos = System.nanoTime();
  private final double toolCpuAtStart;
  private volatile boolean stopping;
  private boolean stopped;
  private MachineLoad result;
  private ProcStat last;
  private long readings;
  private long runnableSum;
  private int runnableMax;

  /** A server's processor time so far, across a restart (a new process id starts from zero). */
  private static final class ServerCpu {
    long pid = -1;
    double atStart;
    double total;
  }

  private MachineWatch(Path proc, Map<String, LongSupplier> servers, ProcStat first) {
    this.stat = proc.resolve("stat");
    this.servers = servers;
    this.first = first;
    this.last = first;
    this.toolCpuAtStart = cpuSeconds(ProcessHandle.current().pid());
    servers.forEach((label, pid) -> serverCpu.put(label, new ServerCpu()));
    readServers();
    this.thread = Thread.ofPlatform().daemon().name("machine-watch").unstarted(this::watch);
  }

  /** Starts watching, the servers being the targets this tool started. */
  public static MachineWatch start(List<Target> targets) {
    Map<String, LongSupplier> pids = new LinkedHashMap<>();
    for (Target t : targets) {
      if (t instanceof EmbeddedTarget e) {
        pids.put(t.label(), () -> e.server().pid());
      }
    }
    return start(Path.of("/proc"), pids);
  }

  /**
   * Starts watching, reading {@code proc}/stat.
   *
   * @param servers each server's label and a way to its process id (-1 while it has none)
   */
  static MachineWatch start(Path proc, Map<String, LongSupplier> servers) {
    ProcStat first = read(proc.resolve("stat"));
    MachineWatch w = new MachineWatch(proc, servers, first);
    if (first != null) {
      w.thread.start();
    }
    return w;
  }

  private void watch() {
    while (!stopping) {
      try {
        Thread.sleep(PERIOD);
      } catch (InterruptedException e) {
        return; // stop() reads what was seen
      }
      sample();
    }
  }

  private synchronized void sample() {
    ProcStat now = read(stat);
    if (now == null) {
      return;
    }
    last = now;
    int others = Math.max(0, now.running() - 1); // this reader was running while it read
    readings++;
    runnableSum += others;
    runnableMax = Math.max(runnableMax, others);
    readServers();
  }

  private void readServers() {
    servers.forEach(
        (label, pid) -> {
          ServerCpu c = serverCpu.get(label);
          long id = pid.getAsLong();
          if (id <= 0) {
            return;
          }
          double cpu = cpuSeconds(id);
          if (Double.isNaN(cpu)) {
            return; // gone (a crash): what it used until its last reading stays counted
          }
          if (id != c.pid) {
            // the first reading, or a restarted server: a new process counts from its start
            c.atStart = c.pid == -1 ? cpu : 0;
            c.pid = id;
          }
          c.total = Math.max(c.total, cpu - c.atStart);
        });
  }

  /**
   * Stops watching, after one last reading; the load over the whole watch, null where /proc/stat
   * could not be read. Called again, gives the same.
   */
  public MachineLoad stop() {
    synchronized (this) {
      if (stopped) {
        return result;
      }
      stopped = true;
    }
    stopping = true;
    thread.interrupt();
    try {
      thread.join(PERIOD.toMillis() * 4);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (first == null) {
      return null;
    }
    sample();
    synchronized (this) {
      result = load();
      return result;
    }
  }

  private MachineLoad load() {
    long ticks = Math.max(1, last.total() - first.total());
    double busy = 1 - (double) (last.idle() - first.idle()) / ticks;
    double steal = (double) (last.steal() - first.steal()) / ticks;
    Map<String, Double> cpu = new LinkedHashMap<>();
    serverCpu.forEach((label, c) -> cpu.put(label, round(c.total)));
    return new MachineLoad(
        last.processors(),
        round((System.nanoTime() - startNanos) / 1e9),
        round(Math.max(0, busy)),
        round(Math.max(0, steal)),
        readings == 0 ? 0 : round((double) runnableSum / readings),
        runnableMax,
        round(Math.max(0, cpuSeconds(ProcessHandle.current().pid()) - toolCpuAtStart)),
        cpu);
  }

  private static ProcStat read(Path stat) {
    try {
      return ProcStat.parse(Files.readString(stat));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** A process's processor time, user and system; NaN when it is gone or cannot be read. */
  private static double cpuSeconds(long pid) {
    Optional<Duration> cpu = ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration());
    return cpu.map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
