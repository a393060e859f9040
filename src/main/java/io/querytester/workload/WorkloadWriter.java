package io.querytester.workload;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.querytester.OwnerOnly;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Streams a workload file: a header line, one JSON line per event, a footer line on close.
 *
 * <p>Gzip is used when the file name ends in {@code .gz}. The stream is sync-flushed every {@link
 * #FLUSH_EVERY} events so that a killed capture leaves a file whose events up to the last flush are
 * readable (the reader tolerates a missing gzip trailer and footer).
 */
public final class WorkloadWriter implements AutoCloseable {
  static final int FLUSH_EVERY = 1000;

  /** One serialisation setup for every line; no flush per value (the stream flushes in batches). */
  private static final ObjectWriter JSON =
      WorkloadJson.MAPPER.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);

  private final Path path;
  private final JsonGenerator out;
  private long events;
  private boolean closed;

  private WorkloadWriter(Path path, JsonGenerator out) {
    this.path = path;
    this.out = out;
    // Lines are separated by the newline each line() writes, not by Jackson's default space.
    out.setRootValueSeparator(null);
  }

  public static WorkloadWriter create(Path path, WorkloadHeader header) throws IOException {
    Path parent = path.toAbsolutePath().getParent();
    if (parent != null) {
      OwnerOnly.directories(parent);
    }
    OutputStream raw = OwnerOnly.newOutputStream(path);
    OutputStream stream = path.getFileName().toString().endsWith(".gz") ? new FastGzip(raw) : raw;
    // UTF-8 straight into the (gzip) stream: no String and no char encoder per line.
    JsonGenerator generator =
        WorkloadJson.MAPPER
            .getFactory()
            .createGenerator(new BufferedOutputStream(stream, 1 << 16), JsonEncoding.UTF8);
    WorkloadWriter w = new WorkloadWriter(path, generator);
    w.line(header);
    w.out.flush();
    return w;
  }

  public synchronized void write(QueryEvent event) throws IOException {
    if (closed) {
      throw new IOException("workload file " + path + " is already closed");
    }
    line(event);
    if (++events % FLUSH_EVERY == 0) {
      out.flush();
    }
  }

  public synchronized void flush() throws IOException {
    if (!closed) {
      out.flush();
    }
  }

  public synchronized long events() {
    return events;
  }

  public Path path() {
    return path;
  }

  /** Writes the footer (end time and counts) and closes; safe to call twice. */
  public synchronized void close(Instant end, Map<String, Long> counts) throws IOException {
    close(end, counts, null);
  }

  /**
   * Writes the footer with the server's class coverage (null when the source has none) and closes;
   * safe to call twice.
   */
  public synchronized void close(Instant end, Map<String, Long> counts, ClassCoverage coverage)
      throws IOException {
    close(end, counts, coverage, null, null);
  }

  /**
   * Writes the footer, with where the source's binary log stood at the capture's start and end
   * (null when not known), and closes.
   */
  public synchronized void close(
      Instant end,
      Map<String, Long> counts,
      ClassCoverage coverage,
      SourcePosition startPosition,
      SourcePosition endPosition)
      throws IOException {
    if (closed) {
      return;
    }
    Map<String, Object> footer = new LinkedHashMap<>();
    footer.put("footer", true);
    footer.put("end", end.toString());
    footer.put("events", events);
    footer.put("counts", counts);
    if (coverage != null) {
      footer.put("coverage", coverage);
    }
    if (startPosition != null) {
      footer.put("start_position", startPosition);
    }
    if (endPosition != null) {
      footer.put("end_position", endPosition);
    }
    line(footer);
    closed = true;
    out.close();
  }

  @Override
  public void close() throws IOException {
    close(Instant.now(), Map.of());
  }

  /** Gzip at the fastest level: capture writes millions of lines; a 25% larger file is fine. */
  private static final class FastGzip extends GZIPOutputStream {
    FastGzip(OutputStream out) throws IOException {
      super(out, 1 << 16, true);
      def.setLevel(java.util.zip.Deflater.BEST_SPEED);
    }
  }

  private void line(Object value) throws IOException {
    try {
      JSON.writeValue(out, value);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    out.writeRaw('\n');
  }
}
