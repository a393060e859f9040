package io.querytester.workload;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.querytester.BadInputException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
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

  /** A longer first line is no workload header: stop before reading a whole binary file. */
  private static final int MAX_HEADER_CHARS = 1 << 20;

  /** An event and its 1-based line number in the file: a stable id for resume and reports. */
  public record Entry(long line, QueryEvent event) {}

  private final Path path;
  private final Lines in;
  private final WorkloadHeader header;
  private final Consumer<String> warnings;
  private long lineNo = 1;
  private long skipped;
  private boolean footerSeen;
  private ClassCoverage coverage;
  private Footer footer;

  /** The part of the footer line a reader uses; the rest is for people reading the file. */
  private record Footer(
      ClassCoverage coverage, SourcePosition startPosition, SourcePosition endPosition) {}

  private WorkloadReader(Path path, Lines in, WorkloadHeader header, Consumer<String> warnings) {
    this.path = path;
    this.in = in;
    this.header = header;
    this.warnings = warnings;
  }

  public static WorkloadReader open(Path path, Consumer<String> warnings) {
    Lines in = null;
    try {
      in = new Lines(decompressed(path));
      String first = in.next(MAX_HEADER_CHARS);
      if (first == null) {
        throw new BadInputException("workload file " + path + " is empty: capture one first");
      }
      WorkloadHeader header = header(path, first);
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
      throw new BadInputException(
          path
              + " is not a workload: "
              + firstLine(e)
              + " (capture one with 'querytester capture')",
          e);
    } catch (RuntimeException e) {
      closeQuietly(in);
      throw e;
    }
  }

  /** The first line as a header; anything else (a binary file, another JSON) is no workload. */
  private static WorkloadHeader header(Path path, String first) {
    try {
      return WorkloadJson.MAPPER.readValue(first, WorkloadHeader.class);
    } catch (IOException e) {
      throw new BadInputException(
          path
              + " is not a workload: its first line is not a querytester workload header"
              + " (capture one with 'querytester capture')",
          e);
    }
  }

  /**
   * Builds the mapping of the header line ahead of the first read: a command's warm-up calls it on
   * another thread while the command line is read.
   */
  public static void prepareMapping() {
    WorkloadJson.MAPPER.readerFor(WorkloadHeader.class);
  }

  public WorkloadHeader header() {
    return header;
  }

  /** Lines that could not be read as events. */
  public long skipped() {
    return skipped;
  }

  /**
   * The server's class coverage that the capture wrote into the footer; null before the footer is
   * read (read every event first) or when the source had none.
   */
  public ClassCoverage coverage() {
    return coverage;
  }

  /**
   * Where the source's binary log stood when the capture began and ended, from the footer: null
   * before the footer is read, or for a source with no server (a log file) or no binary log.
   */
  public SourcePosition startPosition() {
    return footer == null ? null : footer.startPosition();
  }

  public SourcePosition endPosition() {
    return footer == null ? null : footer.endPosition();
  }

  private ClassCoverage footerCoverage(String line) {
    try {
      footer = WorkloadJson.MAPPER.readValue(line, Footer.class);
      return footer.coverage();
    } catch (IOException e) {
      warnings.accept(
          path
              + ":"
              + lineNo
              + ": the footer's coverage is unreadable and ignored ("
              + e.getMessage()
              + ")");
      return null;
    }
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
        line = in.next(Integer.MAX_VALUE);
      } catch (IOException e) {
        throw new UncheckedIOException("reading " + path + " after line " + lineNo, e);
      }
      if (line == null) {
        if (in.cutShort()) {
          endsAbruptly();
        }
        return null;
      }
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      if (line.startsWith("{\"footer\"")) {
        footerSeen = true;
        coverage = footerCoverage(line);
        continue;
      }
      try {
        QueryEvent event = EventLine.parse(line);
        if (event.sql() == null) {
          throw new IOException("no \"sql\" field");
        }
        return new Entry(lineNo, event);
      } catch (IOException e) {
        if (!in.lastLineEnded()) {
          // The last line was cut in the middle: the end of a killed capture, not a bad event.
          lineNo--;
          endsAbruptly();
          return null;
        }
        skipped++;
        warnings.accept(path + ":" + lineNo + ": " + whySkipped(line, e));
      }
    }
  }

  private static String whySkipped(String line, IOException e) {
    if (e instanceof StreamConstraintsException) {
      return String.format(
          java.util.Locale.ROOT,
          "skipped a statement of %,d characters, over the %,d a server accepts"
              + " (max_allowed_packet is at most 1 GB)",
          line.length(),
          WorkloadJson.MAX_STATEMENT_CHARS);
    }
    return "skipped a line that is not an event (" + firstLine(e) + ")";
  }

  private void endsAbruptly() {
    warnings.accept(
        path
            + ": file ends abruptly after line "
            + lineNo
            + " (a capture that was killed?); every complete event before it is used");
  }

  private static String firstLine(Exception e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  /**
   * About how many events the file holds, from its line count (less header and footer): no JSON is
   * parsed, so a progress display can show a total without a second full reading pass.
   */
  public static long approximateEvents(Path path) throws IOException {
    long lines = 0;
    try (InputStream in = decompressed(path)) {
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        for (int i = 0; i < n; i++) {
          if (buf[i] == '\n') {
            lines++;
          }
        }
      }
    }
    return Math.max(0, lines - 2);
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

  /**
   * Lines of UTF-8 text that know whether the last one had its newline, and that end (instead of
   * throwing) where a gzip stream is cut short or damaged, after handing out every byte before the
   * cut. A BufferedReader would lose its read-ahead when the stream throws.
   */
  private static final class Lines implements AutoCloseable {
    private final InputStream in;
    private final Reader reader;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int len;
    private boolean eof;
    private boolean cutShort;
    private boolean lastLineEnded = true;

    Lines(InputStream in) {
      this.in = in;
      this.reader = new InputStreamReader(new CutTolerant(in), StandardCharsets.UTF_8);
    }

    /** The next line without its line end, or null at the end. */
    String next(int maxChars) throws IOException {
      StringBuilder partial = null;
      while (true) {
        if (pos == len && !fill()) {
          if (partial == null) {
            return null;
          }
          lastLineEnded = false;
          return partial.toString();
        }
        int nl = pos;
        while (nl < len && buf[nl] != '\n') {
          nl++;
        }
        if (nl < len) {
          int end = nl > pos && buf[nl - 1] == '\r' ? nl - 1 : nl;
          String line =
              partial == null
                  ? new String(buf, pos, end - pos)
                  : partial.append(buf, pos, end - pos).toString();
          pos = nl + 1;
          lastLineEnded = true;
          return line;
        }
        if (partial == null) {
          partial = new StringBuilder(256);
        }
        if (partial.length() > maxChars - (len - pos)) {
          throw new IOException("a line is longer than " + maxChars + " characters");
        }
        partial.append(buf, pos, len - pos);
        pos = len;
      }
    }

    private boolean fill() throws IOException {
      if (eof) {
        return false;
      }
      int n = reader.read(buf, 0, buf.length);
      if (n < 0) {
        eof = true;
        return false;
      }
      pos = 0;
      len = n;
      return true;
    }

    boolean lastLineEnded() {
      return lastLineEnded;
    }

    /** Whether a gzip stream ended before its end (a killed capture) or was damaged. */
    boolean cutShort() {
      return cutShort;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }

    /** Turns a gzip stream's premature end into an ordinary end, remembering it. */
    private final class CutTolerant extends FilterInputStream {
      CutTolerant(InputStream in) {
        super(in);
      }

      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int n) throws IOException {
        if (cutShort) {
          return -1;
        }
        try {
          return super.read(b, off, n);
        } catch (EOFException | ZipException e) {
          cutShort = true;
          return -1;
        }
      }
    }
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
