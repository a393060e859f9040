package io.querytester.workload;

import io.querytester.BadInputException;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a workload file as a stream of events, never holding more than one line.
 *
 * <p>Plain or gzip (detected by its magic bytes, not the name). A bad line is reported through the
 * warning consumer with its line number and skipped; a file cut short (a killed capture) ends with
 * a warning, keeping every complete line before the cut.
 */
public final class WorkloadReader implements AutoCloseable, Iterable<WorkloadReader.Entry> {

  /** An event and its 1-based line number in the file: a stable id for resume and reports. */
  public record Entry(long line, QueryEvent event) {}

  private final Path path;
  private final BufferedReader in;
  private final WorkloadHeader header;
  private final Consumer<String> warnings;
  private long lineNo = 1;
  private long skipped;
  private boolean footerSeen;

  private WorkloadReader(
      Path path, BufferedReader in, WorkloadHeader header, Consumer<String> warnings) {
    this.path = path;
    this.in = in;
    this.header = header;
    this.warnings = warnings;
  }

  public static WorkloadReader open(Path path, Consumer<String> warnings) {
    BufferedReader in = null;
    try {
      in = new BufferedReader(new InputStreamReader(decompressed(path), StandardCharsets.UTF_8));
      String first = in.readLine();
      if (first == null) {
        throw new BadInputException("workload file " + path + " is empty: capture one first");
      }
      WorkloadHeader header = WorkloadJson.MAPPER.readValue(first, WorkloadHeader.class);
      if (!WorkloadHeader.FORMAT.equals(header.format())) {
        throw new BadInputException(
            path
                + " is not a workload file (its first line has no \"format\":\""
                + WorkloadHeader.FORMAT
                + "\")");
      }
      if (header.version() > WorkloadHeader.CURRENT_VERSION) {
        throw new BadInputException(
            path
                + " has workload format version "
                + header.version()
                + " but this querytester reads up to "
                + WorkloadHeader.CURRENT_VERSION
                + ": use a newer querytester");
      }
      return new WorkloadReader(path, in, header, warnings);
    } catch (NoSuchFileException e) {
      throw new BadInputException("workload file " + path + " does not exist");
    } catch (IOException e) {
      closeQuietly(in);
      throw new BadInputException(path + " is not a readable workload file: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(in);
      throw e;
    }
  }

  public WorkloadHeader header() {
    return header;
  }

  /** Lines that could not be read as events. */
  public long skipped() {
    return skipped;
  }

  /** Whether the capture closed the file properly; false for a file cut short. */
  public boolean complete() {
    return footerSeen;
  }

  @Override
  public Iterator<Entry> iterator() {
    return new Iterator<>() {
      private Entry next = advance();

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public Entry next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        Entry current = next;
        next = advance();
        return current;
      }
    };
  }

  private Entry advance() {
    while (true) {
      String line;
      try {
        line = in.readLine();
      } catch (EOFException | ZipException e) {
        warnings.accept(
            path
                + ": file ends abruptly after line "
                + lineNo
                + " (a capture that was killed?); every complete event before it is used");
        return null;
      } catch (IOException e) {
        throw new UncheckedIOException("reading " + path + " after line " + lineNo, e);
      }
      if (line == null) {
        return null;
      }
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      if (line.startsWith("{\"footer\"")) {
        footerSeen = true;
        continue;
      }
      try {
        QueryEvent event = WorkloadJson.MAPPER.readValue(line, QueryEvent.class);
        if (event.sql() == null) {
          throw new IOException("no \"sql\" field");
        }
        return new Entry(lineNo, event);
      } catch (IOException e) {
        skipped++;
        warnings.accept(
            path + ":" + lineNo + ": skipped a line that is not an event (" + firstLine(e) + ")");
      }
    }
  }

  private static String firstLine(Exception e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static InputStream decompressed(Path path) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
    raw.mark(2);
    int b1 = raw.read();
    int b2 = raw.read();
    raw.reset();
    boolean gzip = b1 == 0x1f && b2 == 0x8b;
    return gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception ignored) {
        // Already failing with a better message.
      }
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
