package io.querytester.replay;

import io.querytester.BadInputException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How to replay, in parts named for their concern, validated before any server is touched. The
 * defaults are {@link #defaults}'s: the CLI, the tests, bisect and the cause search start from them
 * and change a part with a {@code with} copy.
 *
 * @param where the workload and the run folder
 * @param pace how many lanes, how fast, how much of the workload
 * @param statements what bounds one statement's run
 * @param compare how results are compared, and what is kept of their differences
 * @param safety what the replay may do to the servers
 */
public record ReplaySettings(
    Where where, Pace pace, Statements statements, Compare compare, Safety safety) {

  /** The most lanes a replay runs; a write replay adds lanes up to it as sessions need them. */
  public static final int MAX_LANES = 4096;

  public ReplaySettings {
    if (pace.spreadReads() && safety.allowWrites()) {
      throw new BadInputException(
          "--spread-reads needs a read-only replay: with --allow-writes a read's result depends on"
              + " the writes of its session before it; leave out one of the two");
    }
  }

  /** A read-only replay of {@code workload} into {@code runDir}, every other part its default. */
  public static ReplaySettings defaults(Path workload, Path runDir) {
    return new ReplaySettings(
        new Where(workload, runDir),
        Pace.DEFAULT,
        Statements.DEFAULT,
        Compare.DEFAULT,
        Safety.READ_ONLY);
  }

  /**
   * What the replay reads and where it writes.
   *
   * @param workload the workload file
   * @param runDir where executions and reports go
   */
  public record Where(Path workload, Path runDir) {}

  /**
   * How many lanes, how fast, and how much of the workload.
   *
   * @param concurrency lanes of sessions replayed at once
   * @param speed 0 for as fast as possible, else the captured timing divided by this factor
   * @param duration stop dispatching after this long, null for no limit
   * @param maxEvents stop after this many events, 0 for no limit
   * @param spreadReads run plain reads on any lane, not only on their session's (see {@link
   *     ReadSpreader})
   * @param seed for the random choice of which side starts first, and of a lane for a spread read
   */
  public record Pace(
      int concurrency,
      double speed,
      Duration duration,
      long maxEvents,
      boolean spreadReads,
      long seed) {
    /** 8 lanes, as fast as possible, the whole workload, reads spread. */
    public static final Pace DEFAULT = new Pace(8, 0, null, 0, true, 1);

    public Pace {
      if (concurrency < 1 || concurrency > MAX_LANES) {
        throw new BadInputException("--concurrency must be between 1 and 4096, not " + concurrency);
      }
      if (speed < 0) {
        throw new BadInputException(
            "--speed must be positive (2.0 replays twice as fast as captured)");
      }
      if (maxEvents < 0) {
        throw new BadInputException("--max-events must not be negative");
      }
    }

    public Pace withConcurrency(int lanes) {
      return new Pace(lanes, speed, duration, maxEvents, spreadReads, seed);
    }

    public Pace withSpeed(double factor) {
      return new Pace(concurrency, factor, duration, maxEvents, spreadReads, seed);
    }

    public Pace withMaxEvents(long events) {
      return new Pace(concurrency, speed, duration, events, spreadReads, seed);
    }

    public Pace withSpreadReads(boolean spread) {
      return new Pace(concurrency, speed, duration, maxEvents, spread, seed);
    }

    public Pace withSeed(long random) {
      return new Pace(concurrency, speed, duration, maxEvents, spreadReads, random);
    }
  }

  /**
   * What bounds one statement's run.
   *
   * @param timeout per statement; killed on the server with KILL QUERY
   * @param maxRows a result larger than this is not read to the end
   */
  public record Statements(Duration timeout, long maxRows) {
    /** The default timeout; a constant too, for the CLI's help. */
    public static final int DEFAULT_TIMEOUT_SECONDS = 30;

    /** 30 s a statement, 50 million rows a result. */
    public static final Statements DEFAULT =
        new Statements(Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS), 50_000_000);

    public Statements {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new BadInputException("--statement-timeout must be positive");
      }
    }

    public Statements withTimeout(Duration each) {
      return new Statements(each, maxRows);
    }

    public Statements withMaxRows(long rows) {
      return new Statements(timeout, rows);
    }
  }

  /**
   * How results are compared, and what is kept of their differences.
   *
   * @param floatDigits significant digits compared for FLOAT/DOUBLE columns (0: exact)
   * @param repeat extra runs of each read, interleaved OLD/NEW, for latency samples
   * @param maxSamples differing rows kept per difference
   */
  public record Compare(int floatDigits, int repeat, int maxSamples) {
    /** 12 significant digits, no repeats, 10 differing rows kept. */
    public static final Compare DEFAULT = new Compare(12, 0, 10);

    public Compare {
      if (floatDigits < 0 || floatDigits > 17) {
        throw new BadInputException("--float-digits must be between 0 (exact) and 17");
      }
      if (repeat < 0 || repeat > 1000) {
        throw new BadInputException("--repeat must be between 0 and 1000");
      }
    }

    public Compare withRepeat(int runs) {
      return new Compare(floatDigits, runs, maxSamples);
    }
  }

  /**
   * What the replay may do to the servers.
   *
   * @param dryRun classify and count only; no server is touched
   * @param allowWrites replay writes, DDL and transaction control too
   * @param requireReadOnlyAccount refuse to replay, rather than warn, when a {@code jdbc:} target's
   *     account may write or shut down (without --allow-writes)
   */
  public record Safety(boolean dryRun, boolean allowWrites, boolean requireReadOnlyAccount) {
    /** Reads only, on the servers, an account that may write only warned about. */
    public static final Safety READ_ONLY = new Safety(false, false, false);
  }

  public ReplaySettings withPace(Pace p) {
    return new ReplaySettings(where, p, statements, compare, safety);
  }

  public ReplaySettings withStatements(Statements s) {
    return new ReplaySettings(where, pace, s, compare, safety);
  }

  public ReplaySettings withCompare(Compare c) {
    return new ReplaySettings(where, pace, statements, c, safety);
  }

  public ReplaySettings withSafety(Safety s) {
    return new ReplaySettings(where, pace, statements, compare, s);
  }

  /**
   * A copy that replays writes too, or not; reads are spread exactly when it does not, as the CLI
   * does unless told otherwise: a read's rows depend on its session's writes before it.
   */
  public ReplaySettings withWrites(boolean allow) {
    return new ReplaySettings(
        where,
        pace.withSpreadReads(!allow),
        statements,
        compare,
        new Safety(safety.dryRun(), allow, safety.requireReadOnlyAccount()));
  }

  public Path workload() {
    return where.workload();
  }

  public Path runDir() {
    return where.runDir();
  }

  public boolean allowWrites() {
    return safety.allowWrites();
  }

  /** The lanes a replay may come to have: --concurrency, or more when writes keep their order. */
  public int maxLanes() {
    return allowWrites() ? MAX_LANES : pace.concurrency();
  }
}
