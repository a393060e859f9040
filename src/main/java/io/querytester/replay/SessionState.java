package io.querytester.replay;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The state a captured session built up (its schema and its SET statements), so that a connection
 * opened later, or re-opened after a loss, can be brought to the same state.
 */
final class SessionState {
  private String schema;
  // One entry per variable statement; a later SET of the same text replaces the earlier one.
  private final Map<String, String> sets = new LinkedHashMap<>();

  SessionState() {}

  /** A state built up elsewhere: a shared connection's (see {@link ReadSpreader}). */
  SessionState(String schema, List<String> setStatements) {
    this.schema = schema;
    setStatements.forEach(this::set);
  }

  String schema() {
    return schema;
  }

  void schema(String s) {
    schema = s;
  }

  void set(String sql) {
    String key = sql.strip().toLowerCase(Locale.ROOT);
    int eq = key.indexOf('=');
    sets.remove(eq > 0 ? key.substring(0, eq) : key);
    sets.put(eq > 0 ? key.substring(0, eq) : key, sql);
    if (sets.size() > 200) {
      // A session that sets thousands of variables is pathological; keep the latest ones.
      sets.remove(sets.keySet().iterator().next());
    }
  }

  /** A USE changes the schema; any other session statement is kept as a SET. */
  void apply(String sessionStatement) {
    String sql = sessionStatement.strip();
    if (sql.regionMatches(true, 0, "use", 0, 3)
        && sql.length() > 3
        && Character.isWhitespace(sql.charAt(3))) {
      String db = sql.substring(4).strip();
      if (db.endsWith(";")) {
        db = db.substring(0, db.length() - 1).strip();
      }
      if (db.startsWith("`") && db.endsWith("`") && db.length() > 1) {
        db = db.substring(1, db.length() - 1).replace("``", "`");
      }
      schema = db;
    } else {
      set(sql);
    }
  }

  Iterable<String> setStatements() {
    return sets.values();
  }

  /** The SET statements, in the order a reopened connection replays them. */
  List<String> setList() {
    return List.copyOf(sets.values());
  }
}
