package io.querytester.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The values of a short line ({@code [12,4101,3,...]}): whole numbers, null, strings without
 * escapes (tags, base64) and lists of numbers, all an encoder writes there. Scanned by hand: a
 * report reads a million of them, and a JSON tree per line cost more than everything else the
 * reading does. A line with anything else, or cut short, is refused.
 */
final class ShortLine {
  private final List<Object> values = new ArrayList<>(16);
  private String line;
  private int at;

  /** The values of {@code line}: Long, String, null or List of Long. */
  List<Object> scan(String line) throws IOException {
    this.line = line;
    this.at = 0;
    values.clear();
    expect('[');
    if (peek() == ']') {
      at++;
    } else {
      do {
        values.add(value());
      } while (comma());
      expect(']');
    }
    if (at != line.length()) {
      throw refused();
    }
    return values;
  }

  private Object value() throws IOException {
    char c = peek();
    if (c == '"') {
      int end = line.indexOf('"', at + 1);
      if (end < 0 || line.indexOf('\\', at + 1, end) >= 0) {
        throw refused();
      }
      String s = line.substring(at + 1, end);
      at = end + 1;
      return s;
    }
    if (c == 'n' && line.startsWith("null", at)) {
      at += 4;
      return null;
    }
    if (c == '[') {
      at++;
      List<Long> list = new ArrayList<>();
      if (peek() == ']') {
        at++;
        return list;
      }
      do {
        list.add(number());
      } while (comma());
      expect(']');
      return list;
    }
    return number();
  }

  /**
   * Up to 18 digits are added up here (they cannot overflow); longer numbers go to {@code
   * Long.parseLong}, which under C1 was a third of the scan. ASCII digits only, all an encoder
   * writes: other Unicode digits, which {@code Character.isDigit} let through, are refused.
   */
  private long number() throws IOException {
    int start = at;
    int length = line.length();
    boolean negative = at < length && line.charAt(at) == '-';
    if (negative) {
      at++;
    }
    int digits = at;
    long value = 0;
    char c;
    while (at < length && (c = line.charAt(at)) >= '0' && c <= '9') {
      value = value * 10 + (c - '0');
      at++;
    }
    if (at == digits) {
      throw refused();
    }
    if (at - digits <= 18) {
      return negative ? -value : value;
    }
    try {
      return Long.parseLong(line, start, at, 10);
    } catch (NumberFormatException e) {
      throw refused();
    }
  }

  private boolean comma() {
    if (at < line.length() && line.charAt(at) == ',') {
      at++;
      return true;
    }
    return false;
  }

  private char peek() throws IOException {
    if (at >= line.length()) {
      throw refused();
    }
    return line.charAt(at);
  }

  private void expect(char c) throws IOException {
    if (peek() != c) {
      throw refused();
    }
    at++;
  }

  private IOException refused() {
    return new IOException("not a short execution line (cut or damaged) at character " + at);
  }
}
