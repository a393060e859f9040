package io.querytester.capture;

import io.querytester.workload.ClassCoverage;
import io.querytester.workload.SourcePosition;
import java.util.List;

/**
 * A place where a server exposes the statements it runs. Create one with the factories of {@link
 * CaptureSources}; {@link Capture} runs it. A source reads, and never writes to, its server.
 */
public abstract class CaptureSource {
  CaptureSource() {}

  /** The source kind as written in the workload header: slowlog, genlog, processlist ... */
  public abstract String kind();

  /**
   * What the order of this source's events means (a {@code WorkloadHeader} constant), which a write
   * replay keeps between sessions.
   */
  public abstract String order();

  /**
   * Where the server's binary log stood when this source began reading; null for a file, a server
   * without a binary log, or an account that may not read it. Known once {@link #run} began.
   */
  SourcePosition startPosition() {
    return null;
  }

  /** Where it stood when this source stopped reading; known once {@link #run} returned. */
  SourcePosition endPosition() {
    return null;
  }

  /** The source server's version string, when known before capture starts. */
  public abstract String serverVersion();

  /** Reads until the input ends, the sink stops accepting events, or {@link #stop()} is called. */
  abstract void run(EventSink sink) throws Exception;

  /**
   * Ends a blocked {@link #run} from another thread (Ctrl-C, a time limit). The default does
   * nothing: file and polling sources check {@link EventSink#stopping()} often enough.
   */
  void stop() {}

  /** Lines for the capture summary that only this source knows (polls, coverage, row events). */
  List<String> report() {
    return List.of();
  }

  /**
   * Which of the server's query classes the capture saw, known once {@link #run} has returned; null
   * when the source has no server-side class counts (files, binlog, a server without a digest
   * summary).
   */
  ClassCoverage coverage() {
    return null;
  }

  /**
   * How much of the input has been read, 0 to 1, for a percentage and an ETA; NaN when the end is
   * not known (live sources, standard input).
   */
  double fractionRead() {
    return Double.NaN;
  }

  /** Whether this source reads files, whose unusability means exit code 2. */
  public boolean readsFiles() {
    return false;
  }

  /** Releases connections; called once after {@link #run} returns. */
  void close() {}
}
