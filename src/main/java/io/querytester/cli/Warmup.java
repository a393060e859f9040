package io.querytester.cli;

import io.querytester.run.HealthRecord;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.workload.WorkloadReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Initialises, on up to two more threads while picocli reads the command line, the classes a
 * command that connects to servers needs first: Connector/J's on one (their static initialisers
 * take about 100 ms: {@code Util}, the character set and time zone tables, the property
 * definitions), the JSON mappings of the types read and written before the first statement on the
 * other. On the main thread that was a tenth of a second of a replay's start to its first
 * statement, and on one thread the mappings waited for the driver's classes (measured in
 * bench/replay/README.md). The command waits for both before it runs, so its own work never meets a
 * half-done warm-up; picocli's parse meanwhile touches picocli and the JDK's reflection and
 * conversions only, and the two threads touch disjoint libraries.
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

  private final List<Thread> threads;

  private Warmup(List<Thread> threads) {
    this.threads = threads;
  }

  /** Starts the warm-up when {@code args} run a subcommand that has one, not its help. */
  static Warmup start(String... args) {
    List<Thread> threads = new ArrayList<>(2);
    if (connects(args)) {
      threads.add(warm("querytester-warmup-driver", Warmup::driver));
    }
    if (runs(REPLAYING, args) || readsRuns(args)) {
      String sub = args[0];
      threads.add(warm("querytester-warmup-json", () -> mappings(sub)));
    }
    return new Warmup(threads);
  }

  private static Thread warm(String name, Runnable work) {
    return Thread.ofPlatform().daemon().name(name).start(work);
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
    try {
      for (Thread t : threads) {
        // static initialisers do no I/O: this ends within a second; the bound only guards a bug
        t.join(java.time.Duration.ofSeconds(10));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The driver's classes, for a command that connects. */
  private static void driver() {
    try {
      for (Class<?> c : DRIVER_CLASSES) {
        Class.forName(c.getName(), true, c.getClassLoader());
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // only time is lost: the command initialises what it needs itself
    }
  }

  /**
   * For a replay the workload header's and run.json's mappings (a drift waited 0.13 s for those,
   * which it never uses); for a command that reads runs, run.json's and the health log's.
   */
  private static void mappings(String sub) {
    try {
      if (REPLAYING.contains(sub)) {
        RunJson.MAPPER.writerFor(RunInfo.class);
        RunJson.MAPPER.readerFor(RunInfo.class);
        WorkloadReader.prepareMapping();
      }
      if (READING_RUNS.contains(sub)) {
        RunJson.MAPPER.readerFor(RunInfo.class);
        RunJson.MAPPER.readerFor(HealthRecord.class);
      }
    } catch (RuntimeException | LinkageError e) {
      // only time is lost: the command initialises what it needs itself
    }
  }
}
