package io.querytester.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Statements that would make a replica's row match the source's: INSERT for a missing row, DELETE
 * for an extra one, UPDATE of the differing columns for a different one. Only printed, never run:
 * deciding where to repair (on the replica, or on the source so that it replicates) is a person's
 * call. Values are the server's own literals (QUOTE or X'..'), which assume backslash escapes.
 */
final class FixSql {
  private FixSql() {}

  static String statement(TableDef table, RowDifference d) {
    return switch (d.kind()) {
      case MISSING -> insert(table, d.source());
      case EXTRA -> delete(table, d);
      case DIFFERENT -> update(table, d);
    };
  }

  private static String insert(TableDef table, Map<String, String> row) {
    List<String> names = row.keySet().stream().map(Sql::ident).toList();
    return "INSERT INTO "
        + table.quoted()
        + " ("
        + String.join(", ", names)
        + ") VALUES ("
        + String.join(", ", row.values())
        + ");";
  }

  private static String delete(TableDef table, RowDifference d) {
    if (table.chunked()) {
      return "DELETE FROM " + table.quoted() + " WHERE " + keyWhere(table, d.key()) + ";";
    }
    // No key: the row is identified by all its values; LIMIT 1 removes one of several copies.
    List<String> conditions = new ArrayList<>();
    d.replica().forEach((c, v) -> conditions.add(Sql.ident(c) + " <=> " + v));
    return "DELETE FROM "
        + table.quoted()
        + " WHERE "
        + String.join(" AND ", conditions)
        + " LIMIT 1;";
  }

  private static String update(TableDef table, RowDifference d) {
    List<String> sets = new ArrayList<>();
    for (String c : d.columns()) {
      sets.add(Sql.ident(c) + " = " + d.source().get(c));
    }
    return "UPDATE "
        + table.quoted()
        + " SET "
        + String.join(", ", sets)
        + " WHERE "
        + keyWhere(table, d.key())
        + ";";
  }

  private static String keyWhere(TableDef table, List<String> key) {
    return RangeSql.equal(table.key(), key);
  }
}
