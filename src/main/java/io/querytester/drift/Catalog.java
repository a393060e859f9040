package io.querytester.drift;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the tables to check from the source's information_schema (three queries for the whole
 * server, not three per table) and checks that a replica has the same tables and columns.
 */
final class Catalog {
  private static final String NOT_SYSTEM =
      " TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')";

  /** Which tables to read. */
  private interface Pick {
    boolean table(String schema, String name, String engine);
  }

  private Catalog() {}

  /** The tables the filter selects, in schema and name order, with their chunking key. */
  static List<TableDef> read(Connection source, TableFilter filter) throws SQLException {
    return read(source, filter, filter::table);
  }

  /**
   * The tables of {@code ids} ({@code db.table}, matched without regard to case, as a server with
   * lower_case_table_names would) that exist outside the system schemas, with every column.
   */
  static List<TableDef> named(Connection c, Set<String> ids) throws SQLException {
    Set<String> wanted = new java.util.HashSet<>();
    ids.forEach(id -> wanted.add(id.toLowerCase(java.util.Locale.ROOT)));
    return read(
        c,
        TableFilter.ALL,
        (schema, name, engine) ->
            wanted.contains((schema + "." + name).toLowerCase(java.util.Locale.ROOT)));
  }

  private static List<TableDef> read(Connection source, TableFilter filter, Pick pick)
      throws SQLException {
    Map<String, String[]> tables = tables(source, pick);
    Map<String, List<Column>> columns = columns(source, tables.keySet());
    Map<String, List<IndexDef>> indexes = indexes(source, tables.keySet());
    List<TableDef> result = new ArrayList<>();
    for (Map.Entry<String, String[]> e : tables.entrySet()) {
      String[] t = e.getValue();
      List<Column> all = columns.getOrDefault(e.getKey(), List.of());
      result.add(define(t[0], t[1], t[2], Long.parseLong(t[3]), all, indexes, filter));
    }
    return result;
  }

  /**
   * What a replica lacks for this table: empty when it has the table and every checked column, else
   * a message such as "table missing" or "columns missing: a, b".
   */
  static Optional<String> missingOn(Connection replica, TableDef table) throws SQLException {
    Set<String> names = new LinkedHashSet<>();
    try (PreparedStatement ps =
        replica.prepareStatement(
            "SELECT COLUMN_NAME FROM information_schema.COLUMNS"
                + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
      ps.setString(1, table.schema());
      ps.setString(2, table.name());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    if (names.isEmpty()) {
      return Optional.of("table " + table.id() + " does not exist");
    }
    List<String> missing =
        table.columns().stream().map(Column::name).filter(n -> !names.contains(n)).toList();
    return missing.isEmpty()
        ? Optional.empty()
        : Optional.of("columns missing: " + String.join(", ", missing));
  }

  private static TableDef define(
      String schema,
      String name,
      String engine,
      long estimatedRows,
      List<Column> all,
      Map<String, List<IndexDef>> indexes,
      TableFilter filter) {
    Map<String, Column> byName = new LinkedHashMap<>();
    all.forEach(c -> byName.put(c.name(), c));
    Optional<IndexDef> key =
        KeyChooser.choose(indexes.getOrDefault(schema + "." + name, List.of()), byName);
    List<Column> keyColumns =
        key.map(k -> k.columns().stream().map(byName::get).toList()).orElse(List.of());
    // Key columns are always hashed: they identify the row in a diff and in repair SQL.
    List<Column> checked =
        all.stream()
            .filter(c -> keyColumns.contains(c) || filter.column(schema, name, c.name()))
            .toList();
    KeyKind kind =
        key.isEmpty()
            ? KeyKind.NONE
            : key.get().name().equals("PRIMARY") ? KeyKind.PRIMARY : KeyKind.UNIQUE;
    return new TableDef(
        schema,
        name,
        engine,
        checked,
        key.map(IndexDef::name).orElse(""),
        keyColumns,
        kind,
        estimatedRows);
  }

  private static Map<String, String[]> tables(Connection c, Pick pick) throws SQLException {
    Map<String, String[]> tables = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT TABLE_SCHEMA, TABLE_NAME, ENGINE, COALESCE(TABLE_ROWS, 0)"
                    + " FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE' AND"
                    + NOT_SYSTEM
                    + " ORDER BY TABLE_SCHEMA, TABLE_NAME")) {
      while (rs.next()) {
        String schema = rs.getString(1);
        String name = rs.getString(2);
        String engine = rs.getString(3);
        if (pick.table(schema, name, engine)) {
          tables.put(
              schema + "." + name,
              new String[] {schema, name, engine == null ? "" : engine, rs.getString(4)});
        }
      }
    }
    return tables;
  }

  private static Map<String, List<Column>> columns(Connection c, Set<String> wanted)
      throws SQLException {
    Map<String, List<Column>> columns = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, IS_NULLABLE,"
                    + " COALESCE(CHARACTER_SET_NAME, '')"
                    + " FROM information_schema.COLUMNS WHERE"
                    + NOT_SYSTEM
                    + " ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION")) {
      while (rs.next()) {
        String id = rs.getString(1) + "." + rs.getString(2);
        if (wanted.contains(id)) {
          columns
              .computeIfAbsent(id, k -> new ArrayList<>())
              .add(
                  new Column(
                      rs.getString(3),
                      rs.getString(4),
                      "YES".equals(rs.getString(5)),
                      rs.getString(6)));
        }
      }
    }
    return columns;
  }

  private static Map<String, List<IndexDef>> indexes(Connection c, Set<String> wanted)
      throws SQLException {
    Map<String, Map<String, List<String[]>>> raw = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME, SUB_PART"
                    + " FROM information_schema.STATISTICS WHERE"
                    + NOT_SYSTEM
                    + " ORDER BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX")) {
      while (rs.next()) {
        String id = rs.getString(1) + "." + rs.getString(2);
        if (wanted.contains(id)) {
          raw.computeIfAbsent(id, k -> new LinkedHashMap<>())
              .computeIfAbsent(rs.getString(3), k -> new ArrayList<>())
              .add(new String[] {rs.getString(4), rs.getString(5), rs.getString(6)});
        }
      }
    }
    Map<String, List<IndexDef>> result = new LinkedHashMap<>();
    raw.forEach(
        (id, byIndex) ->
            byIndex.forEach(
                (name, cols) ->
                    result
                        .computeIfAbsent(id, k -> new ArrayList<>())
                        .add(
                            new IndexDef(
                                name,
                                "0".equals(cols.get(0)[0]),
                                cols.stream().map(x -> x[1]).toList(),
                                cols.stream().anyMatch(x -> x[2] != null || x[1] == null)))));
    return result;
  }
}
