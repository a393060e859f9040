package io.querytester.health;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the lines appended to an error-log file since the last read. A file that shrank (rotated or
 * truncated) is read again from its start; a line still being written waits for its line break;
 * bytes that are not UTF-8 are read as Latin-1, so binary junk is still text.
 */
final class ErrorLogTailer implements ErrorLogSource {
  /** At most this much is read per call, so a log that floods cannot take the memory. */
  static final int MAX_READ = 4 << 20;

  /** A line longer than this (no line break in sight) is cut. */
  static final int MAX_LINE = 64 << 10;

  private final Path file;
  private long offset;
  private byte[] partial = new byte[0];
  private boolean dropCutLine;

  private ErrorLogTailer(Path file, long offset) {
    this.file = file;
    this.offset = offset;
  }

  /**
   * A tailer that first returns the last {@code backlog} bytes already in the file (the start-up
   * lines), then what is appended.
   */
  static ErrorLogTailer withBacklog(Path file, long backlog) {
    long size = size(file);
    ErrorLogTailer t = new ErrorLogTailer(file, Math.max(0, size - backlog));
    t.dropCutLine = t.offset > 0; // started in the middle of a line
    return t;
  }

  @Override
  public String describe() {
    return file.toString();
  }

  @Override
  public List<String> readNew(Connection ignored) {
    long size = size(file);
    if (size < offset) {
      offset = 0; // rotated or truncated: the new file from its start
      partial = new byte[0];
      dropCutLine = false;
    }
    if (size == offset) {
      return List.of();
    }
    int want = (int) Math.min(MAX_READ, size - offset);
    ByteBuffer buf = ByteBuffer.allocate(want);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      while (buf.hasRemaining() && ch.read(buf, offset + buf.position()) > 0) {
        // read until the buffer is full or the end of the file
      }
    } catch (IOException e) {
      return List.of();
    }
    offset += buf.position();
    return split(buf.array(), buf.position());
  }

  private List<String> split(byte[] bytes, int length) {
    List<String> lines = new ArrayList<>();
    byte[] data = partial.length == 0 ? bytes : concat(partial, bytes, length);
    int end = partial.length == 0 ? length : data.length;
    int start = 0;
    for (int i = 0; i < end; i++) {
      if (data[i] == '\n') {
        if (dropCutLine) {
          dropCutLine = false;
        } else {
          lines.add(text(data, start, i));
        }
        start = i + 1;
      }
    }
    int rest = end - start;
    while (rest > MAX_LINE) {
      lines.add(text(data, start, start + MAX_LINE));
      start += MAX_LINE;
      rest -= MAX_LINE;
    }
    partial = java.util.Arrays.copyOfRange(data, start, start + rest);
    return lines;
  }

  private static byte[] concat(byte[] a, byte[] b, int bLength) {
    byte[] out = new byte[a.length + bLength];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, bLength);
    return out;
  }

  static String text(byte[] data, int from, int to) {
    int end = to > from && data[to - 1] == '\r' ? to - 1 : to;
    ByteBuffer slice = ByteBuffer.wrap(data, from, end - from);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(slice)
          .toString();
    } catch (CharacterCodingException e) {
      return new String(data, from, end - from, StandardCharsets.ISO_8859_1);
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }
}
