package io.querytester.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL that checksums a chunk on the server, the same text for the source and every replica.
 *
 * <p>Per row: {@code MD5(CONCAT_WS('#', <columns>, <byte lengths>, <NULL markers>))}. Numbers and
 * dates go in as their exact text, floats as a fixed-scale rounding, BIT as its number. Text and
 * binary go in as the bytes stored, followed by their byte lengths: a '#' inside a value can then
 * never make ('a#', 'b') and ('a', '#b') hash alike. Raw bytes need every text column of the table
 * in one character set (CONCAT_WS converts mixed sets, or refuses: "Illegal mix of collations"); a
 * table with several, or a text column whose set the server does not name, hashes HEX() of each
 * text and binary value instead, which costs the servers 8-14% more CPU on the bench table (MD5
 * reads twice the text bytes; bench/drift/README.md). CONCAT_WS skips NULLs, so a string of
 * ISNULL() flags for the nullable columns keeps NULL apart from an empty string. Per chunk:
 * COUNT(*) and the sum of the first 64 bits of every row's MD5 as BIGINT UNSIGNED. SUM over BIGINT
 * UNSIGNED returns an exact DECIMAL, so nothing overflows or rounds; a sum is order-independent
 * and, unlike XOR, two identical rows do not cancel out. MD5 is named once per row: the server
 * evaluates every mention of an expression again (a merged derived table too), and a second 64-bit
 * half cost a second MD5, doubling the server's CPU for bits the collision odds do not need
 * (docs/drift.md). Functions used exist on MySQL 5.7-8.4 and MariaDB 10.1-11.4.
 */
final class ChecksumQuery {
  private final TableDef table;
  private final int floatPrecision;
  private final boolean rawBytes;

  ChecksumQuery(TableDef table, int floatPrecision) {
    this.table = table;
    this.floatPrecision = floatPrecision;
    this.rawBytes = oneCharacterSet(table.columns());
  }

  /** Whether every text column names the same character set (true when there is no text). */
  static boolean oneCharacterSet(List<Column> columns) {
    List<String> sets =
        columns.stream()
            .filter(c -> c.kind() == ColumnKind.TEXT)
            .map(Column::charset)
            .distinct()
            .toList();
    return sets.isEmpty() || (sets.size() == 1 && !sets.get(0).isEmpty());
  }

  /** The per-row hash: 32 hex digits. */
  String rowHash() {
    List<String> parts = new ArrayList<>();
    List<String> lengths = new ArrayList<>();
    for (Column c : table.columns()) {
      boolean bytes = c.kind() == ColumnKind.TEXT || c.kind() == ColumnKind.BINARY;
      if (rawBytes && bytes) {
        parts.add(c.quoted());
        lengths.add("LENGTH(" + c.quoted() + ")");
      } else {
        parts.add(ColumnSql.normalized(c, floatPrecision));
      }
    }
    parts.addAll(lengths);
    List<String> nullable =
        table.columns().stream()
            .filter(Column::nullable)
            .map(c -> "ISNULL(" + c.quoted() + ")")
            .toList();
    if (!nullable.isEmpty()) {
      parts.add("CONCAT(" + String.join(", ", nullable) + ")");
    }
    return "MD5(CONCAT_WS('#', " + String.join(", ", parts) + "))";
  }

  /** COUNT(*) and the sum of the rows' 64-bit hashes for the rows in {@code range}. */
  String chunk(KeyRange range) {
    return "SELECT COUNT(*), COALESCE(SUM(CAST(CONV(LEFT("
        + rowHash()
        + ", 16), 16, 10) AS UNSIGNED)), 0) FROM "
        + from()
        + " WHERE "
        + where(range);
  }

  /** Key literals and row hash of every row in {@code range}: the first step of a row diff. */
  String rowHashes(KeyRange range) {
    return "SELECT "
        + keyLiterals()
        + ", "
        + rowHash()
        + " FROM "
        + from()
        + " WHERE "
        + where(range);
  }

  /** For a table without a key: each distinct row hash and how often it occurs. */
  String hashCounts() {
    return "SELECT " + rowHash() + " AS h, COUNT(*) FROM " + table.quoted() + " GROUP BY h";
  }

  /** Literal and normalized value of every column of the row with this key. */
  String rowByKey(List<String> key) {
    return "SELECT "
        + details()
        + " FROM "
        + table.quoted()
        + " WHERE "
        + RangeSql.equal(table.key(), key);
  }

  /** Literal and normalized value of every column of up to {@code limit} rows with this hash. */
  String rowsByHash(String hash, int limit) {
    if (!hash.matches("[0-9a-f]{32}")) {
      throw new IllegalArgumentException("not an MD5 hex digest: " + hash);
    }
    return "SELECT "
        + details()
        + " FROM "
        + table.quoted()
        + " WHERE "
        + rowHash()
        + " = '"
        + hash
        + "' LIMIT "
        + limit;
  }

  /** Column literals of the key, in key order. */
  String keyLiterals() {
    return table.key().stream().map(ColumnSql::literal).collect(Collectors.joining(", "));
  }

  private String details() {
    List<String> parts = new ArrayList<>();
    table.columns().forEach(c -> parts.add(ColumnSql.literal(c)));
    table.columns().forEach(c -> parts.add(ColumnSql.normalized(c, floatPrecision)));
    return String.join(", ", parts);
  }

  private String from() {
    return table.chunked()
        ? table.quoted() + " FORCE INDEX (" + Sql.ident(table.keyName()) + ")"
        : table.quoted();
  }

  private String where(KeyRange range) {
    return table.chunked() ? RangeSql.where(table.key(), range) : "1=1";
  }
}
