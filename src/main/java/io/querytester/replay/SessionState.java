package io.querytester.replay;

import io.querytester.workload.SetAssignments;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The state a captured session built up (its schema and its SET statements), so that a connection
 * opened later, or re-opened after a loss, can be brought to the same state by running the SETs
 * again in order.
 *
 * <p>A SET whose text was kept before moves to the end, unless it reads a variable ({@code
 * CONCAT(@@sql_mode, ...)}), whose effect depends on what ran before it: such a SET is kept every
 * time. Of the SETs that give one variable a value, the last {@value #PER_VARIABLE} are kept, not
 * just the last: a SET that fails on one server (a value one version rejects) leaves the earlier
 * value there, and the restore must too.
 */
final class SessionState {
  /** Sets of one variable kept; the last that succeeds on a side gives that side its value. */
  static final int PER_VARIABLE = 8;

  /** SETs kept at most: past that a session's own connection keeps the latest ones. */
  static final int MAX_SETS = 200;

  private String schema;
  private final Map<String, String> sets = new LinkedHashMap<>();
  private final Map<String, ArrayDeque<String>> byVariable = new HashMap<>();
  private long unique;
  private boolean overflowed;

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
    SetAssignments parsed = SetAssignments.of(sql);
    String key;
    if (parsed != null && parsed.readsVariable()) {
      key = "#" + unique++ + " " + sql; // ran after what it reads: never merged
    } else {
      key = sql.strip().toLowerCase(Locale.ROOT);
    }
    sets.remove(key);
    sets.put(key, sql);
    if (parsed != null && !parsed.readsVariable() && parsed.assignments().size() == 1) {
      SetAssignments.Assignment a = parsed.assignments().getFirst();
      ArrayDeque<String> same =
          byVariable.computeIfAbsent(a.scope() + " " + a.name(), k -> new ArrayDeque<>());
      same.remove(key);
      same.addLast(key);
      if (same.size() > PER_VARIABLE) {
        sets.remove(same.removeFirst());
      }
    }
    if (sets.size() > MAX_SETS) {
      // A session that sets thousands of distinct things is pathological; keep the latest ones.
      String eldest = sets.keySet().iterator().next();
      sets.remove(eldest);
      byVariable.values().forEach(q -> q.remove(eldest));
      overflowed = true;
    }
  }

  /** Whether SETs were dropped past {@link #MAX_SETS}: the state kept may not be the session's. */
  boolean overflowed() {
    return overflowed;
  }

  /** A USE changes the schema; any other session statement is kept as a SET. */
  void apply(String sessionStatement) {
    String db = usedSchema(sessionStatement);
    if (db != null) {
      schema = db;
    } else {
      set(sessionStatement.strip());
    }
  }

  /** The schema a USE statement names, or null for any other statement. */
  static String usedSchema(String statement) {
    String sql = statement.strip();
    if (!sql.regionMatches(true, 0, "use", 0, 3)
        || sql.length() <= 3
        || !Character.isWhitespace(sql.charAt(3))) {
      return null;
    }
    String db = sql.substring(4).strip();
    if (db.endsWith(";")) {
      db = db.substring(0, db.length() - 1).strip();
    }
    if (db.startsWith("`") && db.endsWith("`") && db.length() > 1) {
      db = db.substring(1, db.length() - 1).replace("``", "`");
    }
    return db;
  }

  Iterable<String> setStatements() {
    return sets.values();
  }

  /** The SET statements, in the order a reopened connection replays them. */
  List<String> setList() {
    return List.copyOf(sets.values());
  }
}
