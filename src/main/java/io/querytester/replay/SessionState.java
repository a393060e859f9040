package io.querytester.replay;

import java.util.LinkedHashMap;
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

  Iterable<String> setStatements() {
    return sets.values();
  }
}
