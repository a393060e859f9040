package io.querytester.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The lines of a log file with the byte offset each starts at, so that a later pass can read one
 * line again without holding the file. A last line without its newline (a crash cut it) is returned
 * too; the caller decides what an unreadable line is.
 */
final class LogLines implements AutoCloseable {
  private final InputStream in;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int len;
  private long bufStart;
  private byte[] line = new byte[512];
  private long lineStart;

  LogLines(Path file) throws IOException {
    this.in = Files.newInputStream(file);
  }

  /** The next line without its newline, or null at the end of the file. */
  String next() throws IOException {
    int n = 0;
    lineStart = bufStart + pos;
    while (true) {
      if (pos == len && !fill()) {
        return n == 0 ? null : text(n);
      }
      int end = pos;
      while (end < len && buf[end] != '\n') {
        end++;
      }
      n = take(n, end - pos);
      boolean found = end < len;
      pos = found ? end + 1 : end;
      if (found) {
        return text(n);
      }
    }
  }

  /** Where the line last returned by {@link #next} starts in the file. */
  long offset() {
    return lineStart;
  }

  private boolean fill() throws IOException {
    bufStart += len;
    pos = 0;
    len = Math.max(0, in.read(buf));
    return len > 0;
  }

  private int take(int n, int count) {
    if (n + count > line.length) {
      line = Arrays.copyOf(line, Math.max(line.length * 2, n + count));
    }
    System.arraycopy(buf, pos, line, n, count);
    return n + count;
  }

  private String text(int n) {
    return new String(line, 0, n, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
