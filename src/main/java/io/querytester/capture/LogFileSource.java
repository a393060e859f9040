package io.querytester.capture;

import io.querytester.BadInputException;
import io.querytester.CountingInputStream;
import io.querytester.workload.WorkloadHeader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Slow or general log files read one after the other; {@code -} is standard input. Gzip input is
 * recognised by its magic bytes, whatever the file is called; byte offsets in events are offsets in
 * the decompressed text.
 */
final class LogFileSource extends CaptureSource {
  /**
   * Statements larger than this are skipped with a warning (MySQL's max_allowed_packet is 64 MB).
   */
  static final int MAX_STATEMENT = 64 << 20;

  /** The counter of bytes read (decompressed), for the MB/s of the summary. */
  public static final String INPUT_BYTES = "input bytes";

  private static final Pattern VERSION = Pattern.compile(", Version: (\\S+)");

  private final String kind;
  private final List<String> files;
  private final Supplier<LogParser> parsers;
  private final Supplier<InputStream> stdin;
  private final int maxStatement;
  // Bytes of the files as stored (compressed for .gz), against what has been read of them.
  private final long totalBytes;
  private final AtomicLong consumed = new AtomicLong();

  LogFileSource(
      String kind,
      List<String> files,
      Supplier<LogParser> parsers,
      Supplier<InputStream> stdin,
      int maxStatement) {
    if (files.isEmpty()) {
      throw new BadInputException(
          "--type " + kind + " needs at least one log file (or - for standard input)");
    }
    for (String f : files) {
      if (!f.equals("-") && !Files.isRegularFile(Path.of(f))) {
        throw new BadInputException(
            kind + " file " + f + " does not exist or is not a file; check the path");
      }
    }
    this.kind = kind;
    this.files = List.copyOf(files);
    this.parsers = parsers;
    this.stdin = stdin;
    this.maxStatement = maxStatement;
    this.totalBytes = files.contains("-") ? -1 : sizes(files);
  }

  private static long sizes(List<String> files) {
    long sum = 0;
    for (String f : files) {
      try {
        sum += Files.size(Path.of(f));
      } catch (IOException e) {
        return -1;
      }
    }
    return sum;
  }

  @Override
  double fractionRead() {
    return totalBytes <= 0 ? Double.NaN : Math.min(1.0, consumed.get() / (double) totalBytes);
  }

  @Override
  public String kind() {
    return kind;
  }

  @Override
  public String order() {
    // The slow log writes a statement when it ends, the general log when it arrives.
    return kind.equals("genlog") ? WorkloadHeader.ARRIVAL : WorkloadHeader.COMPLETION;
  }

  /** The version in the first file's header line ("/usr/sbin/mysqld, Version: 8.0.36 ..."). */
  @Override
  public String serverVersion() {
    String first = files.get(0);
    if (first.equals("-")) {
      return null;
    }
    try (InputStream in = open(first)) {
      byte[] head = in.readNBytes(1 << 16);
      Matcher m = VERSION.matcher(new String(head, StandardCharsets.ISO_8859_1));
      return m.find() ? m.group(1) : null;
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  void run(EventSink sink) throws IOException {
    for (String f : files) {
      if (sink.stopping()) {
        return;
      }
      try (InputStream in = open(f)) {
        LineReader lines = new LineReader(in, maxStatement + 1024);
        String name = f.equals("-") ? "<stdin>" : f;
        parsers.get().parse(lines, name, sink);
        sink.count(INPUT_BYTES, lines.position());
        if (lines.position() == 0) {
          sink.skip("empty files", name + ": the file is empty");
        }
      } catch (IOException e) {
        sink.skip("unreadable files", f + ": cannot be read (" + e.getMessage() + "); skipped");
      }
    }
  }

  @Override
  public boolean readsFiles() {
    return true;
  }

  private InputStream open(String f) throws IOException {
    InputStream raw =
        new BufferedInputStream(
            f.equals("-")
                ? stdin.get()
                : new CountingInputStream(Files.newInputStream(Path.of(f)), consumed),
            1 << 16);
    raw.mark(2);
    int b1 = raw.read();
    int b2 = raw.read();
    raw.reset();
    return b1 == 0x1f && b2 == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
  }
}
