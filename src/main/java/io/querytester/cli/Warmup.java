package io.querytester.cli;

import io.querytester.health.HealthRecord;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.workload.WorkloadReader;
import java.util.List;
import java.util.Set;

/**
 * Initialises, on a second thread while picocli reads the command line, the classes a command that
 * connects to servers needs first: Connector/J's (their static initialisers take about 100 ms:
 * {@code Util}, the character set and time zone tables, the property definitions) and the JSON
 * mappings with the types read and written before the first statement. On a main thread that does
 * one thing after another, that was a tenth of a second of a replay's start to its first statement
 * (bench/replay, FirstStatementProbe). The command waits for it before it runs, so its own work
 * never meets a half-done warm-up; picocli's parse meanwhile touches picocli and the JDK's
 * reflection and conversions only.
 */
final class Warmup {
  /** The subcommands that connect to a server before they do anything else. */
  private static final Set<String> CONNECTING =
      Set.of("replay", "drift", "precheck", "bisect", "repro", "demo");

  /** Those of them that also read a workload and write a run folder before the first statement. */
  private static final Set<String> REPLAYING = Set.of("replay", "bisect", "repro", "demo");

  /**
   * The subcommands that begin by reading run folders: run.json's mapping took 0.1 s of a
   * 20,000-statement run's `report` (0.9 s in all) before it read anything else.
   */
  private static final Set<String> READING_RUNS = Set.of("report", "compare");

  private static final List<Class<?>> DRIVER_CLASSES =
      List.of(
          com.mysql.cj.jdbc.NonRegisteringDriver.class,
          com.mysql.cj.util.Util.class,
          com.mysql.cj.CharsetMapping.class,
          com.mysql.cj.util.TimeUtil.class,
          com.mysql.cj.conf.PropertyDefinitions.class,
          com.mysql.cj.protocol.a.NativeProtocol.class,
          com.mysql.cj.protocol.ExportControlled.class,
          com.mysql.cj.jdbc.ConnectionImpl.class);

  private final Thread thread;

  private Warmup(Thread thread) {
    this.thread = thread;
  }

  /** Starts the warm-up when {@code args} run a subcommand that has one, not its help. */
  static Warmup start(String... args) {
    if (!connects(args) && !readsRuns(args)) {
      return new Warmup(null);
    }
    String sub = args[0];
    return new Warmup(
        Thread.ofPlatform().daemon().name("querytester-warmup").start(() -> run(sub)));
  }

  /** Whether {@code args} run a subcommand that connects to a server, and not its help. */
  static boolean connects(String... args) {
    return runs(CONNECTING, args);
  }

  /** Whether {@code args} run a subcommand that reads run folders, and not its help. */
  static boolean readsRuns(String... args) {
    return runs(READING_RUNS, args);
  }

  private static boolean runs(Set<String> subcommands, String... args) {
    if (args.length == 0 || !subcommands.contains(args[0])) {
      return false;
    }
    for (String a : args) {
      if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
        return false;
      }
    }
    return true;
  }

  /** Waits until the warm-up has ended; a warm-up that failed leaves the work to the command. */
  void await() {
    if (thread == null) {
      return;
    }
    try {
      // static initialisers do no I/O: this ends within a second; the bound only guards a bug
      thread.join(java.time.Duration.ofSeconds(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The driver's classes for a command that connects; for a replay also the workload header's and
   * run.json's mappings (a drift waited 0.13 s for those, which it never uses); for one that reads
   * runs, run.json's and the health log's.
   */
  private static void run(String sub) {
    try {
      if (CONNECTING.contains(sub)) {
        for (Class<?> c : DRIVER_CLASSES) {
          Class.forName(c.getName(), true, c.getClassLoader());
        }
      }
      if (REPLAYING.contains(sub)) {
        RunJson.MAPPER.writerFor(RunInfo.class);
        RunJson.MAPPER.readerFor(RunInfo.class);
        WorkloadReader.prepareMapping();
      }
      if (READING_RUNS.contains(sub)) {
        RunJson.MAPPER.readerFor(RunInfo.class);
        RunJson.MAPPER.readerFor(HealthRecord.class);
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // only time is lost: the command initialises what it needs itself
    }
  }
}
