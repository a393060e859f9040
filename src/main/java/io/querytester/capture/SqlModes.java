package io.querytester.capture;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the sql_mode bit set of a binlog QUERY event back into the names {@code SET sql_mode}
 * takes. The bits are MySQL's and MariaDB's {@code MODE_*} constants; a few differ by server.
 */
final class SqlModes {
  private static final String[] NAMES = {
    "REAL_AS_FLOAT",
    "PIPES_AS_CONCAT",
    "ANSI_QUOTES",
    "IGNORE_SPACE",
    "IGNORE_BAD_TABLE_OPTIONS",
    "ONLY_FULL_GROUP_BY",
    "NO_UNSIGNED_SUBTRACTION",
    "NO_DIR_IN_CREATE",
    "POSTGRESQL",
    "ORACLE",
    "MSSQL",
    "DB2",
    "MAXDB",
    "NO_KEY_OPTIONS",
    "NO_TABLE_OPTIONS",
    "NO_FIELD_OPTIONS",
    "MYSQL323",
    "MYSQL40",
    "ANSI",
    "NO_AUTO_VALUE_ON_ZERO",
    "NO_BACKSLASH_ESCAPES",
    "STRICT_TRANS_TABLES",
    "STRICT_ALL_TABLES",
    "NO_ZERO_IN_DATE",
    "NO_ZERO_DATE",
    "ALLOW_INVALID_DATES",
    "ERROR_FOR_DIVISION_BY_ZERO",
    "TRADITIONAL",
    "NO_AUTO_CREATE_USER",
    "HIGH_NOT_PRECEDENCE",
    "NO_ENGINE_SUBSTITUTION",
    "PAD_CHAR_TO_FULL_LENGTH",
    "EMPTY_STRING_IS_NULL",
    "SIMULTANEOUS_ASSIGNMENT",
    "TIME_ROUND_FRACTIONAL"
  };

  private SqlModes() {}

  /**
   * The names of the bits set in {@code mode}, comma separated.
   *
   * @param mariadb whether the binlog was written by MariaDB
   * @param mysql8 whether it was written by MySQL 8.0 or later, which dropped some modes
   */
  static String names(long mode, boolean mariadb, boolean mysql8) {
    List<String> names = new ArrayList<>();
    for (int bit = 0; bit < 64; bit++) {
      if ((mode & (1L << bit)) == 0) {
        continue;
      }
      String name = bit < NAMES.length ? NAMES[bit] : null;
      if (!mariadb) {
        if (bit == 4
            || bit == 33
            || bit == 34
            || (mysql8 && ((bit >= 8 && bit <= 17) || bit == 28))) {
          name = null;
        } else if (bit == 32) {
          name = "TIME_TRUNCATE_FRACTIONAL";
        }
      }
      if (name != null) {
        names.add(name);
      }
    }
    return String.join(",", names);
  }
}
