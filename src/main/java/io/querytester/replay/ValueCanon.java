package io.querytester.replay;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Types;

/**
 * Canonical bytes of one value, by column type, so that equal values hash equally on both sides.
 *
 * <p>The text protocol already sends values as the server formats them, which is exactly what a
 * client sees; we keep those bytes, except for floating-point columns, which are rounded to a
 * configurable number of significant digits (0.1 + 0.2 may print differently after an upgrade of
 * the float-to-text routine without any change a user could notice).
 */
final class ValueCanon {
  private final int floatDigits;

  /**
   * @param floatDigits significant digits kept for FLOAT/DOUBLE columns; 0 compares exactly
   */
  ValueCanon(int floatDigits) {
    this.floatDigits = floatDigits;
  }

  static boolean isFloating(int sqlType) {
    return sqlType == Types.FLOAT || sqlType == Types.DOUBLE || sqlType == Types.REAL;
  }

  /** The canonical form of a non-null value of the given JDBC type. */
  byte[] canon(int sqlType, byte[] raw) {
    if (floatDigits <= 0 || !isFloating(sqlType)) {
      return raw;
    }
    String text = new String(raw, StandardCharsets.US_ASCII);
    try {
      double d = Double.parseDouble(text);
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        return raw;
      }
      if (d == 0) {
        return ZERO;
      }
      BigDecimal rounded =
          new BigDecimal(d)
              .round(new MathContext(floatDigits, RoundingMode.HALF_EVEN))
              .stripTrailingZeros();
      return rounded.toString().getBytes(StandardCharsets.US_ASCII);
    } catch (NumberFormatException e) {
      return raw;
    }
  }

  private static final byte[] ZERO = {'0'};
}
