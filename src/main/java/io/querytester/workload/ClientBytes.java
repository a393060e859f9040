package io.querytester.workload;

import java.nio.charset.Charset;

/**
 * What the server's lexer sees of a statement under a session's reading: the driver sends the
 * workload's text as bytes in its own encoding (UTF-8), and the server splits those bytes into
 * characters by {@code character_set_client}. Under gbk, big5, sjis, cp932, gb18030 or euckr a
 * multi-byte character can end in an ASCII byte, so {@code 'X\'} (X ending in 0xBF) sent as UTF-8
 * is read under gbk as a string whose backslash was swallowed by the character before it.
 *
 * <p>The bytes are walked as the server's lexer walks them, byte by byte: multi-byte characters per
 * the character set's rule, strings with their escapes (a backslash escapes one byte, not one
 * character, as in the server's {@code get_text}), quoted names, comments. Each character the
 * server would see becomes one char of the result, so that the analysis's own scanner, which works
 * on chars, splits the result where the server splits the bytes: ASCII stays as it is, a multi-byte
 * character becomes its decoded character (or U+FFFD), which no scanner takes for a quote, a
 * backslash or a space. Where the server's reading depends on what this tool cannot know (a byte
 * above 0x7F outside quotes that a single-byte character set may call a space, an executable
 * comment in such a text) the result is unprovable, and the statement is skipped.
 */
final class ClientBytes {
  private static final char UNKNOWN = '\uFFFD';

  /**
   * @param text the statement as the server's lexer sees it, null when unprovable
   * @param unprovable why the server's reading cannot be told, else null
   */
  record Seen(String text, String unprovable) {}

  private enum State {
    NORMAL,
    STRING,
    NAME,
    LINE_COMMENT,
    BLOCK_COMMENT
  }

  private final byte[] b;
  private final ClientCharset cs;
  private final SqlModes modes;
  private final StringBuilder out;
  private State state = State.NORMAL;
  private byte quote;

  private ClientBytes(byte[] b, SqlReading reading) {
    this.b = b;
    this.cs = reading.client();
    this.modes = reading.modes();
    this.out = new StringBuilder(b.length);
  }

  static Seen see(String sql, SqlReading reading) {
    if (reading.client().readsAsSent(reading.sent(), sql) || isAscii(sql)) {
      return new Seen(sql, null); // the usual case: the text is what the server reads
    }
    if (SqlAnalyzer.hasExecutableComment(sql)) {
      return new Seen(
          null,
          "an executable comment in a statement with non-ASCII text read under"
              + " character_set_client "
              + reading.client().name());
    }
    return new ClientBytes(sql.getBytes(reading.sent()), reading).walk();
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private Seen walk() {
    int i = 0;
    while (i < b.length) {
      int c = b[i] & 0xFF;
      int n = cs.length(b, i);
      if (n > 1) {
        if (state != State.STRING && endsInAscii(i, n)) {
          // names and words are split by whether a character is valid (my_charlen), not by the
          // byte ranges strings go by: the servers end a name at A1 60 under gbk, A1 being a lead
          return new Seen(
              null,
              String.format(
                  "bytes 0x%02X 0x%02X outside a string, which the server may read as one"
                      + " character or two under character_set_client %s",
                  c, b[i + 1] & 0xFF, cs.name()));
        }
        out.append(character(i, n));
        i += n;
        continue;
      }
      if (c >= 0x80) {
        String why = loneByte(i, c);
        if (why != null) {
          return new Seen(null, why);
        }
        i++;
        continue;
      }
      i = ascii(i, c);
    }
    return new Seen(out.toString(), null);
  }

  private boolean endsInAscii(int i, int n) {
    for (int k = i + 1; k < i + n; k++) {
      if ((b[k] & 0xFF) < 0x80) {
        return true;
      }
    }
    return false;
  }

  /** A byte above 0x7F that starts no multi-byte character: what the server reads it as. */
  private String loneByte(int i, int c) {
    if (state != State.NORMAL) {
      out.append(decodedOr(i, 1, UNKNOWN)); // content of a string, name or comment
      return null;
    }
    char d = cs.rule() == ClientCharset.Rule.SINGLE ? decodedOr(i, 1, UNKNOWN) : UNKNOWN;
    if (d != UNKNOWN && Character.isLetterOrDigit(d)) {
      out.append(d); // a letter is a letter in the server's table too: part of a name
      return null;
    }
    return String.format(
        "byte 0x%02X outside quotes, which the server may read as a space or a symbol under"
            + " character_set_client %s",
        c, cs.name());
  }

  /** One ASCII byte at {@code i} in the current state; returns the next position. */
  private int ascii(int i, int c) {
    switch (state) {
      case NORMAL -> {
        return normal(i, c);
      }
      case STRING -> {
        if (c == '\\' && !modes.noBackslashEscapes()) {
          out.append('\\');
          if (i + 1 < b.length) {
            // the server's get_text skips one byte after a backslash, whatever character it starts
            int e = b[i + 1] & 0xFF;
            out.append(e < 0x80 ? (char) e : UNKNOWN);
          }
          return i + 2;
        }
        return quoted(i, c);
      }
      case NAME -> {
        return quoted(i, c);
      }
      case LINE_COMMENT -> {
        if (c == '\n') {
          state = State.NORMAL;
        }
      }
      case BLOCK_COMMENT -> {
        if (c == '*' && i + 1 < b.length && b[i + 1] == '/') {
          out.append("*/");
          state = State.NORMAL;
          return i + 2;
        }
      }
    }
    out.append((char) c);
    return i + 1;
  }

  private int normal(int i, int c) {
    if (c == '\'' || c == '"' || c == '`') {
      state = c == '\'' || (c == '"' && !modes.ansiQuotes()) ? State.STRING : State.NAME;
      quote = (byte) c;
    } else if (c == '#') {
      state = State.LINE_COMMENT;
    } else if (c == '-' && at(i + 1) == '-' && (i + 2 >= b.length || commentSpace(at(i + 2)))) {
      state = State.LINE_COMMENT;
    } else if (c == '/' && at(i + 1) == '*') {
      out.append("/*");
      state = State.BLOCK_COMMENT;
      return i + 2;
    }
    out.append((char) c);
    return i + 1;
  }

  /** Inside a string or a name: the quote ends it unless doubled. */
  private int quoted(int i, int c) {
    out.append((char) c);
    if (c != (quote & 0xFF)) {
      return i + 1;
    }
    if (at(i + 1) == c) {
      out.append((char) c);
      return i + 2;
    }
    state = State.NORMAL;
    return i + 1;
  }

  /** What may follow {@code --} in a comment: a space or a control character, DEL included. */
  private static boolean commentSpace(int c) {
    return c <= ' ' || c == 0x7F;
  }

  private int at(int i) {
    return i < b.length ? b[i] & 0xFF : -1;
  }

  /** A multi-byte character as one char: its decoded self, else U+FFFD (never ASCII). */
  private char character(int i, int n) {
    return decodedOr(i, n, UNKNOWN);
  }

  private char decodedOr(int i, int n, char otherwise) {
    Charset java = cs.java();
    if (java == null) {
      return otherwise;
    }
    String s = new String(b, i, n, java);
    if (s.length() != 1 || s.charAt(0) < 0x80 || Character.isSurrogate(s.charAt(0))) {
      return otherwise; // unmapped, or a character outside the BMP: its identity does not matter
    }
    return s.charAt(0);
  }
}
