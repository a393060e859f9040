package io.querytester.explain;

import io.querytester.OwnerOnly;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import io.querytester.workload.SqlToken;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The tables a statement reads, as OLD has them: their CREATE TABLE and, when asked, their rows as
 * INSERT statements, capped and optionally redacted. Read on a read-only session.
 */
final class ReproTables {
  /** A table of a schema. */
  record Name(String schema, String table) {
    String quoted() {
      return quote(schema) + "." + quote(table);
    }
  }

  private final Target old;
  private final Mac mac;

  ReproTables(Target old) {
    this.old = old;
    try {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("no HmacSHA256 in this JDK", e);
    }
  }

  /**
   * The base tables of {@code schemas} whose name the statement mentions (as a word or a quoted
   * name): a name that is also a column's adds a table too many, never one too few.
   */
  List<Name> tablesOf(String sql, Set<String> schemas) throws SQLException {
    Set<String> words = new LinkedHashSet<>();
    for (SqlToken t : SqlToken.of(sql)) {
      if (t.kind() == SqlToken.Kind.WORD) {
        words.add(t.text().toLowerCase(Locale.ROOT));
      } else if (t.kind() == SqlToken.Kind.QUOTED_NAME && t.text().length() > 2) {
        words.add(
            t.text()
                .substring(1, t.text().length() - 1)
                .replace("``", "`")
                .toLowerCase(Locale.ROOT));
      }
    }
    List<Name> out = new ArrayList<>();
    try (Connection c = ReadOnlySessions.of(old).connect();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT TABLE_NAME FROM information_schema.TABLES"
                    + " WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")) {
      for (String schema : schemas) {
        ps.setString(1, schema);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            String table = rs.getString(1);
            if (words.contains(table.toLowerCase(Locale.ROOT))) {
              out.add(new Name(schema, table));
            }
          }
        }
      }
    }
    return out;
  }

  /** CREATE DATABASE and CREATE TABLE of each table, as OLD shows them. */
  void writeSchema(List<Name> tables, Path file) throws SQLException, IOException {
    try (Connection c = ReadOnlySessions.of(old).connect();
        Statement s = c.createStatement();
        Writer w = OwnerOnly.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(
          "-- The tables the statement reads, as OLD (" + old.info().version() + ") has them.\n");
      w.write("SET FOREIGN_KEY_CHECKS = 0;\n");
      String schema = null;
      for (Name t : tables) {
        if (!t.schema().equals(schema)) {
          schema = t.schema();
          w.write("CREATE DATABASE IF NOT EXISTS " + quote(schema) + ";\n");
          w.write("USE " + quote(schema) + ";\n");
        }
        try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + t.quoted())) {
          rs.next();
          w.write("DROP TABLE IF EXISTS " + quote(t.table()) + ";\n");
          w.write(rs.getString(2) + ";\n\n");
        }
      }
      w.write("SET FOREIGN_KEY_CHECKS = 1;\n");
    }
  }

  /**
   * Up to {@code maxRows} rows of each table as INSERT statements; text values become a keyed hash
   * with {@code redact} (equal values stay equal, so joins and GROUP BY still pair them). Returns
   * the rows written per table, in order.
   */
  List<Long> writeData(List<Name> tables, Path file, long maxRows, boolean redact)
      throws SQLException, IOException {
    List<Long> counts = new ArrayList<>();
    try (Connection c = ReadOnlySessions.of(old).connect();
        Statement s = c.createStatement();
        Writer w = OwnerOnly.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("-- Rows of the tables the statement reads, from OLD, at most " + maxRows + " each");
      w.write(redact ? "; text values redacted (keyed hashes).\n" : ".\n");
      w.write("SET FOREIGN_KEY_CHECKS = 0;\n");
      String schema = null;
      for (Name t : tables) {
        if (!t.schema().equals(schema)) {
          schema = t.schema();
          w.write("USE " + quote(schema) + ";\n");
        }
        s.setMaxRows((int) Math.min(Integer.MAX_VALUE, maxRows));
        long n = 0;
        try (ResultSet rs = s.executeQuery("SELECT * FROM " + t.quoted())) {
          ResultSetMetaData md = rs.getMetaData();
          while (rs.next()) {
            w.write("INSERT INTO " + quote(t.table()) + " VALUES (");
            for (int i = 1; i <= md.getColumnCount(); i++) {
              w.write((i > 1 ? ", " : "") + literal(rs, i, md.getColumnType(i), redact));
            }
            w.write(");\n");
            n++;
          }
        }
        counts.add(n);
      }
      w.write("SET FOREIGN_KEY_CHECKS = 1;\n");
    }
    return counts;
  }

  private String literal(ResultSet rs, int i, int type, boolean redact) throws SQLException {
    switch (type) {
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB, Types.BIT -> {
        byte[] b = rs.getBytes(i);
        return b == null ? "NULL" : b.length == 0 ? "''" : "X'" + HexFormat.of().formatHex(b) + "'";
      }
      default -> {
        String v = rs.getString(i);
        if (v == null) {
          return "NULL";
        }
        boolean text =
            type == Types.CHAR
                || type == Types.VARCHAR
                || type == Types.LONGVARCHAR
                || type == Types.CLOB
                || type == Types.NCHAR
                || type == Types.NVARCHAR
                || type == Types.LONGNVARCHAR;
        return quoteString(redact && text ? redact(v) : v);
      }
    }
  }

  /**
   * A stand-in that keeps equal values equal and JSON documents valid JSON: a hash under a random
   * key that is never written, so likely values cannot be hashed and looked up.
   */
  String redact(String v) {
    String hash =
        "r" + HexFormat.of().formatHex(mac.doFinal(v.getBytes(StandardCharsets.UTF_8)), 0, 5);
    String s = v.strip();
    return s.startsWith("{") || s.startsWith("[") ? "\"" + hash + "\"" : hash;
  }

  static String quoteString(String v) {
    StringBuilder b = new StringBuilder(v.length() + 2).append('\'');
    for (int i = 0; i < v.length(); i++) {
      char ch = v.charAt(i);
      switch (ch) {
        case '\'' -> b.append("''");
        case '\\' -> b.append("\\\\");
        case '\0' -> b.append("\\0");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case 26 -> b.append("\\Z");
        default -> b.append(ch);
      }
    }
    return b.append('\'').toString();
  }

  static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }
}
