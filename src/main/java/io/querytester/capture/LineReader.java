package io.querytester.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * Splits a byte stream into lines without decoding it: the parsers look at bytes and decode only
 * the statement text, which is what makes a slow log parse fast. Each line comes with its byte
 * offset in the (decompressed) stream.
 *
 * <p>A line longer than {@code maxLine} is not kept: it is reported as {@link #overlong()} with its
 * first bytes only, so binary junk without newlines cannot exhaust memory. A compressed stream that
 * ends abruptly ends the lines; {@link #cutShort()} then says why.
 */
final class LineReader {
  private static final int READ_SIZE = 1 << 20;
  private static final int KEEP_OF_OVERLONG = 256;

  private final InputStream in;
  private final int maxLine;
  private byte[] buf = new byte[READ_SIZE * 2];
  private int pos;
  private int end;
  private long bufOffset;
  private boolean eof;
  private String cutShort;

  private int lineStart;
  private int lineEnd;
  private long lineOffset;
  private boolean terminated;
  private boolean overlong;
  private long overlongLength;

  LineReader(InputStream in, int maxLine) {
    this.in = in;
    this.maxLine = maxLine;
  }

  /** Advances to the next line; false at the end of the stream. */
  boolean next() throws IOException {
    overlong = false;
    int scanFrom = pos;
    while (true) {
      int nl = indexOfNewline(scanFrom, end);
      if (nl >= 0) {
        setLine(pos, nl, true);
        pos = nl + 1;
        return true;
      }
      if (eof) {
        if (pos < end) {
          setLine(pos, end, false);
          pos = end;
          return true;
        }
        return false;
      }
      if (end - pos >= maxLine) {
        skipOverlong();
        return true;
      }
      scanFrom = end - pos;
      fill();
      scanFrom += pos;
    }
  }

  byte[] buffer() {
    return buf;
  }

  int start() {
    return lineStart;
  }

  /** End of the line, exclusive, without the newline (a trailing CR is dropped too). */
  int end() {
    return lineEnd;
  }

  int length() {
    return lineEnd - lineStart;
  }

  long offset() {
    return lineOffset;
  }

  /** False for a last line without a newline: a file that may have been cut in mid-write. */
  boolean terminated() {
    return terminated;
  }

  /** The line was longer than the limit; only its first bytes are available. */
  boolean overlong() {
    return overlong;
  }

  long overlongLength() {
    return overlongLength;
  }

  /** Why the stream ended before its proper end (a truncated gzip file), or null. */
  String cutShort() {
    return cutShort;
  }

  /** Offset just past the last byte read so far. */
  long position() {
    return bufOffset + pos;
  }

  private void setLine(int s, int e, boolean nl) {
    lineStart = s;
    lineEnd = e > s && buf[e - 1] == '\r' ? e - 1 : e;
    lineOffset = bufOffset + s;
    terminated = nl;
  }

  private int indexOfNewline(int from, int to) {
    byte[] b = buf;
    for (int i = from; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** Moves unread bytes to the front, grows the buffer if a line needs it, and reads more. */
  private void fill() throws IOException {
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, end - pos);
      end -= pos;
      bufOffset += pos;
      pos = 0;
    }
    if (buf.length - end < READ_SIZE) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, end + READ_SIZE));
    }
    int n = read(buf, end, buf.length - end);
    if (n < 0) {
      eof = true;
    } else {
      end += n;
    }
  }

  private int read(byte[] b, int off, int len) throws IOException {
    int total = 0;
    try {
      // Fill as much as is there: small reads (stdin, gzip) would otherwise cost a scan each.
      while (total < len) {
        int n = in.read(b, off + total, len - total);
        if (n < 0) {
          return total == 0 ? -1 : total;
        }
        total += n;
        if (total >= READ_SIZE / 4 && in.available() <= 0) {
          break;
        }
      }
      return total;
    } catch (EOFException | ZipException e) {
      // Keep what was decompressed before the cut; it ends the input.
      cutShort = "the compressed input ends abruptly (" + e.getMessage() + ")";
      eof = true;
      return total;
    }
  }

  /** Keeps the first bytes of a too long line and discards the rest up to its newline. */
  private void skipOverlong() throws IOException {
    long startOffset = bufOffset + pos;
    byte[] head = Arrays.copyOfRange(buf, pos, pos + KEEP_OF_OVERLONG);
    long length = 0;
    boolean nl = false;
    while (!nl) {
      int i = indexOfNewline(pos, end);
      if (i >= 0) {
        length += i - pos;
        pos = i + 1;
        nl = true;
      } else {
        length += end - pos;
        pos = end;
        if (eof) {
          break;
        }
        fill();
        if (eof && pos >= end) {
          break;
        }
      }
    }
    // Put the kept head at the front of a fresh region so start()/end() can point at it.
    int headAt = buf.length - KEEP_OF_OVERLONG;
    if (headAt < end) {
      buf = Arrays.copyOf(buf, end + KEEP_OF_OVERLONG);
      headAt = end;
    }
    System.arraycopy(head, 0, buf, headAt, KEEP_OF_OVERLONG);
    lineStart = headAt;
    lineEnd = headAt + KEEP_OF_OVERLONG;
    lineOffset = startOffset;
    terminated = nl;
    overlong = true;
    overlongLength = length;
  }
}
