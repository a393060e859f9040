package io.querytester.drift;

import java.util.Locale;

/**
 * How a column is turned into bytes for hashing and into a literal for SQL. Grouped by what can go
 * wrong: text must be compared as bytes (not collation weights), floats must be rounded, binary
 * data must not pass through a character set.
 */
enum ColumnKind {
  /** Integers, DECIMAL and YEAR: their decimal text is exact. */
  EXACT_NUMBER,
  /** BIT: its text would be raw bytes; use the number. */
  BIT,
  /** FLOAT, DOUBLE: rounded to the configured precision. */
  FLOAT,
  /** DATE, TIME, DATETIME, TIMESTAMP (read with time_zone +00:00). */
  TEMPORAL,
  /** Character data, ENUM, SET, JSON: hashed as the bytes stored, in the column's charset. */
  TEXT,
  /** BINARY, VARBINARY, BLOB, spatial and anything unknown: hashed as bytes. */
  BINARY;

  static ColumnKind of(String dataType) {
    return switch (dataType.toLowerCase(Locale.ROOT)) {
      case "tinyint",
          "smallint",
          "mediumint",
          "int",
          "integer",
          "bigint",
          "decimal",
          "numeric",
          "year" ->
          EXACT_NUMBER;
      case "bit" -> BIT;
      case "float", "double", "real", "double precision" -> FLOAT;
      case "date", "time", "datetime", "timestamp" -> TEMPORAL;
      case "char", "varchar", "tinytext", "text", "mediumtext", "longtext", "enum", "set", "json" ->
          TEXT;
      default -> BINARY;
    };
  }
}
