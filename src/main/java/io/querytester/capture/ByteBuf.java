package io.querytester.capture;

import java.util.Arrays;

/** A reusable growable byte array that collects the lines of one statement. */
final class ByteBuf {
  private byte[] bytes = new byte[4096];
  private int length;

  void append(byte[] b, int from, int to) {
    int n = to - from;
    if (length + n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
    }
    System.arraycopy(b, from, bytes, length, n);
    length += n;
  }

  void appendNewline() {
    if (length == bytes.length) {
      bytes = Arrays.copyOf(bytes, bytes.length * 2);
    }
    bytes[length++] = '\n';
  }

  byte[] bytes() {
    return bytes;
  }

  int length() {
    return length;
  }

  boolean isEmpty() {
    return length == 0;
  }

  void clear() {
    length = 0;
    // Give back the memory of a huge statement rather than hold it for the rest of the file.
    if (bytes.length > 1 << 22) {
      bytes = new byte[4096];
    }
  }
}
