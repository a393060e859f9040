package io.querytester.capture;

import io.querytester.BadInputException;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.JdbcSpec;
import io.querytester.server.Target;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Supplier;

/** Creates capture sources; the only way in, so every source goes through {@link Capture}. */
public final class CaptureSources {
  /** The summary counter with the bytes a file source read. */
  public static final String INPUT_BYTES = LogFileSource.INPUT_BYTES;

  private CaptureSources() {}

  /**
   * Slow query logs (plain or gzip, {@code -} for stdin).
   *
   * @param serverZone the zone of old-style log times (only used when a log has no SET timestamp)
   */
  public static CaptureSource slowLog(
      List<String> files, Supplier<InputStream> stdin, ZoneId serverZone) {
    return new LogFileSource(
        "slowlog",
        files,
        () -> new SlowLogParser(serverZone, LogFileSource.MAX_STATEMENT),
        stdin,
        LogFileSource.MAX_STATEMENT);
  }

  /**
   * Polls the processlist of {@code target} every {@code interval}.
   *
   * @param clock the wall clock that start times are estimated from
   */
  public static CaptureSource processlist(Target target, Duration interval, Clock clock) {
    return new ProcesslistSource(target, interval, clock);
  }

  /** Polls performance_schema's statement history of {@code target} every {@code interval}. */
  public static CaptureSource perfSchema(Target target, Duration interval, Clock clock) {
    return new PerfSchemaSource(target, interval, clock);
  }

  /** Binlog files, read in the order given. */
  public static CaptureSource binlogFiles(List<String> files) {
    return new BinlogFileSource(files);
  }

  /**
   * The binlog of {@code target}, live, as a replica.
   *
   * @param connection the account (user, password) and TLS mode to connect with
   * @param start FILE or FILE:POSITION to start at, null for the server's current position
   */
  public static CaptureSource binlogLive(
      Target target, ConnectionSettings connection, String start) {
    if (target.spec() instanceof JdbcSpec j) {
      if (j.socket() != null) {
        throw new BadInputException(
            "--type binlog reads a live binlog over TCP only (the replication client has no Unix"
                + " socket); give the source as h=HOST,P=PORT instead of S="
                + j.socket());
      }
      return new BinlogLiveSource(
          target,
          j.host(),
          j.port(),
          connection.user(),
          connection.password(),
          connection.sslMode(),
          start);
    }
    if (target instanceof EmbeddedTarget e) {
      // A server this tool started: root with its random password, no TLS, on loopback.
      return new BinlogLiveSource(
          target,
          "127.0.0.1",
          e.server().port(),
          "root",
          e.server().rootPassword(),
          "DISABLED",
          start);
    }
    throw new BadInputException(
        "--source binlog reads live only from jdbc:mysql:// or embedded: sources");
  }

  /** General query logs (plain or gzip, {@code -} for stdin). */
  public static CaptureSource generalLog(
      List<String> files, Supplier<InputStream> stdin, ZoneId serverZone) {
    return new LogFileSource(
        "genlog",
        files,
        () -> new GeneralLogParser(serverZone, LogFileSource.MAX_STATEMENT),
        stdin,
        LogFileSource.MAX_STATEMENT);
  }
}
