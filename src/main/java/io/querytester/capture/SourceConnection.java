package io.querytester.capture;

import io.querytester.server.Target;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The only way a polling source talks to its server: a read-only connection that runs SELECT and
 * SHOW and nothing else. A source holding one cannot write to the server it captures from, by
 * construction rather than by care: there is no method that takes any other statement, and rows
 * come back as values, not as a live ResultSet that could be updated.
 */
public final class SourceConnection implements AutoCloseable {
  private static final Pattern READ = Pattern.compile("(?is)\\s*(SELECT|SHOW)\\s.*");
  private static final Pattern WRITES =
      Pattern.compile(
          "(?is).*(;|\\bINTO\\b|\\bFOR\\s+UPDATE\\b|\\bLOCK\\s+IN\\b|\\bSHARE\\s+MODE\\b).*");

  /** A result: column labels (upper case) and rows of values. */
  public record Rows(List<String> columns, List<Object[]> rows) {
    public int column(String label) {
      return columns.indexOf(label.toUpperCase(Locale.ROOT));
    }
  }

  private final Connection connection;
  private final long connectionId;
  private long statements;
  // A source runs a handful of texts again and again: few, and they are its own query classes.
  private final Set<String> texts = new LinkedHashSet<>();

  private SourceConnection(Connection connection) throws SQLException {
    this.connection = connection;
    connection.setAutoCommit(true);
    // Connector/J makes the session read-only on the server too (SET SESSION TRANSACTION READ
    // ONLY).
    connection.setReadOnly(true);
    Rows id = query("SELECT CONNECTION_ID()");
    this.connectionId = ((Number) id.rows().get(0)[0]).longValue();
  }

  /** Opens a new read-only connection to the target. */
  public static SourceConnection open(Target target) throws SQLException {
    Connection c = target.connect();
    try {
      return new SourceConnection(c);
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** This session's connection id, so sources can leave it out of what they capture. */
  public long id() {
    return connectionId;
  }

  /** Statements this connection ran, to take out of the server's Questions counter. */
  public long statements() {
    return statements;
  }

  /** The distinct texts this connection ran (the first thousand): the capture's own classes. */
  public Set<String> texts() {
    return Collections.unmodifiableSet(texts);
  }

  /** Runs one SELECT or SHOW; anything else is refused before it reaches the server. */
  public Rows query(String sql) throws SQLException {
    if (!READ.matcher(sql).matches() || WRITES.matcher(sql).matches()) {
      throw new IllegalArgumentException("a capture source may only run SELECT and SHOW: " + sql);
    }
    statements++;
    if (texts.size() < 1000) {
      texts.add(sql);
    }
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      List<String> columns = new ArrayList<>(n);
      for (int i = 1; i <= n; i++) {
        columns.add(md.getColumnLabel(i).toUpperCase(Locale.ROOT));
      }
      List<Object[]> rows = new ArrayList<>();
      while (rs.next()) {
        Object[] row = new Object[n];
        for (int i = 0; i < n; i++) {
          row[i] = rs.getObject(i + 1);
        }
        rows.add(row);
      }
      return new Rows(columns, rows);
    }
  }

  /** The value of a SHOW GLOBAL STATUS or SHOW GLOBAL VARIABLES entry, or null. */
  public String show(String what, String name) throws SQLException {
    if (!name.matches("[A-Za-z_]+")) {
      throw new IllegalArgumentException(name);
    }
    Rows r = query("SHOW GLOBAL " + what + " LIKE '" + name + "'");
    return r.rows().isEmpty() ? null : String.valueOf(r.rows().get(0)[1]);
  }

  /** A text column's value: Connector/J gives some as bytes (UTF-8), NULL stays null. */
  static String text(Object o) {
    return o == null
        ? null
        : o instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : o.toString();
  }

  /** A numeric column's value; NULL is 0. */
  static long number(Object o) {
    return o == null ? 0 : o instanceof Number n ? n.longValue() : Long.parseLong(o.toString());
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // Closing a lost connection; nothing to save.
    }
  }
}
