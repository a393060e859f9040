package io.querytester.drift;

import java.util.List;

/**
 * A table to check, as read from the source.
 *
 * @param schema database name
 * @param name table name
 * @param engine storage engine
 * @param columns the columns to hash, in ordinal order; key columns are always among them
 * @param keyName the index used for chunking (PRIMARY, a unique key, or empty for none)
 * @param key the chunking key's columns in index order; empty when {@link #keyKind()} is NONE
 * @param keyKind which kind of key it is
 * @param estimatedRows information_schema's estimate, for progress only
 */
record TableDef(
    String schema,
    String name,
    String engine,
    List<Column> columns,
    String keyName,
    List<Column> key,
    KeyKind keyKind,
    long estimatedRows) {

  TableDef {
    columns = List.copyOf(columns);
    key = List.copyOf(key);
  }

  /** db.table, the name used in reports and the state file. */
  String id() {
    return schema + "." + name;
  }

  String quoted() {
    return Sql.table(schema, name);
  }

  boolean chunked() {
    return keyKind != KeyKind.NONE;
  }
}
