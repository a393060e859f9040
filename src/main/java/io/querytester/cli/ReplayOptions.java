package io.querytester.cli;

import io.querytester.replay.ConnectionLimits;
import io.querytester.replay.ReplaySettings;
import io.querytester.replay.ReplaySettings.Compare;
import io.querytester.replay.ReplaySettings.Pace;
import io.querytester.replay.ReplaySettings.Safety;
import io.querytester.replay.ReplaySettings.Statements;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How to replay: shared by replay and demo. Each option starts from {@link ReplaySettings}' default
 * for it, so the defaults are written once.
 */
final class ReplayOptions {
  @Option(
      names = "--concurrency",
      paramLabel = "N",
      description =
          "Lanes that replay at once, each with a connection per server for its sessions"
              + " (default: ${DEFAULT-VALUE}).")
  int concurrency = Pace.DEFAULT.concurrency();

  @Option(
      names = "--speed",
      paramLabel = "X",
      description = "0: as fast as possible; X: the captured timing, X times faster (default: 0).")
  double speed = Pace.DEFAULT.speed();

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      converter = DurationConverter.class,
      description = "Stop after this long (e.g. 10m, 1h); --resume goes on later.")
  Duration runTime;

  @Option(names = "--max-events", paramLabel = "N", description = "Replay at most N events.")
  long limit;

  @Option(names = "--dry-run", description = "Classify and count the events; touch no server.")
  boolean dryRun;

  @Option(
      names = "--allow-writes",
      description =
          "Also replay writes, DDL and transactions, on both targets. Never point this at production.")
  boolean allowWrites;

  @Option(
      names = "--require-read-only-account",
      description =
          "Refuse to replay when a jdbc: target's account may write or shut down (by default a"
              + " warning): for strict certification runs.")
  boolean requireReadOnlyAccount;

  @Option(
      names = "--spread-reads",
      negatable = true,
      description =
          "Run plain reads on a connection of any lane that sessions in the same state share,"
              + " not only on their captured session's: a workload of few sessions keeps every"
              + " --concurrency connection busy, and one of many sessions takes turns on fewer."
              + " On by default in read-only replays; --no-spread-reads keeps each statement on"
              + " its session's own connection. A read that uses variables, session values or a"
              + " stored function runs on its session's connection; SHOW WARNINGS and the like"
              + " right after a spread read are not run. From a session's first"
              + " transaction, autocommit off, SET TRANSACTION, SET of a user variable, lock, PREPARE,"
              + " write or session statement the replay skips, all its statements stay there, in"
              + " order.")
  Boolean spreadReads;

  @Option(
      names = "--statement-timeout",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Per statement; killed on the server with KILL QUERY (default: "
              + Statements.DEFAULT_TIMEOUT_SECONDS
              + "s).")
  Duration statementTimeout = Statements.DEFAULT.timeout();

  @Option(
      names = "--max-rows",
      paramLabel = "N",
      description = "Stop reading a result after N rows (default: ${DEFAULT-VALUE}).")
  long maxRows = Statements.DEFAULT.maxRows();

  @Option(
      names = "--float-digits",
      paramLabel = "N",
      description =
          "Significant digits compared in FLOAT/DOUBLE columns; 0 compares exactly (default: ${DEFAULT-VALUE}).")
  int floatDigits = Compare.DEFAULT.floatDigits();

  @Option(
      names = "--repeat",
      paramLabel = "K",
      description = "Run each read K more times, interleaved OLD/NEW, for latency statistics.")
  int repeat = Compare.DEFAULT.repeat();

  @Option(
      names = "--max-samples",
      paramLabel = "N",
      description = "Differing rows kept per difference (default: ${DEFAULT-VALUE}).")
  int maxSamples = Compare.DEFAULT.maxSamples();

  @Option(
      names = "--max-connections",
      defaultValue = "0",
      paramLabel = "N",
      description =
          "Connections the replay opens on each server at most; 0: the server's"
              + " max_connections less those in use and a tenth kept free. Idle sessions are"
              + " closed after a minute (default: 0).")
  int maxConnections;

  @Option(
      names = "--seed",
      paramLabel = "N",
      hidden = true,
      description = "Seed for the random choice of which side starts first.")
  long seed = Pace.DEFAULT.seed();

  ConnectionLimits connections() {
    return new ConnectionLimits(maxConnections, ConnectionLimits.FROM_SERVER.idle());
  }

  ReplaySettings settings(Path workload, Path runDir) {
    return new ReplaySettings(
        new ReplaySettings.Where(workload, runDir),
        // Spread unless asked off, or writes are replayed: then a read's rows depend on its
        // session's writes before it. Asked for beside --allow-writes, ReplaySettings refuses it.
        new Pace(
            concurrency,
            speed,
            runTime,
            limit,
            spreadReads == null ? !allowWrites : spreadReads,
            seed),
        new Statements(statementTimeout, maxRows),
        new Compare(floatDigits, repeat, maxSamples),
        new Safety(dryRun, allowWrites, requireReadOnlyAccount));
  }
}
