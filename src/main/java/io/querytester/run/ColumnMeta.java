package io.querytester.run;

import java.util.Objects;

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

  // equals and hashCode are written out: the launcher runs the C1 compiler only, under which a
  // record's generated ones (method-handle chains) took 20 us to hash and compare a list of eight
  // columns (0.4 us under C2), and the execution log does both for every statement.
  @Override
  public boolean equals(Object o) {
    return o == this
        || o instanceof ColumnMeta c
            && precision == c.precision
            && scale == c.scale
            && nullable == c.nullable
            && Objects.equals(name, c.name)
            && Objects.equals(type, c.type)
            && Objects.equals(charset, c.charset)
            && Objects.equals(definition, c.definition);
  }

  @Override
  public int hashCode() {
    int h = Objects.hashCode(name);
    h = 31 * h + Objects.hashCode(type);
    h = 31 * h + precision;
    h = 31 * h + scale;
    h = 31 * h + (nullable ? 1 : 0);
    h = 31 * h + Objects.hashCode(charset);
    return 31 * h + Objects.hashCode(definition);
  }
}
