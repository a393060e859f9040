package io.querytester.run;

/**
 * One result column as the server described it.
 *
 * @param name the column label
 * @param type the SQL type name (BIGINT, DECIMAL, VARCHAR ...)
 * @param precision display size or precision
 * @param scale digits after the point
 * @param nullable whether the column may hold NULL
 * @param charset the character set of a text column, null for others
 * @param definition the column definition packet as the server sent it; null in run folders written
 *     before it was recorded
 */
public record ColumnMeta(
    String name,
    String type,
    int precision,
    int scale,
    boolean nullable,
    String charset,
    ColumnDefinition definition) {

  public ColumnMeta(
      String name, String type, int precision, int scale, boolean nullable, String charset) {
    this(name, type, precision, scale, nullable, charset, null);
  }
}
