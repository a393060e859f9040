package io.querytester.order;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a server says about its tables that decides how finely writes can be ordered, read once
 * before a write replay (read-only: information_schema only). A table's rows can be told apart only
 * where it has exactly one unique key (its primary key): with a second, two writes of different
 * primary keys may still collide on it.
 */
public final class SchemaFacts {
  /** A table as ordering sees it. */
  record Table(
      List<String> key,
      List<Integer> keyPositions,
      boolean transactional,
      boolean triggers,
      boolean view,
      Set<String> related) {

    /** Whether its rows can be told apart by the key's values. */
    boolean rowsByKey() {
      return key != null && !triggers && !view;
    }
  }

  private static final String NOT_SYSTEM =
      " NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')";

  /** Engines whose writes are visible at once, outside any transaction. */
  private static final Set<String> NON_TRANSACTIONAL =
      Set.of("myisam", "memory", "heap", "aria", "csv", "archive", "merge", "mrg_myisam");

  /** A server that told nothing: every table unknown, every function name a possible routine. */
  public static final SchemaFacts NONE = new SchemaFacts(Map.of(), null);

  private final Map<String, Table> tables;
  private final Set<String> functions; // null: not known

  private SchemaFacts(Map<String, Table> tables, Set<String> functions) {
    this.tables = tables;
    this.functions = functions;
  }

  /** Reads the facts of every schema but the system ones. */
  public static SchemaFacts read(Connection c) throws SQLException {
    Map<String, String> engines = new HashMap<>();
    Set<String> views = new HashSet<>();
    try (Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "SELECT TABLE_SCHEMA, TABLE_NAME, ENGINE, TABLE_TYPE FROM information_schema.TABLES"
                  + " WHERE TABLE_SCHEMA"
                  + NOT_SYSTEM)) {
        while (rs.next()) {
          String id = id(rs.getString(1), rs.getString(2));
          engines.put(id, lower(rs.getString(3)));
          if ("VIEW".equalsIgnoreCase(rs.getString(4))) {
            views.add(id);
          }
        }
      }
      Map<String, Map<String, TreeMap<Integer, String>>> unique = new HashMap<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME"
                  + " FROM information_schema.STATISTICS WHERE NON_UNIQUE = 0 AND TABLE_SCHEMA"
                  + NOT_SYSTEM)) {
        while (rs.next()) {
          unique
              .computeIfAbsent(id(rs.getString(1), rs.getString(2)), k -> new HashMap<>())
              .computeIfAbsent(rs.getString(3), k -> new TreeMap<>())
              .put(rs.getInt(4), lower(rs.getString(5)));
        }
      }
      Map<String, Map<String, Integer>> positions = new HashMap<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION"
                  + " FROM information_schema.COLUMNS WHERE COLUMN_KEY = 'PRI' AND TABLE_SCHEMA"
                  + NOT_SYSTEM)) {
        while (rs.next()) {
          positions
              .computeIfAbsent(id(rs.getString(1), rs.getString(2)), k -> new HashMap<>())
              .put(lower(rs.getString(3)), rs.getInt(4));
        }
      }
      Set<String> triggers = new HashSet<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS")) {
        while (rs.next()) {
          triggers.add(id(rs.getString(1), rs.getString(2)));
        }
      }
      Map<String, Set<String>> related = new HashMap<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT CONSTRAINT_SCHEMA, TABLE_NAME, UNIQUE_CONSTRAINT_SCHEMA,"
                  + " REFERENCED_TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS")) {
        while (rs.next()) {
          String child = id(rs.getString(1), rs.getString(2));
          String parent = id(rs.getString(3), rs.getString(4));
          related.computeIfAbsent(child, k -> new HashSet<>()).add(parent);
          related.computeIfAbsent(parent, k -> new HashSet<>()).add(child);
        }
      }
      Set<String> functions = new HashSet<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT ROUTINE_NAME FROM information_schema.ROUTINES"
                  + " WHERE ROUTINE_TYPE = 'FUNCTION'")) {
        while (rs.next()) {
          functions.add(lower(rs.getString(1)));
        }
      }
      Map<String, Table> tables = new HashMap<>();
      for (Map.Entry<String, String> e : engines.entrySet()) {
        String id = e.getKey();
        Map<String, TreeMap<Integer, String>> keys = unique.getOrDefault(id, Map.of());
        List<String> key = null;
        List<Integer> keyPositions = null;
        if (keys.size() == 1) {
          key = List.copyOf(keys.values().iterator().next().values());
          Map<String, Integer> pos = positions.getOrDefault(id, Map.of());
          keyPositions = new ArrayList<>();
          for (String k : key) {
            keyPositions.add(pos.getOrDefault(k, -1));
          }
        }
        tables.put(
            id,
            new Table(
                key,
                keyPositions,
                e.getValue() == null || !NON_TRANSACTIONAL.contains(e.getValue()),
                triggers.contains(id),
                views.contains(id),
                Set.copyOf(related.getOrDefault(id, Set.of()))));
      }
      return new SchemaFacts(Map.copyOf(tables), Set.copyOf(functions));
    }
  }

  /** Facts that know one InnoDB table with a one-column key and nothing else (for tests). */
  static SchemaFacts withKey(String table, String column) {
    return new SchemaFacts(
        Map.of(table, new Table(List.of(column), List.of(1), true, false, false, Set.of())),
        Set.of());
  }

  /** The table's facts; a table the server did not list (made later by DDL) is null. */
  Table table(String id) {
    return tables.get(id);
  }

  /** Whether any name called like a function may be a stored function (which may do anything). */
  boolean callsRoutine(Set<String> calls) {
    if (calls.isEmpty()) {
      return false;
    }
    if (functions == null) {
      return true;
    }
    for (String c : calls) {
      if (functions.contains(c)) {
        return true;
      }
    }
    return false;
  }

  private static String id(String schema, String table) {
    return lower(schema) + "." + lower(table);
  }

  private static String lower(String s) {
    return s == null ? null : s.toLowerCase(Locale.ROOT);
  }
}
