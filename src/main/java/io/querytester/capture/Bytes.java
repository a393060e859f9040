package io.querytester.capture;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Byte-level helpers for the log parsers: prefix tests, numbers, and lenient UTF-8 decoding. */
final class Bytes {
  private Bytes() {}

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (b[from + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** ASCII case-insensitive prefix test; {@code prefix} must be lower case. */
  static boolean startsWithIgnoreCase(byte[] b, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      int c = b[from + i];
      if (c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  static boolean endsWith(byte[] b, int from, int to, byte[] suffix) {
    return to - from >= suffix.length && startsWith(b, to - suffix.length, to, suffix);
  }

  static int indexOf(byte[] b, int from, int to, byte[] needle) {
    outer:
    for (int i = from; i <= to - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (b[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  static int skipSpaces(byte[] b, int i, int to) {
    while (i < to && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    return i;
  }

  static int skipToSpace(byte[] b, int i, int to) {
    while (i < to && b[i] != ' ' && b[i] != '\t') {
      i++;
    }
    return i;
  }

  /** Parses an unsigned decimal integer in [from, to); -1 if it is not one. */
  static long parseLong(byte[] b, int from, int to) {
    if (from >= to || to - from > 18) {
      return -1;
    }
    long v = 0;
    for (int i = from; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  /** Parses seconds like {@code 0.000123} or {@code 12} into microseconds; -1 if malformed. */
  static long parseSecondsAsMicros(byte[] b, int from, int to) {
    int dot = from;
    while (dot < to && b[dot] != '.') {
      dot++;
    }
    long whole = dot == from ? 0 : parseLong(b, from, dot);
    if (whole < 0) {
      return -1;
    }
    long frac = 0;
    int digits = 0;
    for (int i = dot + 1; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      if (digits < 6) {
        frac = frac * 10 + d;
        digits++;
      }
    }
    while (digits < 6) {
      frac *= 10;
      digits++;
    }
    return whole * 1_000_000 + frac;
  }

  /**
   * Whether the bytes hold control characters that no SQL statement in a log has (NUL and the other
   * C0 controls except tab, newline, vertical tab, form feed and carriage return): the sign of
   * binary junk.
   */
  static int controlBytes(byte[] b, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      int c = b[i];
      if (c >= 0 && c < 0x20 && c != '\t' && c != '\n' && c != 0x0b && c != 0x0c && c != '\r') {
        n++;
      }
    }
    return n;
  }

  /** The result of decoding: the text, and whether some bytes were not valid UTF-8. */
  record Decoded(String text, boolean invalid) {}

  /**
   * Decodes UTF-8 leniently: invalid sequences become U+FFFD and are flagged, so a caller can warn
   * and keep the statement. Pure ASCII, the common case, takes the fast path.
   */
  static Decoded decode(byte[] b, int from, int to) {
    boolean ascii = true;
    for (int i = from; i < to; i++) {
      if (b[i] < 0) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      return new Decoded(new String(b, from, to - from, StandardCharsets.ISO_8859_1), false);
    }
    String s = new String(b, from, to - from, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') < 0) {
      return new Decoded(s, false);
    }
    // U+FFFD may also be in the log legitimately; only a strict decode tells.
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b, from, to - from));
      return new Decoded(s, false);
    } catch (CharacterCodingException e) {
      return new Decoded(s, true);
    }
  }

  static String string(byte[] b, int from, int to) {
    return decode(b, from, to).text();
  }
}
