package io.querytester.workload;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

  private final Path path;
  private final Writer out;
  private long events;
  private boolean closed;

  private WorkloadWriter(Path path, Writer out) {
    this.path = path;
    this.out = out;
  }

  public static WorkloadWriter create(Path path, WorkloadHeader header) throws IOException {
    Path parent = path.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    OutputStream raw = Files.newOutputStream(path);
    OutputStream stream = path.getFileName().toString().endsWith(".gz") ? new FastGzip(raw) : raw;
    Writer writer =
        new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
    WorkloadWriter w = new WorkloadWriter(path, writer);
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
    if (closed) {
      return;
    }
    Map<String, Object> footer = new LinkedHashMap<>();
    footer.put("footer", true);
    footer.put("end", end.toString());
    footer.put("events", events);
    footer.put("counts", counts);
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
      out.write(WorkloadJson.MAPPER.writeValueAsString(value));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    out.write('\n');
  }
}
