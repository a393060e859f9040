package io.querytester.workload;

import java.util.Locale;
import java.util.Map;

/**
 * The parts of a session's sql_mode that change how the server's lexer splits a statement, which
 * the analysis must follow: {@code ANSI_QUOTES} ({@code "..."} is a name, not a string), {@code
 * NO_BACKSLASH_ESCAPES} (a backslash in a string is a plain character) and {@code MSSQL} (MariaDB
 * 10.x and later read {@code [...]} as a name). The combination modes turn them on as the server
 * expands them: ANSI, POSTGRESQL, ORACLE, MSSQL, DB2 and MAXDB all mean ANSI_QUOTES.
 *
 * @param ansiQuotes a double quote delimits a name
 * @param noBackslashEscapes a backslash in a string escapes nothing
 * @param mssql a square bracket may delimit a name (whether it does depends on the version, so the
 *     analysis reads a bracket outside quotes as unprovable)
 */
public record SqlModes(boolean ansiQuotes, boolean noBackslashEscapes, boolean mssql) {
  /** The modes of a server's default sql_mode on every version this tool knows. */
  public static final SqlModes NONE = new SqlModes(false, false, false);

  /**
   * Every sql_mode name MariaDB (10.0 to 11.x) and MySQL (5.6 to 8.4) know, with its bit in
   * MariaDB's numbering (MySQL's agrees up to 2^31; the names MySQL 8 dropped are refused by it).
   */
  private static final Map<String, Long> BITS =
      Map.ofEntries(
          Map.entry("REAL_AS_FLOAT", 1L),
          Map.entry("PIPES_AS_CONCAT", 1L << 1),
          Map.entry("ANSI_QUOTES", 1L << 2),
          Map.entry("IGNORE_SPACE", 1L << 3),
          Map.entry("IGNORE_BAD_TABLE_OPTIONS", 1L << 4),
          Map.entry("ONLY_FULL_GROUP_BY", 1L << 5),
          Map.entry("NO_UNSIGNED_SUBTRACTION", 1L << 6),
          Map.entry("NO_DIR_IN_CREATE", 1L << 7),
          Map.entry("POSTGRESQL", 1L << 8),
          Map.entry("ORACLE", 1L << 9),
          Map.entry("MSSQL", 1L << 10),
          Map.entry("DB2", 1L << 11),
          Map.entry("MAXDB", 1L << 12),
          Map.entry("NO_KEY_OPTIONS", 1L << 13),
          Map.entry("NO_TABLE_OPTIONS", 1L << 14),
          Map.entry("NO_FIELD_OPTIONS", 1L << 15),
          Map.entry("MYSQL323", 1L << 16),
          Map.entry("MYSQL40", 1L << 17),
          Map.entry("ANSI", 1L << 18),
          Map.entry("NO_AUTO_VALUE_ON_ZERO", 1L << 19),
          Map.entry("NO_BACKSLASH_ESCAPES", 1L << 20),
          Map.entry("STRICT_TRANS_TABLES", 1L << 21),
          Map.entry("STRICT_ALL_TABLES", 1L << 22),
          Map.entry("NO_ZERO_IN_DATE", 1L << 23),
          Map.entry("NO_ZERO_DATE", 1L << 24),
          Map.entry("ALLOW_INVALID_DATES", 1L << 25),
          Map.entry("INVALID_DATES", 1L << 25),
          Map.entry("ERROR_FOR_DIVISION_BY_ZERO", 1L << 26),
          Map.entry("TRADITIONAL", 1L << 27),
          Map.entry("NO_AUTO_CREATE_USER", 1L << 28),
          Map.entry("HIGH_NOT_PRECEDENCE", 1L << 29),
          Map.entry("NO_ENGINE_SUBSTITUTION", 1L << 30),
          Map.entry("PAD_CHAR_TO_FULL_LENGTH", 1L << 31),
          Map.entry("EMPTY_STRING_IS_NULL", 1L << 32),
          Map.entry("TIME_TRUNCATE_FRACTIONAL", 1L << 32),
          Map.entry("SIMULTANEOUS_ASSIGNMENT", 1L << 33),
          Map.entry("TIME_ROUND_FRACTIONAL", 1L << 34));

  private static final long KNOWN_BITS = (1L << 35) - 1;

  /** Modes that switch ANSI_QUOTES on, as the servers expand them. */
  private static final long QUOTES =
      BITS.get("ANSI_QUOTES")
          | BITS.get("ANSI")
          | BITS.get("POSTGRESQL")
          | BITS.get("ORACLE")
          | BITS.get("MSSQL")
          | BITS.get("DB2")
          | BITS.get("MAXDB");

  /** Whether the server reads statements as this tool's scanner does by default. */
  public boolean none() {
    return !ansiQuotes && !noBackslashEscapes && !mssql;
  }

  /**
   * The modes of an sql_mode given as names ({@code 'ANSI_QUOTES,STRICT_TRANS_TABLES'}, as a SET
   * writes it and as the server reports it), or null when a name is none this tool knows.
   */
  public static SqlModes ofNames(String list) {
    long bits = 0;
    for (String name : list.split(",", -1)) {
      if (name.isEmpty()) {
        continue; // the server skips empty names ('A,,B', a trailing comma)
      }
      Long bit = BITS.get(name.toUpperCase(Locale.ROOT));
      if (bit == null) {
        return null;
      }
      bits |= bit;
    }
    return ofBits(bits);
  }

  /** The modes of an sql_mode given as a number, or null when it sets a bit this tool knows not. */
  public static SqlModes ofBits(long bits) {
    if ((bits & ~KNOWN_BITS) != 0) {
      return null;
    }
    return new SqlModes(
        (bits & QUOTES) != 0,
        (bits & BITS.get("NO_BACKSLASH_ESCAPES")) != 0,
        (bits & BITS.get("MSSQL")) != 0);
  }

  /** How a reason names them: {@code ANSI_QUOTES, NO_BACKSLASH_ESCAPES}, or "none". */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    if (ansiQuotes) {
      b.append("ANSI_QUOTES");
    }
    if (noBackslashEscapes) {
      b.append(b.isEmpty() ? "" : ", ").append("NO_BACKSLASH_ESCAPES");
    }
    if (mssql) {
      b.append(b.isEmpty() ? "" : ", ").append("MSSQL");
    }
    return b.isEmpty() ? "none" : b.toString();
  }
}
