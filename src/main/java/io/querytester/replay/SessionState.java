package io.querytester.replay;

import io.querytester.workload.SetAssignments;
import java.util.ArrayList;
import java.util.List;

/**
 * The state a captured session built up (its schema and its SET statements), so that a connection
 * opened later, or re-opened after a loss, can be brought to the same state by running the SETs
 * again in order.
 *
 * <p>A SET that reads a variable it sets ({@code SET @n = @n + 1}) is kept every time it runs. Any
 * other SET is dropped only where the SETs kept give the same state without it:
 *
 * <ul>
 *   <li>a SET that repeats the last one kept is not kept again;
 *   <li>a SET whose text was kept before moves to the end, unless a SET kept after the earlier one
 *       reads a variable it sets;
 *   <li>of the SETs of one variable alone that read no variable, the last {@value #PER_VARIABLE}
 *       are kept, not just the last: one that fails on a server (a value one version rejects)
 *       leaves the value before it there, and the restore must too. The oldest goes only if no SET
 *       after it reads the variable before the next SET of it.
 * </ul>
 *
 * Past {@value #MAX_SETS} SETs the oldest goes, and the state says so ({@link #overflowed}).
 */
final class SessionState {
  /** SETs of one variable kept; the last that succeeds on a side gives that side its value. */
  static final int PER_VARIABLE = 8;

  /** SETs kept at most: past that a session's own connection keeps the latest ones. */
  static final int MAX_SETS = 200;

  private static final String[] NONE = {};

  /** What SET NAMES and SET CHARACTER SET set. */
  private static final String[] CHARSET =
      intern(
          "character_set_client",
          "character_set_connection",
          "character_set_results",
          "collation_connection");

  /** What SET SESSION TRANSACTION sets. */
  private static final String[] TRANSACTION =
      intern("transaction_isolation", "tx_isolation", "transaction_read_only", "tx_read_only");

  /**
   * A SET kept. Names are interned: a million sessions may keep SETs of the same few variables.
   *
   * @param sets the variables it sets; null when not known (then it may set any)
   * @param reads the variables its values read
   * @param single whether it sets one variable and reads none (so it counts among that variable's
   *     {@value #PER_VARIABLE})
   */
  private record Entry(String sql, String[] sets, String[] reads, boolean single) {
    boolean readsAnyOf(String[] variables) {
      if (reads.length == 0) {
        return false;
      }
      if (variables == null) {
        return true;
      }
      for (String r : reads) {
        for (String v : variables) {
          if (r == v) { // interned
            return true;
          }
        }
      }
      return false;
    }

    boolean setsOnly(String variable) {
      return single && sets[0] == variable; // interned
    }
  }

  private String schema;
  private List<Entry> sets; // null until the first SET: most sessions have none
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
    set(sql, SetAssignments.of(sql));
  }

  /**
   * Keeps a SET, as {@code parsed} reads it (null for one that is no list of assignments).
   *
   * @return whether the SETs kept changed
   */
  boolean set(String sql, SetAssignments parsed) {
    if (sets == null) {
      sets = new ArrayList<>(4);
    }
    int n = sets.size();
    Entry entry = entry(sql, parsed);
    if (parsed != null && parsed.readsWhatItSets()) {
      // SET @n = @n + 1: running it twice is not running it once, so it is kept every time
      return add(entry);
    }
    if (n > 0 && sets.get(n - 1).sql().equals(sql)) {
      return false;
    }
    for (int i = n - 1; i >= 0; i--) {
      Entry e = sets.get(i);
      if (e.sql().equals(sql)) {
        sets.remove(i);
        break;
      }
      if (e.readsAnyOf(entry.sets())) {
        break; // it may have read what the earlier copy set: both stay
      }
    }
    return add(entry);
  }

  private boolean add(Entry entry) {
    sets.add(entry);
    if (entry.single()) {
      dropOldestOf(entry.sets()[0]);
    }
    if (sets.size() > MAX_SETS) {
      sets.removeFirst(); // pathological: a session's own connection keeps the latest ones
      overflowed = true;
    }
    return true;
  }

  private static Entry entry(String sql, SetAssignments parsed) {
    if (parsed == null) {
      SetAssignments.PlainForm form = SetAssignments.plainForm(sql);
      String[] known =
          form == null
              ? null // may set anything
              : switch (form) {
                case CHARSET -> CHARSET;
                case SESSION_TRANSACTION -> TRANSACTION;
              };
      return new Entry(sql, known, NONE, false);
    }
    String[] targets = intern(parsed.targets().toArray(String[]::new));
    String[] reads = intern(parsed.readVariables().toArray(String[]::new));
    return new Entry(sql, targets, reads, targets.length == 1 && reads.length == 0);
  }

  private static String[] intern(String... names) {
    if (names.length == 0) {
      return NONE;
    }
    for (int i = 0; i < names.length; i++) {
      names[i] = names[i].intern();
    }
    return names;
  }

  /**
   * Past {@link #PER_VARIABLE} SETs of one variable alone, drops the oldest that no SET after it
   * reads before the next SET of the variable.
   */
  private void dropOldestOf(String variable) {
    int count = 0;
    for (Entry e : sets) {
      if (e.setsOnly(variable)) {
        count++;
      }
    }
    if (count <= PER_VARIABLE) {
      return;
    }
    String[] one = {variable};
    for (int i = 0; i < sets.size(); i++) {
      if (sets.get(i).setsOnly(variable) && !readBefore(i, variable, one)) {
        sets.remove(i);
        return;
      }
    }
  }

  /** Whether a SET after {@code from} reads the variable before the next SET of it alone. */
  private boolean readBefore(int from, String variable, String[] one) {
    for (int i = from + 1; i < sets.size(); i++) {
      Entry e = sets.get(i);
      if (e.readsAnyOf(one)) {
        return true;
      }
      if (e.setsOnly(variable)) {
        return false;
      }
    }
    return false;
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
    String rest = sql.substring(4).strip();
    if (rest.startsWith("`")) { // up to the closing quote; a doubled one is part of the name
      StringBuilder db = new StringBuilder();
      for (int i = 1; i < rest.length(); i++) {
        char c = rest.charAt(i);
        if (c == '`') {
          if (i + 1 < rest.length() && rest.charAt(i + 1) == '`') {
            db.append('`');
            i++;
            continue;
          }
          return db.toString();
        }
        db.append(c);
      }
      return rest; // no closing quote: the server refuses it, as the captured session saw
    }
    // a plain name ends at a space, the statement's end or a comment (USE db /* note */)
    int end = 0;
    while (end < rest.length()
        && !Character.isWhitespace(rest.charAt(end))
        && ";/#".indexOf(rest.charAt(end)) < 0
        && !rest.startsWith("--", end)) {
      end++;
    }
    return rest.substring(0, end);
  }

  /** The SET statements, in the order a reopened connection replays them. */
  List<String> setList() {
    if (sets == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>(sets.size());
    for (Entry e : sets) {
      out.add(e.sql());
    }
    return List.copyOf(out);
  }
}
