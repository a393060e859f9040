package io.querytester.drift;

import java.util.List;
import java.util.stream.Collectors;

/** Quoting helpers shared by the SQL builders. */
final class Sql {
  private Sql() {}

  /** A back-quoted identifier; a back quote inside the name is doubled. */
  static String ident(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  static String table(String schema, String table) {
    return ident(schema) + "." + ident(table);
  }

  /** A single-quoted string literal for values we made up ourselves (GTID sets, file names). */
  static String string(String value) {
    return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'";
  }

  static String joined(List<Column> columns) {
    return columns.stream().map(Column::quoted).collect(Collectors.joining(", "));
  }
}
