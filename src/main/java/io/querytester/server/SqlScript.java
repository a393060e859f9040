package io.querytester.server;

import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Splits an SQL script (mysqldump, mariadb-dump or hand-written) into statements, streaming: a dump
 * of many gigabytes never sits in memory, only the statement being read.
 *
 * <p>Knows quotes ('...', "...", `...` with doubled quotes and backslash escapes), comments ({@code
 * -- }, {@code #}, {@code /* *}{@code /}; executable {@code /*!...*}{@code /} comments are kept, as
 * the server must see them) and {@code DELIMITER} lines (stored routines in dumps).
 */
public final class SqlScript implements Iterable<SqlScript.Statement> {

  /** A statement and the line it starts on (1-based), for error messages. */
  public record Statement(String sql, long line) {}

  private final Reader in;

  public SqlScript(Reader in) {
    this.in = in;
  }

  @Override
  public Iterator<Statement> iterator() {
    return new Iterator<>() {
      private final Scanner scanner = new Scanner(in);
      private Statement next = scanner.next();

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public Statement next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        Statement s = next;
        next = scanner.next();
        return s;
      }
    };
  }

  /** The character-level state machine. */
  private static final class Scanner {
    private final PushbackReader in;
    private long line = 1;
    private String delimiter = ";";

    Scanner(Reader in) {
      this.in = new PushbackReader(in, 16);
    }

    Statement next() {
      StringBuilder sb = new StringBuilder();
      long startLine = -1;
      boolean lineStart = true;
      while (true) {
        boolean blank = startLine < 0;
        if (lineStart && blank && delimiterLine()) {
          continue;
        }
        int c = read();
        lineStart = c == '\n';
        if (c < 0) {
          String rest = sb.toString().strip();
          return rest.isEmpty() ? null : new Statement(rest, startLine);
        }
        if (c == '\'' || c == '"' || c == '`') {
          quoted(sb, (char) c);
        } else if (c == '#' || (c == '-' && peek() == '-' && isSpaceOrEnd(peek2()))) {
          skipLine();
          lineStart = true;
          sb.append('\n');
        } else if (c == '/' && peek() == '*') {
          read();
          int kind = peek();
          // Executable comments (MySQL /*!, MariaDB /*M!) and optimizer hints are part of the
          // statement; mariadb-dump writes /*M!100616 SET NOTE_VERBOSITY=0 */ and the like.
          boolean keep = kind == '!' || kind == '+' || (kind == 'M' && peek2() == '!');
          if (keep && startLine < 0) {
            startLine = line;
          }
          StringBuilder comment = new StringBuilder("/*");
          blockComment(comment);
          sb.append(keep ? comment : " ");
        } else {
          sb.append((char) c);
          if (startLine < 0 && !Character.isWhitespace(c)) {
            startLine = line - (c == '\n' ? 1 : 0);
          }
        }
        if (startLine < 0 && (c == '\'' || c == '"' || c == '`')) {
          startLine = line;
        }
        if (endsWithDelimiter(sb)) {
          sb.setLength(sb.length() - delimiter.length());
          String sql = sb.toString().strip();
          if (!sql.isEmpty()) {
            return new Statement(sql, startLine);
          }
          sb.setLength(0);
          startLine = -1;
        }
      }
    }

    private boolean endsWithDelimiter(StringBuilder sb) {
      int n = delimiter.length();
      if (sb.length() < n) {
        return false;
      }
      for (int i = 0; i < n; i++) {
        if (sb.charAt(sb.length() - n + i) != delimiter.charAt(i)) {
          return false;
        }
      }
      return true;
    }

    /** At the start of a line: a {@code DELIMITER x} line changes the delimiter. */
    private boolean delimiterLine() {
      char[] word = new char[10];
      int n = 0;
      while (n < 10) {
        int c = read();
        if (c < 0) {
          break;
        }
        word[n++] = (char) c;
        if (n == 9 && !"delimiter".equalsIgnoreCase(new String(word, 0, 9))) {
          break;
        }
        if (n < 9 && Character.toLowerCase((char) c) != "delimiter".charAt(n - 1)) {
          break;
        }
      }
      if (n == 10
          && "delimiter".equalsIgnoreCase(new String(word, 0, 9))
          && (word[9] == ' ' || word[9] == '\t')) {
        StringBuilder rest = new StringBuilder();
        for (int c = read(); c >= 0 && c != '\n'; c = read()) {
          rest.append((char) c);
        }
        String d = rest.toString().strip();
        if (!d.isEmpty()) {
          delimiter = d;
        }
        return true;
      }
      for (int i = n - 1; i >= 0; i--) {
        unread(word[i]);
      }
      return false;
    }

    private void quoted(StringBuilder sb, char quote) {
      sb.append(quote);
      while (true) {
        int c = read();
        if (c < 0) {
          return;
        }
        sb.append((char) c);
        if (c == '\\' && quote != '`') {
          int e = read();
          if (e >= 0) {
            sb.append((char) e);
          }
        } else if (c == quote) {
          if (peek() == quote) {
            sb.append((char) read());
          } else {
            return;
          }
        }
      }
    }

    private void blockComment(StringBuilder into) {
      int prev = 0;
      for (int c = read(); c >= 0; c = read()) {
        into.append((char) c);
        if (prev == '*' && c == '/') {
          return;
        }
        prev = c;
      }
    }

    private void skipLine() {
      for (int c = read(); c >= 0 && c != '\n'; c = read()) {
        // a comment
      }
    }

    private static boolean isSpaceOrEnd(int c) {
      return c < 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private int read() {
      try {
        int c = in.read();
        if (c == '\n') {
          line++;
        }
        return c;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private void unread(int c) {
      try {
        in.unread(c);
        if (c == '\n') {
          line--;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private int peek() {
      int c = read();
      if (c >= 0) {
        unread(c);
      }
      return c;
    }

    private int peek2() {
      int a = read();
      if (a < 0) {
        return -1;
      }
      int b = read();
      if (b >= 0) {
        unread(b);
      }
      unread(a);
      return b;
    }
  }
}
