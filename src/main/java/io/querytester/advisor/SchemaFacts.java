package io.querytester.advisor;

import io.querytester.CannotRunException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the pre-check reads from OLD: its version, the variables that rules name, and the names,
 * character sets and collations of its schemas, tables and columns. Only SELECTs on
 * information_schema and {@code @@GLOBAL} variables: nothing is written.
 *
 * @param version OLD's {@code VERSION()}
 * @param variables the global value of each variable asked for that OLD has
 * @param objects every user schema, table and column (system schemas left out)
 */
record SchemaFacts(String version, Map<String, String> variables, List<SchemaObject> objects) {

  /**
   * A schema, table or column of OLD.
   *
   * @param schema its schema
   * @param table its table, null for a schema
   * @param column its column, null for a table or schema
   * @param charset its character set (a table's from its collation), may be null
   * @param collation its collation, may be null
   */
  record SchemaObject(
      String schema, String table, String column, String charset, String collation) {
    String display() {
      return schema + (table == null ? "" : "." + table) + (column == null ? "" : "." + column);
    }

    /** The innermost name: the column's, else the table's, else the schema's. */
    String name() {
      return column != null ? column : table != null ? table : schema;
    }
  }

  private static final String USER_SCHEMAS =
      " NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')";

  static SchemaFacts read(Connection c, List<String> variableNames) {
    try {
      return new SchemaFacts(
          one(c, "SELECT VERSION()").orElse(""), variables(c, variableNames), objects(c));
    } catch (SQLException e) {
      throw new CannotRunException(
          "cannot read OLD's schema from information_schema: "
              + e.getMessage()
              + " (SQLSTATE "
              + e.getSQLState()
              + ", error "
              + e.getErrorCode()
              + "); the account needs SELECT on the schemas to check",
          e);
    }
  }

  private static Map<String, String> variables(Connection c, List<String> names)
      throws SQLException {
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : names) {
      // A variable OLD does not have is no error here: the rule then does not apply.
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES"
                  + " WHERE VARIABLE_NAME = ?")) {
        ps.setString(1, name.toUpperCase(Locale.ROOT));
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next()) {
            values.put(name.toLowerCase(Locale.ROOT), rs.getString(1));
          }
        }
      }
    }
    return values;
  }

  private static List<SchemaObject> objects(Connection c) throws SQLException {
    List<SchemaObject> all = new ArrayList<>();
    query(
        c,
        "SELECT SCHEMA_NAME, NULL, NULL, DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME"
            + " FROM information_schema.SCHEMATA WHERE SCHEMA_NAME"
            + USER_SCHEMAS,
        all);
    query(
        c,
        "SELECT t.TABLE_SCHEMA, t.TABLE_NAME, NULL, cs.CHARACTER_SET_NAME, t.TABLE_COLLATION"
            + " FROM information_schema.TABLES t LEFT JOIN"
            + " information_schema.COLLATION_CHARACTER_SET_APPLICABILITY cs"
            + " ON cs.COLLATION_NAME = t.TABLE_COLLATION WHERE t.TABLE_SCHEMA"
            + USER_SCHEMAS,
        all);
    query(
        c,
        "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, CHARACTER_SET_NAME, COLLATION_NAME"
            + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA"
            + USER_SCHEMAS
            + " ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION",
        all);
    return all;
  }

  private static void query(Connection c, String sql, List<SchemaObject> into) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        into.add(
            new SchemaObject(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5)));
      }
    }
  }

  private static Optional<String> one(Connection c, String sql) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
    }
  }
}
