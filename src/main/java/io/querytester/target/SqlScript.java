package io.querytester.target;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Splits a SQL script (samples/schema.sql, a mysqldump file) into statements the way the mysql
 * client does, reading it as a stream: a delimiter ends a statement only outside quotes ({@code
 * '...'}, {@code "..."}, {@code `...`}) and comments ({@code --}, {@code #} and block comments);
 * {@code DELIMITER $$} lines change the delimiter, so stored routines and triggers load.
 *
 * <p>Comments before a statement are dropped; comments inside one are kept, and so are executable
 * comments ({@code /*!40101 ...}, {@code /*M! ...}) and optimizer hints ({@code /*+ ...}) at its
 * start, which the server reads. Backslash escapes inside strings follow the default sql_mode (no
 * NO_BACKSLASH_ESCAPES).
 */
public final class SqlScript implements Iterable<SqlScript.Statement>, AutoCloseable {

  /**
   * One statement of a script.
   *
   * @param sql the text without its delimiter and without surrounding blanks
   * @param line the 1-based line of the script where the statement starts
   */
  public record Statement(String sql, int line) {}

  private static final String DEFAULT_DELIMITER = ";";

  private final String name;
  private final Reader in;
  private String delimiter = DEFAULT_DELIMITER;
  private final List<Integer> ahead = new ArrayList<>(); // read ahead by peek()
  private int line = 1;
  private boolean iterated;

  private SqlScript(String name, Reader in) {
    this.name = name;
    this.in = in;
  }

  /** Opens a UTF-8 script file. */
  public static SqlScript open(Path file) {
    try {
      return new SqlScript(file.toString(), Files.newBufferedReader(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new BadInputException("SQL script " + file + " does not exist");
    } catch (IOException e) {
      throw new BadInputException("cannot read SQL script " + file + ": " + e.getMessage(), e);
    }
  }

  /** A script given as text; {@code name} is how messages refer to it. */
  public static SqlScript of(String name, String text) {
    return new SqlScript(name, new BufferedReader(new StringReader(text)));
  }

  /**
   * Runs every statement of a script file on one connection, in order, and returns how many ran.
   * The first failing statement stops the load with its file, line, SQLSTATE and error code.
   */
  public static int run(Path file, Connection connection) {
    try (SqlScript script = open(file)) {
      return script.runOn(connection);
    }
  }

  /** Runs the remaining statements on one connection; see {@link #run(Path, Connection)}. */
  public int runOn(Connection connection) {
    int count = 0;
    try (java.sql.Statement jdbc = connection.createStatement()) {
      // The text goes to the server as written: no JDBC {escape} rewriting (and no time spent
      // scanning megabytes of INSERT statements for it).
      jdbc.setEscapeProcessing(false);
      for (Statement s = next(); s != null; s = next()) {
        try {
          jdbc.execute(s.sql());
        } catch (SQLException e) {
          if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
            throw new CannotRunException(
                name + ":" + s.line() + ": lost the connection: " + e.getMessage(), e);
          }
          throw new BadInputException(
              name
                  + ":"
                  + s.line()
                  + ": the server refused the statement "
                  + abbreviate(s.sql())
                  + ": "
                  + e.getMessage()
                  + " (SQLSTATE "
                  + e.getSQLState()
                  + ", error "
                  + e.getErrorCode()
                  + ")",
              e);
        }
        count++;
      }
    } catch (SQLException e) {
      throw new CannotRunException("cannot run " + name + ": " + e.getMessage(), e);
    }
    return count;
  }

  /** The next statement, or null at the end of the script. */
  public Statement next() {
    try {
      return readStatement();
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + name + " at line " + line, e);
    }
  }

  /** The statements not read yet; a script can be iterated once. */
  @Override
  public Iterator<Statement> iterator() {
    if (iterated) {
      throw new IllegalStateException(name + " is already being read");
    }
    iterated = true;
    return new Iterator<>() {
      private Statement upcoming = SqlScript.this.next();

      @Override
      public boolean hasNext() {
        return upcoming != null;
      }

      @Override
      public Statement next() {
        if (upcoming == null) {
          throw new NoSuchElementException();
        }
        Statement current = upcoming;
        upcoming = SqlScript.this.next();
        return current;
      }
    };
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException("closing " + name, e);
    }
  }

  private Statement readStatement() throws IOException {
    StringBuilder sql = new StringBuilder();
    int startLine = 0;
    int plainRun = 0; // characters at the end of sql read outside quotes and comments
    for (int c = read(); c >= 0; c = read()) {
      if (sql.isEmpty()) {
        if (Character.isWhitespace(c)) {
          continue;
        }
        if (startsLineComment(c)) {
          readLine();
          continue;
        }
        if (c == '/' && peek(0) == '*' && !executableComment()) {
          read();
          skipBlockComment();
          continue;
        }
        if (startsDelimiterCommand(c)) {
          readDelimiterCommand();
          continue;
        }
        startLine = line;
      }
      if (c == '\'' || c == '"' || c == '`') {
        sql.append((char) c);
        readQuoted(c, sql);
        plainRun = 0;
      } else if (startsLineComment(c)) {
        sql.append((char) c).append(readLine()).append('\n');
        plainRun = 0;
      } else if (c == '/' && peek(0) == '*') {
        sql.append((char) c).append((char) read());
        readBlockComment(sql);
        plainRun = 0;
      } else {
        sql.append((char) c);
        plainRun++;
        if (plainRun >= delimiter.length() && endsWithDelimiter(sql)) {
          sql.setLength(sql.length() - delimiter.length());
          if (sql.isEmpty()) {
            plainRun = 0; // an empty statement (";;"): nothing to run
            continue;
          }
          return new Statement(sql.toString().strip(), startLine);
        }
      }
    }
    // The last statement may lack its delimiter.
    return sql.toString().isBlank() ? null : new Statement(sql.toString().strip(), startLine);
  }

  /** {@code #}, or {@code --} followed by a blank or control character (as in MySQL). */
  private boolean startsLineComment(int c) throws IOException {
    if (c == '#') {
      return true;
    }
    if (c != '-' || peek(0) != '-') {
      return false;
    }
    int after = peek(1);
    return after < 0 || after <= ' ';
  }

  /** After a '/' whose next character is '*': /*! ... and /*M! ... run, /*+ is a hint. */
  private boolean executableComment() throws IOException {
    int third = peek(1);
    return third == '!' || third == '+' || (third == 'M' && peek(2) == '!');
  }

  private boolean startsDelimiterCommand(int c) throws IOException {
    String word = "DELIMITER";
    if (Character.toUpperCase(c) != word.charAt(0)) {
      return false;
    }
    for (int i = 1; i < word.length(); i++) {
      int next = peek(i - 1);
      if (next < 0 || Character.toUpperCase(next) != word.charAt(i)) {
        return false;
      }
    }
    int after = peek(word.length() - 1);
    return after == ' ' || after == '\t';
  }

  private void readDelimiterCommand() throws IOException {
    int commandLine = line;
    String rest = readLine().substring("ELIMITER".length()).strip();
    if (rest.isEmpty()) {
      throw new BadInputException(
          name + ":" + commandLine + ": DELIMITER needs a new delimiter (e.g. DELIMITER $$)");
    }
    delimiter = rest.split("\\s+", 2)[0];
  }

  /** Reads a quoted string, backquoted name or quoted identifier up to its closing quote. */
  private void readQuoted(int quote, StringBuilder sql) throws IOException {
    int openedAt = line;
    while (true) {
      int c = read();
      if (c < 0) {
        throw new BadInputException(
            name
                + ":"
                + openedAt
                + ": the "
                + (char) quote
                + " quote that opens here is never closed");
      }
      sql.append((char) c);
      if (c == '\\' && quote != '`') {
        int escaped = read();
        if (escaped >= 0) {
          sql.append((char) escaped);
        }
      } else if (c == quote) {
        if (peek(0) != quote) {
          return;
        }
        sql.append((char) read()); // a doubled quote stands for itself
      }
    }
  }

  /** Appends a block comment after its opening slash-star, through its closing star-slash. */
  private void readBlockComment(StringBuilder sql) throws IOException {
    int openedAt = line;
    int prev = -1;
    while (true) {
      int c = read();
      if (c < 0) {
        throw unclosedComment(openedAt);
      }
      sql.append((char) c);
      if (prev == '*' && c == '/') {
        return;
      }
      prev = c;
    }
  }

  private void skipBlockComment() throws IOException {
    int openedAt = line;
    int prev = -1;
    while (true) {
      int c = read();
      if (c < 0) {
        throw unclosedComment(openedAt);
      }
      if (prev == '*' && c == '/') {
        return;
      }
      prev = c;
    }
  }

  private BadInputException unclosedComment(int openedAt) {
    return new BadInputException(
        name + ":" + openedAt + ": a /* comment that starts here is never closed with */");
  }

  /** The rest of the current line, without its line end (which is consumed). */
  private String readLine() throws IOException {
    StringBuilder s = new StringBuilder();
    while (true) {
      int c = read();
      if (c < 0 || c == '\n') {
        return s.toString();
      }
      if (c != '\r') {
        s.append((char) c);
      }
    }
  }

  /** Delimiters are matched case-insensitively, as the mysql client does. */
  private boolean endsWithDelimiter(StringBuilder sb) {
    int offset = sb.length() - delimiter.length();
    for (int i = 0; i < delimiter.length(); i++) {
      if (Character.toLowerCase(sb.charAt(offset + i))
          != Character.toLowerCase(delimiter.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static String abbreviate(String sql) {
    String oneLine = sql.replaceAll("\\s+", " ");
    return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 77) + "...";
  }

  /** The next character, counting lines; -1 at the end. */
  private int read() throws IOException {
    int c = ahead.isEmpty() ? in.read() : ahead.removeFirst();
    if (c == '\n') {
      line++;
    }
    return c;
  }

  /**
   * The character {@code k} places after the last one read, without consuming it; -1 past the end.
   */
  private int peek(int k) throws IOException {
    while (ahead.size() <= k) {
      ahead.addLast(in.read());
    }
    return ahead.get(k);
  }

  @Override
  public String toString() {
    return "SqlScript[" + name + ", delimiter " + delimiter + "]";
  }
}
