package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;
import io.querytester.workload.StatementAccess.TableUse;
import io.querytester.workload.StatementAccess.Transaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a statement's {@link StatementAccess} from its tokens. It errs one way only: where it
 * cannot tell which rows a statement touches it says the whole table, and where it cannot tell
 * which tables, it says {@link StatementAccess.Kind#BARRIER}. Rows come only from a top-level chain
 * of ANDed {@code col = literal} / {@code col IN (literals)} terms, or an INSERT's literal values.
 */
final class AccessReader {
  /** Rows named beyond this count as the whole table: a key set that large buys no concurrency. */
  private static final int MAX_ROWS = 256;

  /** Schemas whose tables no replayed statement writes, whose reads need no order. */
  private static final Set<String> SYSTEM_SCHEMAS =
      Set.of("information_schema", "performance_schema", "sys");

  /** Words that end a table reference's alias position: clauses and join words. */
  private static final Set<String> CLAUSE_WORDS =
      Set.of(
          "WHERE",
          "GROUP",
          "ORDER",
          "LIMIT",
          "HAVING",
          "WINDOW",
          "FOR",
          "LOCK",
          "INTO",
          "UNION",
          "EXCEPT",
          "INTERSECT",
          "ON",
          "USING",
          "JOIN",
          "INNER",
          "CROSS",
          "LEFT",
          "RIGHT",
          "NATURAL",
          "STRAIGHT_JOIN",
          "FULL",
          "OUTER",
          "SET",
          "VALUES",
          "VALUE",
          "SELECT",
          "USE",
          "FORCE",
          "IGNORE",
          "PARTITION",
          "RETURNING",
          "PROCEDURE",
          "FROM",
          "AS",
          "WITH",
          "OFFSET",
          "FETCH");

  /** Words that end a FROM list at its depth. */
  private static final Set<String> FROM_LIST_ENDS =
      Set.of(
          "WHERE",
          "GROUP",
          "ORDER",
          "LIMIT",
          "HAVING",
          "WINDOW",
          "FOR",
          "LOCK",
          "INTO",
          "UNION",
          "EXCEPT",
          "INTERSECT",
          "USING",
          "RETURNING",
          "PROCEDURE");

  /** Words that end a WHERE clause at its depth. */
  private static final Set<String> WHERE_ENDS =
      Set.of("GROUP", "ORDER", "LIMIT", "HAVING", "WINDOW", "FOR", "LOCK", "INTO");

  /** Functions that touch state shared between sessions outside any table. */
  private static final Set<String> SHARED_STATE_FUNCTIONS =
      Set.of(
          "GET_LOCK",
          "RELEASE_LOCK",
          "RELEASE_ALL_LOCKS",
          "IS_FREE_LOCK",
          "IS_USED_LOCK",
          "NEXTVAL",
          "SETVAL",
          "LASTVAL",
          "PREVIOUS");

  private final List<SqlToken> t;
  private final int[] depth;
  private final String schema;

  private AccessReader(List<SqlToken> tokens, String schema) {
    this.t = tokens;
    this.schema = schema == null ? "" : schema.toLowerCase(Locale.ROOT);
    this.depth = new int[tokens.size() + 1];
    int d = 0;
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).kind() == Kind.CLOSE) {
        d = Math.max(0, d - 1);
      }
      depth[i] = d;
      if (tokens.get(i).kind() == Kind.OPEN) {
        d++;
      }
    }
    depth[tokens.size()] = 0;
  }

  static StatementAccess read(String sql, String schema) {
    if (sql == null || sql.isBlank()) {
      return StatementAccess.NOTHING;
    }
    List<SqlToken> tokens = SqlToken.of(sql);
    int end = tokens.size();
    while (end > 0 && tokens.get(end - 1).kind() == Kind.SEMICOLON) {
      end--;
    }
    for (int i = 0; i < end; i++) {
      if (tokens.get(i).kind() == Kind.SEMICOLON) {
        return StatementAccess.barrier("several statements in one");
      }
    }
    return new AccessReader(tokens.subList(0, end), schema).statement(0);
  }

  private StatementAccess statement(int from) {
    int i = from;
    while (i < t.size() && t.get(i).kind() == Kind.OPEN) {
      i++;
    }
    if (i >= t.size()) {
      return StatementAccess.NOTHING;
    }
    for (int k = i; k < t.size(); k++) {
      SqlToken x = t.get(k);
      if (x.kind() == Kind.WORD
          && SHARED_STATE_FUNCTIONS.contains(x.upper())
          && k + 1 < t.size()
          && t.get(k + 1).kind() == Kind.OPEN) {
        return StatementAccess.barrier(x.upper() + "() shares state between sessions");
      }
      if (x.kind() == Kind.WORD
          && x.upper().equals("NEXT")
          && k + 2 < t.size()
          && t.get(k + 1).upper().equals("VALUE")
          && t.get(k + 2).upper().equals("FOR")) {
        return StatementAccess.barrier("a sequence shares state between sessions");
      }
    }
    String verb = word(i);
    return switch (verb) {
      case "SELECT", "WITH", "TABLE", "VALUES" -> select(i);
      case "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "HELP", "DO", "USE", "PREPARE", "DEALLOCATE" ->
          verb.equals("EXPLAIN") && mentions(i, "ANALYZE") ? explainAnalyze(i) : nothing();
      case "ANALYZE" -> analyze(i);
      case "INSERT", "REPLACE" -> insert(i);
      case "UPDATE" -> update(i);
      case "DELETE" -> delete(i);
      case "LOAD" -> load(i);
      case "SET" -> set(i);
      case "BEGIN" -> begin(i);
      case "START" ->
          word(i + 1).equals("TRANSACTION")
              ? StatementAccess.transaction(
                  mentions(i, "CONSISTENT") ? Transaction.BEGIN_WITH_SNAPSHOT : Transaction.BEGIN)
              : StatementAccess.barrier("START " + word(i + 1));
      case "COMMIT", "ROLLBACK" -> end(i);
      case "SAVEPOINT", "RELEASE" -> nothing();
      case "CREATE", "DROP" ->
          word(i + 1).equals("TEMPORARY")
              ? nothing()
              : StatementAccess.barrier(StatementAccess.DDL);
      case "ALTER", "RENAME", "TRUNCATE", "IMPORT" -> StatementAccess.barrier(StatementAccess.DDL);
      case "CALL" -> StatementAccess.barrier("a stored procedure may touch any table");
      case "LOCK", "UNLOCK" -> StatementAccess.barrier(verb + " TABLES");
      case "EXECUTE" -> StatementAccess.barrier("a prepared statement's text is not known here");
      case "XA" -> StatementAccess.barrier("XA transaction");
      default -> StatementAccess.barrier(verb.isEmpty() ? "not recognised" : verb + " statement");
    };
  }

  private static StatementAccess nothing() {
    return StatementAccess.NOTHING;
  }

  // ---- reads

  private StatementAccess select(int i) {
    List<TableUse> reads = tablesAfterFromAndJoin(i, t.size());
    boolean locking = lockingClause(i);
    if (reads.size() == 1 && !hasSubquery(i)) {
      reads = List.of(withRows(reads.get(0), whereRows(i, false)));
    }
    if (reads.isEmpty()) {
      return locking ? StatementAccess.barrier("a locking read of no known table") : nothing();
    }
    return new StatementAccess(
        locking ? StatementAccess.Kind.LOCKING_READ : StatementAccess.Kind.READ,
        reads,
        List.of(),
        Transaction.NONE,
        null,
        null);
  }

  private boolean lockingClause(int from) {
    for (int k = from; k + 1 < t.size(); k++) {
      String w = word(k);
      if (w.equals("FOR") && (word(k + 1).equals("UPDATE") || word(k + 1).equals("SHARE"))) {
        return true;
      }
      if (w.equals("LOCK") && word(k + 1).equals("IN")) {
        return true;
      }
    }
    return false;
  }

  private StatementAccess explainAnalyze(int i) {
    for (int k = i + 1; k < t.size(); k++) {
      String w = word(k);
      if (Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH").contains(w)) {
        return statement(k);
      }
    }
    return nothing();
  }

  /** MariaDB's ANALYZE stmt runs the statement; ANALYZE TABLE updates statistics. */
  private StatementAccess analyze(int i) {
    for (int k = i + 1; k < t.size(); k++) {
      String w = word(k);
      if (Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH").contains(w)) {
        return statement(k);
      }
      if (w.equals("TABLE") || w.equals("NO_WRITE_TO_BINLOG") || w.equals("LOCAL")) {
        return StatementAccess.barrier("ANALYZE TABLE");
      }
    }
    return nothing();
  }

  // ---- writes

  private StatementAccess insert(int i) {
    int k = i + 1;
    while (k < t.size()
        && Set.of("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO").contains(word(k))) {
      k++;
    }
    int[] next = new int[1];
    String table = tableName(k, next);
    if (table == null) {
      return StatementAccess.barrier("INSERT into a table not recognised");
    }
    k = next[0];
    if (word(k).equals("PARTITION") && kind(k + 1) == Kind.OPEN) {
      k = closing(k + 1) + 1;
    }
    List<String> columns = null;
    if (kind(k) == Kind.OPEN && !word(k + 1).equals("SELECT") && !word(k + 1).equals("WITH")) {
      columns = new ArrayList<>();
      int close = closing(k);
      for (int c = k + 1; c < close; c++) {
        if (kind(c) == Kind.WORD || kind(c) == Kind.QUOTED_NAME) {
          columns.add(name(c));
        }
      }
      k = close + 1;
    }
    List<Map<String, String>> rows = null;
    List<TableUse> reads = List.of();
    String w = word(k);
    if (w.equals("VALUES") || w.equals("VALUE")) {
      rows = valueRows(k + 1, columns);
    } else if (w.equals("SET")) {
      rows = setRow(k + 1);
    } else {
      reads = tablesAfterFromAndJoin(k, t.size());
    }
    if (rows != null && rows.isEmpty()) {
      rows = null;
    }
    return write(List.of(new TableUse(table, rows, true)), reads);
  }

  /** The rows of VALUES (...), (...): literal values by column name, or by position as #1, #2. */
  private List<Map<String, String>> valueRows(int k, List<String> columns) {
    List<Map<String, String>> rows = new ArrayList<>();
    while (kind(k) == Kind.OPEN) {
      int close = closing(k);
      Map<String, String> row = new LinkedHashMap<>();
      int column = 0;
      int start = k + 1;
      for (int c = k + 1; c <= close; c++) {
        if (c == close || (kind(c) == Kind.COMMA && depth[c] == depth[k] + 1)) {
          String value = literal(start, c);
          String name =
              columns == null
                  ? "#" + (column + 1)
                  : column < columns.size() ? columns.get(column) : null;
          if (value != null && name != null) {
            row.put(name, value);
          }
          column++;
          start = c + 1;
        }
      }
      rows.add(row);
      if (rows.size() > MAX_ROWS) {
        return null;
      }
      k = close + 1;
      if (kind(k) != Kind.COMMA) {
        break;
      }
      k++;
    }
    return rows;
  }

  /** INSERT ... SET a = 1, b = 'x': one row. */
  private List<Map<String, String>> setRow(int k) {
    Map<String, String> row = new LinkedHashMap<>();
    int start = k;
    for (int c = k; c <= t.size(); c++) {
      boolean endOfItem = c == t.size() || (kind(c) == Kind.COMMA && depth[c] == 0);
      boolean clause = c < t.size() && depth[c] == 0 && word(c).equals("ON");
      if (endOfItem || clause) {
        if (c - start >= 3 && t.get(start + 1).isAssignment()) {
          String value = literal(start + 2, c);
          if (value != null) {
            row.put(name(start), value);
          }
        }
        if (clause || c == t.size()) {
          break;
        }
        start = c + 1;
      }
    }
    return List.of(row);
  }

  private StatementAccess update(int i) {
    int k = i + 1;
    while (Set.of("LOW_PRIORITY", "IGNORE").contains(word(k))) {
      k++;
    }
    int set = indexOfAtDepth0(k, "SET");
    if (set < 0) {
      return StatementAccess.barrier("UPDATE not recognised");
    }
    List<TableUse> targets = tableList(k, set);
    if (targets.isEmpty()) {
      return StatementAccess.barrier("UPDATE of a table not recognised");
    }
    List<TableUse> reads = tablesAfterFromAndJoin(set, t.size());
    if (targets.size() == 1 && !hasSubquery(set)) {
      targets = List.of(withRows(targets.get(0), whereRows(set, true)));
    }
    return write(targets, reads);
  }

  private StatementAccess delete(int i) {
    int k = i + 1;
    while (Set.of("LOW_PRIORITY", "QUICK", "IGNORE").contains(word(k))) {
      k++;
    }
    if (word(k).equals("FROM")) {
      int using = indexOfAtDepth0(k + 1, "USING");
      if (using >= 0) { // DELETE FROM t1, t2 USING ...: the tables before USING are written
        List<TableUse> targets = tableList(k + 1, using);
        return write(targets, tablesAfterFromAndJoin(using, t.size()));
      }
      int end = clauseEnd(k + 1);
      List<TableUse> targets = tableList(k + 1, end);
      if (targets.size() == 1 && !hasSubquery(k + 1)) {
        return write(
            List.of(withRows(targets.get(0), whereRows(k + 1, true))),
            tablesAfterFromAndJoin(end, t.size()));
      }
      return write(targets, tablesAfterFromAndJoin(end, t.size()));
    }
    // DELETE t1, t2 FROM ...: the named ones are written, every table after FROM is read
    int from = indexOfAtDepth0(k, "FROM");
    if (from < 0) {
      return StatementAccess.barrier("DELETE not recognised");
    }
    List<TableUse> all = tablesAfterFromAndJoin(from - 1, t.size());
    return write(all, all);
  }

  private StatementAccess load(int i) {
    int into = indexOfAtDepth0(i, "INTO");
    if (into < 0 || !word(into + 1).equals("TABLE")) {
      return StatementAccess.barrier("LOAD not recognised");
    }
    String table = tableName(into + 2, new int[1]);
    return table == null
        ? StatementAccess.barrier("LOAD DATA into a table not recognised")
        : write(List.of(new TableUse(table, null, true)), List.of());
  }

  private StatementAccess write(List<TableUse> writes, List<TableUse> reads) {
    if (writes.isEmpty()) {
      return StatementAccess.barrier("a write to a table not recognised");
    }
    return new StatementAccess(
        StatementAccess.Kind.WRITE, reads, writes, Transaction.NONE, null, null);
  }

  // ---- session and transaction statements

  private StatementAccess set(int i) {
    String w1 = word(i + 1);
    if (w1.equals("STATEMENT")) { // SET STATEMENT var = value FOR statement
      for (int k = i + 2; k < t.size(); k++) {
        if (depth[k] == 0 && word(k).equals("FOR")) {
          return statement(k + 1);
        }
      }
      return StatementAccess.barrier("SET STATEMENT not recognised");
    }
    if (w1.equals("TRANSACTION")
        || ((w1.equals("SESSION") || w1.equals("LOCAL")) && word(i + 2).equals("TRANSACTION"))) {
      int level = indexOfAtDepth0(i, "LEVEL");
      if (level < 0) {
        return nothing(); // READ ONLY / READ WRITE
      }
      String a = word(level + 1);
      String b = word(level + 2);
      String iso =
          a.equals("READ") || a.equals("REPEATABLE") ? a + "-" + b : a; // READ COMMITTED ...
      return isolation(iso);
    }
    if (w1.equals("GLOBAL") || w1.equals("PERSIST") || w1.equals("PERSIST_ONLY")) {
      return StatementAccess.barrier("SET GLOBAL changes what every session sees");
    }
    SetAssignments assignments;
    try {
      assignments = SetAssignments.of(textFrom(i));
    } catch (RuntimeException e) {
      return StatementAccess.barrier("SET not recognised");
    }
    if (assignments == null) {
      return nothing(); // SET NAMES, SET CHARACTER SET, SET PASSWORD ...
    }
    Transaction autocommit = Transaction.NONE;
    String isolation = null;
    for (SetAssignments.Assignment a : assignments.assignments()) {
      if (a.scope() == SetAssignments.Scope.GLOBAL) {
        return StatementAccess.barrier("SET GLOBAL changes what every session sees");
      }
      if (a.scope() == SetAssignments.Scope.USER) {
        continue;
      }
      String value = a.simpleValue();
      String v = value == null ? null : value.toUpperCase(Locale.ROOT);
      switch (a.name()) {
        case "autocommit" ->
            autocommit =
                v == null
                    ? Transaction.AUTOCOMMIT_UNKNOWN
                    : Set.of("0", "OFF", "FALSE").contains(v)
                        ? Transaction.AUTOCOMMIT_OFF
                        : Set.of("1", "ON", "TRUE").contains(v)
                            ? Transaction.AUTOCOMMIT_ON
                            : Transaction.AUTOCOMMIT_UNKNOWN;
        case "tx_isolation", "transaction_isolation" ->
            isolation = v == null ? StatementAccess.UNKNOWN : v.replace('_', '-').replace(' ', '-');
        default -> {}
      }
    }
    if (autocommit == Transaction.NONE && isolation == null) {
      return nothing();
    }
    return new StatementAccess(
        autocommit == Transaction.NONE
            ? StatementAccess.Kind.NONE
            : StatementAccess.Kind.TRANSACTION,
        List.of(),
        List.of(),
        autocommit,
        isolation,
        null);
  }

  private static StatementAccess isolation(String level) {
    return new StatementAccess(
        StatementAccess.Kind.NONE, List.of(), List.of(), Transaction.NONE, level, null);
  }

  private StatementAccess begin(int i) {
    String next = word(i + 1);
    // BEGIN NOT ATOMIC is a compound statement: anything may run in it.
    if (next.equals("NOT")) {
      return StatementAccess.barrier("BEGIN NOT ATOMIC");
    }
    return StatementAccess.transaction(Transaction.BEGIN);
  }

  private StatementAccess end(int i) {
    int k = i + 1;
    if (word(k).equals("WORK")) {
      k++;
    }
    if (word(k).equals("TO")) {
      return nothing(); // ROLLBACK TO SAVEPOINT: the transaction goes on
    }
    boolean chain = word(k).equals("AND") && word(k + 1).equals("CHAIN");
    return StatementAccess.transaction(chain ? Transaction.END_AND_BEGIN : Transaction.END);
  }

  // ---- tables

  /** Every table named after a FROM or JOIN from {@code from} on (subqueries included). */
  private List<TableUse> tablesAfterFromAndJoin(int from, int to) {
    List<TableUse> tables = new ArrayList<>();
    for (int k = from; k < to; k++) {
      String w = word(k);
      if (w.equals("FROM") || w.equals("JOIN") || w.equals("STRAIGHT_JOIN")) {
        int end = w.equals("FROM") ? clauseEnd(k + 1) : k + 1;
        List<TableUse> list = w.equals("FROM") ? tableList(k + 1, end) : tableList(k + 1, k + 2);
        for (TableUse u : list) {
          if (tables.stream().noneMatch(x -> x.table().equals(u.table()))) {
            tables.add(u);
          }
        }
      } else if (w.equals("TABLE") && k == from) { // TABLE t
        String name = tableName(k + 1, new int[1]);
        if (name != null) {
          tables.add(new TableUse(name, null, false));
        }
      }
    }
    tables.removeIf(u -> SYSTEM_SCHEMAS.contains(u.table().substring(0, u.table().indexOf('.'))));
    return tables;
  }

  /**
   * The comma-separated table references between {@code from} and {@code to} (with JOINs), each
   * with its alias and index hints skipped; a parenthesised one (a derived table) is left to the
   * scan of its own FROM.
   */
  private List<TableUse> tableList(int from, int to) {
    List<TableUse> tables = new ArrayList<>();
    int k = from;
    int base = depth[Math.min(from, t.size())];
    while (k < to && k < t.size()) {
      if (depth[k] != base) {
        k++;
        continue;
      }
      if (kind(k) == Kind.OPEN) {
        k = closing(k) + 1;
      } else {
        int[] next = new int[1];
        String name = tableName(k, next);
        if (name != null && kind(next[0]) != Kind.OPEN && !name.endsWith(".dual")) {
          tables.add(new TableUse(name, null, false));
        }
        k = Math.max(next[0], k + 1);
      }
      // alias, hints and join conditions up to the next reference
      while (k < to && k < t.size()) {
        if (depth[k] == base && kind(k) == Kind.COMMA) {
          k++;
          break;
        }
        String w = word(k);
        if (depth[k] == base && (w.equals("JOIN") || w.equals("STRAIGHT_JOIN"))) {
          k++;
          break;
        }
        k++;
      }
    }
    return tables;
  }

  /** Where the FROM list that starts at {@code from} ends: a clause word at its depth. */
  private int clauseEnd(int from) {
    int base = depth[Math.min(from, t.size())];
    for (int k = from; k < t.size(); k++) {
      if (depth[k] < base) {
        return k;
      }
      if (depth[k] == base) {
        String w = word(k);
        if (FROM_LIST_ENDS.contains(w)) {
          return k;
        }
      }
    }
    return t.size();
  }

  /**
   * The table named at {@code k} ({@code name}, {@code db.name}, quoted or not) as {@code db.name}
   * in lower case, or null; {@code next[0]} is the token after it.
   */
  private String tableName(int k, int[] next) {
    next[0] = k;
    if (k >= t.size() || !(kind(k) == Kind.WORD || kind(k) == Kind.QUOTED_NAME)) {
      return null;
    }
    if (kind(k) == Kind.WORD && CLAUSE_WORDS.contains(word(k))) {
      return null;
    }
    String first = name(k);
    if (kind(k + 1) == Kind.DOT && (kind(k + 2) == Kind.WORD || kind(k + 2) == Kind.QUOTED_NAME)) {
      next[0] = k + 3;
      return first + "." + name(k + 2);
    }
    next[0] = k + 1;
    return schema + "." + first;
  }

  // ---- rows

  private static TableUse withRows(TableUse u, List<Map<String, String>> rows) {
    return new TableUse(u.table(), rows, u.insert());
  }

  /**
   * The rows the top-level WHERE after {@code from} restricts to by ANDed equalities, or null (any
   * row). With {@code statementLevel} the WHERE must be at depth 0 (an UPDATE's or DELETE's own).
   */
  private List<Map<String, String>> whereRows(int from, boolean statementLevel) {
    int where = -1;
    for (int k = from; k < t.size(); k++) {
      if (depth[k] == 0 && word(k).equals("WHERE")) {
        where = k;
        break;
      }
    }
    if (where < 0) {
      return null;
    }
    List<Map<String, String>> rows = new ArrayList<>();
    rows.add(new LinkedHashMap<>());
    int start = where + 1;
    for (int k = where + 1; k <= t.size(); k++) {
      boolean atEnd = k == t.size();
      String w = atEnd ? "" : word(k);
      if (!atEnd && depth[k] == 0 && (w.equals("OR") || w.equals("XOR") || isOp(k, "||"))) {
        return null;
      }
      boolean clause = !atEnd && depth[k] == 0 && WHERE_ENDS.contains(w);
      if (atEnd || clause || (depth[k] == 0 && (w.equals("AND") || isOp(k, "&&")))) {
        rows = term(start, k, rows);
        if (rows == null) {
          return null;
        }
        if (atEnd || clause) {
          break;
        }
        start = k + 1;
      }
    }
    return rows.size() == 1 && rows.get(0).isEmpty() ? null : rows;
  }

  /** Narrows {@code rows} by one ANDed term if it is {@code col = lit} or {@code col IN (...)}. */
  private List<Map<String, String>> term(int from, int to, List<Map<String, String>> rows) {
    int n = to - from;
    int[] colEnd = new int[1];
    String column = column(from, colEnd);
    if (column != null && isOp(colEnd[0], "=")) {
      String value = literal(colEnd[0] + 1, to);
      if (value != null) {
        rows.forEach(r -> r.put(column, value));
      }
      return rows;
    }
    if (column != null && word(colEnd[0]).equals("IN") && kind(colEnd[0] + 1) == Kind.OPEN) {
      int close = closing(colEnd[0] + 1);
      if (close != to - 1) {
        return rows;
      }
      List<String> values = new ArrayList<>();
      int start = colEnd[0] + 2;
      for (int c = start; c <= close; c++) {
        if (c == close || (kind(c) == Kind.COMMA && depth[c] == depth[start])) {
          String v = literal(start, c);
          if (v == null) {
            return rows; // a value not plain: the term does not narrow
          }
          values.add(v);
          start = c + 1;
        }
      }
      if (values.isEmpty() || (long) rows.size() * values.size() > MAX_ROWS) {
        return values.isEmpty() ? rows : null;
      }
      List<Map<String, String>> out = new ArrayList<>();
      for (Map<String, String> r : rows) {
        for (String v : values) {
          Map<String, String> copy = new LinkedHashMap<>(r);
          copy.put(column, v);
          out.add(copy);
        }
      }
      return out;
    }
    // literal = col
    if (n >= 3) {
      int eq = -1;
      for (int k = from; k < to; k++) {
        if (isOp(k, "=")) {
          eq = k;
          break;
        }
      }
      if (eq > from) {
        String value = literal(from, eq);
        String col = column(eq + 1, colEnd);
        if (value != null && col != null && colEnd[0] == to) {
          rows.forEach(r -> r.put(col, value));
        }
      }
    }
    return rows;
  }

  /** A column at {@code k} ({@code c}, {@code t.c}, {@code db.t.c}), lower case, or null. */
  private String column(int k, int[] end) {
    if (k >= t.size() || !(kind(k) == Kind.WORD || kind(k) == Kind.QUOTED_NAME)) {
      return null;
    }
    if (kind(k) == Kind.WORD && (kind(k + 1) == Kind.OPEN || CLAUSE_WORDS.contains(word(k)))) {
      return null;
    }
    int last = k;
    while (kind(last + 1) == Kind.DOT
        && (kind(last + 2) == Kind.WORD || kind(last + 2) == Kind.QUOTED_NAME)) {
      last += 2;
    }
    end[0] = last + 1;
    return name(last);
  }

  /** The literal that spans {@code [from, to)} exactly, quotes removed, or null. */
  private String literal(int from, int to) {
    if (to - from == 1) {
      SqlToken x = t.get(from);
      return switch (x.kind()) {
        case NUMBER -> number(x.text());
        case STRING -> unquote(x.text());
        default -> null;
      };
    }
    if (to - from == 2 && (isOp(from, "-") || isOp(from, "+")) && kind(from + 1) == Kind.NUMBER) {
      String n = number(t.get(from + 1).text());
      return isOp(from, "-") ? "-" + n : n;
    }
    return null;
  }

  /** A number as the server compares it: 5, 05 and 5.0 are one key; hex stays as written. */
  private static String number(String text) {
    if (text.startsWith("0x") || text.startsWith("0X") || text.startsWith("0b")) {
      return text.toLowerCase(Locale.ROOT);
    }
    try {
      return new java.math.BigDecimal(text).stripTrailingZeros().toPlainString();
    } catch (NumberFormatException e) {
      return text;
    }
  }

  private static String unquote(String s) {
    if (s.length() < 2) {
      return s;
    }
    char q = s.charAt(0);
    String body = s.substring(1, s.length() - 1);
    if (body.indexOf('\\') < 0 && body.indexOf(q) < 0) {
      return number(body).equals(body) || !looksNumeric(body) ? body : number(body);
    }
    StringBuilder b = new StringBuilder(body.length());
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '\\' && i + 1 < body.length()) {
        b.append(body.charAt(++i));
      } else if (c == q && i + 1 < body.length() && body.charAt(i + 1) == q) {
        b.append(q);
        i++;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean looksNumeric(String s) {
    return !s.isEmpty() && s.chars().allMatch(c -> (c >= '0' && c <= '9') || c == '.' || c == '-');
  }

  // ---- tokens

  private boolean hasSubquery(int from) {
    for (int k = from; k < t.size(); k++) {
      if (depth[k] > 0 && (word(k).equals("SELECT") || word(k).equals("TABLE"))) {
        return true;
      }
    }
    return false;
  }

  private boolean mentions(int from, String w) {
    for (int k = from; k < t.size(); k++) {
      if (word(k).equals(w)) {
        return true;
      }
    }
    return false;
  }

  private int indexOfAtDepth0(int from, String w) {
    for (int k = Math.max(0, from); k < t.size(); k++) {
      if (depth[k] == 0 && word(k).equals(w)) {
        return k;
      }
    }
    return -1;
  }

  private int closing(int open) {
    int d = depth[open];
    for (int k = open + 1; k < t.size(); k++) {
      if (kind(k) == Kind.CLOSE && depth[k] == d) {
        return k;
      }
    }
    return t.size() - 1;
  }

  private String textFrom(int i) {
    StringBuilder b = new StringBuilder();
    for (int k = i; k < t.size(); k++) {
      b.append(t.get(k).text()).append(' ');
    }
    return b.toString();
  }

  private Kind kind(int k) {
    return k >= 0 && k < t.size() ? t.get(k).kind() : null;
  }

  /** The token as an upper-case word, or "" when it is no word. */
  private String word(int k) {
    return k >= 0 && k < t.size() && t.get(k).kind() == Kind.WORD ? t.get(k).upper() : "";
  }

  private boolean isOp(int k, String op) {
    return k >= 0 && k < t.size() && t.get(k).kind() == Kind.OPERATOR && t.get(k).text().equals(op);
  }

  private String name(int k) {
    String s = t.get(k).text();
    if (t.get(k).kind() == Kind.QUOTED_NAME && s.length() >= 2) {
      s = s.substring(1, s.length() - 1).replace("``", "`");
    }
    return s.toLowerCase(Locale.ROOT);
  }
}
