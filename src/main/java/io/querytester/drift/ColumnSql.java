package io.querytester.drift;

/**
 * The two SQL expressions every column needs: a normalized text form (bytes, not collation weights;
 * floats rounded) that row diffs compare and that the row hash uses for every column it does not
 * take as raw bytes (ChecksumQuery), and a literal that can be pasted back into SQL.
 */
final class ColumnSql {
  private ColumnSql() {}

  /**
   * The column as text that is equal on two servers exactly when the stored values are equal. HEX()
   * for text and binary: it compares bytes (so 'a' and 'a ' and 'A' and 'á' all differ, as they do
   * on disk) and can never contain the '#' separator. Floats are rounded with ROUND(c, p), whose
   * text has exactly p decimals on every server (a DOUBLE with known decimals prints as fixed
   * point, never in the server's shortest or exponent form); {@code + 0} turns a rounded -0 into 0
   * so that -0.0000001 and 0.0000001 agree. CAST(c AS DECIMAL(65, p)) says the same but costs three
   * times as much server CPU (bench/drift/README.md).
   */
  static String normalized(Column c, int floatPrecision) {
    String q = c.quoted();
    return switch (c.kind()) {
      case EXACT_NUMBER, TEMPORAL -> q;
      case BIT -> "CAST(" + q + " AS UNSIGNED)";
      case FLOAT -> "ROUND(" + q + ", " + floatPrecision + ") + 0";
      case TEXT, BINARY -> "HEX(" + q + ")";
    };
  }

  /**
   * An SQL literal of the stored value, made by the server: QUOTE() escapes text the way the server
   * parses it back; binary data goes as X'..' so it never passes through a character set. NULL
   * comes back as SQL NULL.
   */
  static String literal(Column c) {
    String q = c.quoted();
    return switch (c.kind()) {
      case BINARY -> "CONCAT('X''', HEX(" + q + "), '''')";
      case BIT -> "CAST(" + q + " AS UNSIGNED)";
      default -> "QUOTE(" + q + ")";
    };
  }
}
