package io.querytester.drift;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which schemas, tables, columns and engines to check. Each list holds patterns with {@code *} and
 * {@code ?}; an empty include list includes everything. A table pattern is {@code db.table} or just
 * {@code table}; a column pattern is {@code column}, {@code table.column} or {@code
 * db.table.column}. Engines match case-insensitively. System schemas are never checked.
 */
public record TableFilter(
    List<String> schemas,
    List<String> ignoreSchemas,
    List<String> tables,
    List<String> ignoreTables,
    List<String> columns,
    List<String> ignoreColumns,
    List<String> engines,
    List<String> ignoreEngines) {

  static final List<String> SYSTEM_SCHEMAS =
      List.of("mysql", "information_schema", "performance_schema", "sys");

  public static final TableFilter ALL =
      new TableFilter(
          List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

  public TableFilter {
    schemas = List.copyOf(schemas);
    ignoreSchemas = List.copyOf(ignoreSchemas);
    tables = List.copyOf(tables);
    ignoreTables = List.copyOf(ignoreTables);
    columns = List.copyOf(columns);
    ignoreColumns = List.copyOf(ignoreColumns);
    engines = List.copyOf(engines);
    ignoreEngines = List.copyOf(ignoreEngines);
  }

  boolean schema(String schema) {
    return !SYSTEM_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT))
        && included(schemas, schema)
        && !any(ignoreSchemas, schema);
  }

  boolean table(String schema, String table, String engine) {
    String e = engine == null ? "" : engine.toLowerCase(Locale.ROOT);
    return schema(schema)
        && included(tables, schema + "." + table)
        && !any(ignoreTables, schema + "." + table)
        && included(engines.stream().map(x -> x.toLowerCase(Locale.ROOT)).toList(), e)
        && !any(ignoreEngines.stream().map(x -> x.toLowerCase(Locale.ROOT)).toList(), e);
  }

  boolean column(String schema, String table, String column) {
    String path = schema + "." + table + "." + column;
    return included(columns, path) && !any(ignoreColumns, path);
  }

  /** Settings as one line, to tell whether a state file belongs to the same check. */
  String describe() {
    return String.join(
        "|",
        String.join(",", schemas),
        String.join(",", ignoreSchemas),
        String.join(",", tables),
        String.join(",", ignoreTables),
        String.join(",", columns),
        String.join(",", ignoreColumns),
        String.join(",", engines),
        String.join(",", ignoreEngines));
  }

  private static boolean included(List<String> patterns, String dotted) {
    return patterns.isEmpty() || any(patterns, dotted);
  }

  /** A pattern of n dot-separated parts matches the last n parts of the dotted name. */
  private static boolean any(List<String> patterns, String dotted) {
    String[] name = dotted.split("\\.", -1);
    for (String p : patterns) {
      String[] parts = p.split("\\.", -1);
      if (parts.length > name.length) {
        continue;
      }
      boolean match = true;
      for (int i = 0; i < parts.length && match; i++) {
        match = glob(parts[i]).matcher(name[name.length - parts.length + i]).matches();
      }
      if (match) {
        return true;
      }
    }
    return false;
  }

  private static Pattern glob(String g) {
    StringBuilder re = new StringBuilder();
    for (char ch : g.toCharArray()) {
      switch (ch) {
        case '*' -> re.append(".*");
        case '?' -> re.append('.');
        default -> re.append(Pattern.quote(String.valueOf(ch)));
      }
    }
    return Pattern.compile(re.toString());
  }
}
