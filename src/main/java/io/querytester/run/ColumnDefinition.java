package io.querytester.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The protocol's column definition of one result column, as the server sent it: what JDBC's
 * metadata maps away (Connector/J reports BIGINT precision 19 whatever display length the server
 * sent).
 *
 * @param protocolType the protocol type code (MYSQL_TYPE_*: 3 LONG, 8 LONGLONG, 253 VAR_STRING ...)
 * @param length the column length (display width, in bytes for text)
 * @param decimals digits after the point (31 for "not fixed" on floating point)
 * @param flags the column flags (NOT_NULL 1, PRI_KEY 2, UNSIGNED 32, ZEROFILL 64, BINARY 128 ...)
 * @param collationId the collation id of the column's character set (63 is binary)
 * @param collation the collation's name when the driver knows the id, else null
 * @param orgName the column's name in its table, empty for an expression
 * @param table the table's alias in the statement
 * @param orgTable the table's real name
 * @param schema the database of the table
 */
public record ColumnDefinition(
    int protocolType,
    long length,
    int decimals,
    int flags,
    int collationId,
    String collation,
    String orgName,
    String table,
    String orgTable,
    String schema) {

  // Written out for the C1 compiler, as ColumnMeta's (which compares these per column).
  @Override
  public boolean equals(Object o) {
    return o == this
        || o instanceof ColumnDefinition d
            && protocolType == d.protocolType
            && length == d.length
            && decimals == d.decimals
            && flags == d.flags
            && collationId == d.collationId
            && Objects.equals(collation, d.collation)
            && Objects.equals(orgName, d.orgName)
            && Objects.equals(table, d.table)
            && Objects.equals(orgTable, d.orgTable)
            && Objects.equals(schema, d.schema);
  }

  @Override
  public int hashCode() {
    int h = protocolType;
    h = 31 * h + Long.hashCode(length);
    h = 31 * h + decimals;
    h = 31 * h + flags;
    h = 31 * h + collationId;
    h = 31 * h + Objects.hashCode(collation);
    h = 31 * h + Objects.hashCode(orgName);
    h = 31 * h + Objects.hashCode(table);
    h = 31 * h + Objects.hashCode(orgTable);
    return 31 * h + Objects.hashCode(schema);
  }

  /** Flags that {@link ColumnMeta#nullable()} and the type name report already. */
  static final int SHOWN_ELSEWHERE = 1 | 32;

  /** Flags that a change of charset or type family changes with it (BLOB, BINARY). */
  static final int FOLLOW_THE_TYPE = 16 | 128;

  private static final String[] FLAG_NAMES = {
    "NOT NULL",
    "PRIMARY KEY",
    "UNIQUE KEY",
    "MULTIPLE KEY",
    "BLOB",
    "UNSIGNED",
    "ZEROFILL",
    "BINARY",
    "ENUM",
    "AUTO_INCREMENT",
    "TIMESTAMP",
    "SET",
    "NO DEFAULT VALUE",
    "ON UPDATE NOW",
    "PART KEY",
    "NUM"
  };

  /** The names of the flags set in {@code bits}, e.g. [BINARY, NUM]. */
  static List<String> flagNames(int bits) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < FLAG_NAMES.length; i++) {
      if ((bits & (1 << i)) != 0) {
        out.add(FLAG_NAMES[i]);
      }
    }
    int unknown = bits & ~((1 << FLAG_NAMES.length) - 1);
    if (unknown != 0) {
      out.add("0x" + Integer.toHexString(unknown));
    }
    return out;
  }

  /** The protocol's name of a type code, e.g. LONGLONG for 8. */
  static String typeName(int code) {
    return switch (code) {
      case 0 -> "DECIMAL";
      case 1 -> "TINY";
      case 2 -> "SHORT";
      case 3 -> "LONG";
      case 4 -> "FLOAT";
      case 5 -> "DOUBLE";
      case 6 -> "NULL";
      case 7 -> "TIMESTAMP";
      case 8 -> "LONGLONG";
      case 9 -> "INT24";
      case 10 -> "DATE";
      case 11 -> "TIME";
      case 12 -> "DATETIME";
      case 13 -> "YEAR";
      case 14 -> "NEWDATE";
      case 15 -> "VARCHAR";
      case 16 -> "BIT";
      case 245 -> "JSON";
      case 246 -> "NEWDECIMAL";
      case 247 -> "ENUM";
      case 248 -> "SET";
      case 249 -> "TINY_BLOB";
      case 250 -> "MEDIUM_BLOB";
      case 251 -> "LONG_BLOB";
      case 252 -> "BLOB";
      case 253 -> "VAR_STRING";
      case 254 -> "STRING";
      case 255 -> "GEOMETRY";
      default -> "type " + code;
    };
  }

  String collationText() {
    return collation == null ? "collation " + collationId : collation + " (" + collationId + ")";
  }
}
