package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The tables one statement writes, read from its leading words the way the server's parser sees
 * them (comments skipped, version comments read as SQL): the target of INSERT, REPLACE, LOAD DATA,
 * TRUNCATE, CREATE TABLE, ALTER TABLE (and its new name), DROP TABLE and RENAME TABLE, and every
 * table named in the table references of UPDATE and DELETE, read ones included (a join's other
 * tables): a table too many costs a comparison, a table missed would hide a difference.
 *
 * <p>Only the head of a statement is read: an INSERT's values and a WHERE clause never are, so a
 * bulk insert costs a few tokens. Only the first statement of a text is read.
 */
final class WrittenNames {
  /**
   * What a statement writes.
   *
   * @param tables the names it writes, as written (quotes removed); a null schema: the session's
   * @param unknown why what it writes cannot be told from its text (a CALL), else null
   */
  record Found(List<Name> tables, String unknown) {
    static final Found NOTHING = new Found(List.of(), null);

    static Found unknown(String why) {
      return new Found(List.of(), why);
    }
  }

  /**
   * A table name as a statement gives it.
   *
   * @param schema the database it names, or null for the session's default schema
   * @param table the table
   */
  record Name(String schema, String table) {}

  /** Words that end the table references of an UPDATE or a DELETE. */
  private static final Set<String> END_OF_REFERENCES =
      Set.of("SET", "WHERE", "ORDER", "LIMIT", "RETURNING");

  private static final Set<String> JOINS = Set.of("JOIN", "STRAIGHT_JOIN");

  private final SqlScanner sc;
  private final List<Name> names = new ArrayList<>();

  private WrittenNames(String sql) {
    this.sc = new SqlScanner(sql);
  }

  static Found of(String sql) {
    if (sql == null || sql.isEmpty()) {
      return Found.NOTHING;
    }
    PreparedText prepared = PreparedText.of(sql, null);
    if (prepared != null) {
      return prepared.text() != null
          ? of(prepared.text())
          : Found.unknown("PREPARE or EXECUTE IMMEDIATE of an expression");
    }
    WrittenNames w = new WrittenNames(sql);
    String unknown = w.statement(w.sc.next());
    return new Found(List.copyOf(w.names), unknown);
  }

  /** The schema a {@code USE db} names, or null for any other statement. */
  static String used(String sql) {
    if (sql == null) {
      return null;
    }
    SqlScanner sc = new SqlScanner(sql);
    sc.next();
    if (sc.keyword() != Keyword.USE) {
      return null;
    }
    Kind t = sc.next();
    return t == Kind.WORD || t == Kind.QUOTED_NAME ? identifier(sc, t) : null;
  }

  /** Reads the statement at the current token; returns why its tables are unknown, or null. */
  private String statement(Kind t) {
    Keyword verb = sc.keyword();
    if (t != Kind.WORD || verb == null) {
      return null;
    }
    switch (verb) {
      case INSERT, REPLACE -> insert();
      case UPDATE -> update();
      case DELETE -> delete();
      case LOAD -> load();
      case TRUNCATE -> truncate();
      case CREATE -> create();
      case ALTER -> alter();
      case DROP -> drop();
      case RENAME -> rename();
      case WITH -> {
        return afterWith();
      }
      case SET -> {
        return setStatement();
      }
      case CALL -> {
        return "CALL of a stored procedure";
      }
      default -> {}
    }
    return null;
  }

  /** INSERT [LOW_PRIORITY | DELAYED | HIGH_PRIORITY] [IGNORE] [INTO] t ... */
  private void insert() {
    Kind t = sc.next();
    while (isWord("LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO")) {
      t = sc.next();
    }
    name(t);
  }

  /** UPDATE [LOW_PRIORITY] [IGNORE] refs SET ... */
  private void update() {
    Kind t = sc.next();
    while (isWord("LOW_PRIORITY", "IGNORE")) {
      t = sc.next();
    }
    references(t);
  }

  /** DELETE [modifiers] FROM refs [USING refs], or DELETE t1, t2 FROM refs. */
  private void delete() {
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      if (sc.depth() == 0 && sc.keyword() == Keyword.FROM) {
        references(sc.next());
        return;
      }
    }
  }

  /** LOAD DATA | XML ... INTO TABLE t. */
  private void load() {
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      if (sc.keyword() == Keyword.INTO) {
        sc.next();
        if (sc.keyword() == Keyword.TABLE) {
          name(sc.next());
        }
        return;
      }
    }
  }

  /** TRUNCATE [TABLE] t. */
  private void truncate() {
    Kind t = sc.next();
    if (sc.keyword() == Keyword.TABLE) {
      t = sc.next();
    }
    name(t);
  }

  /** CREATE [OR REPLACE] TABLE [IF NOT EXISTS] t; a TEMPORARY table ends with its session. */
  private void create() {
    Kind t = sc.next();
    while (sc.keyword() == Keyword.OR || sc.keyword() == Keyword.REPLACE) {
      t = sc.next();
    }
    if (sc.keyword() == Keyword.TABLE) {
      name(ifExists(sc.next()));
    }
  }

  /** ALTER [ONLINE] [IGNORE] TABLE t ... [RENAME [TO | AS] u]. */
  private void alter() {
    Kind t = sc.next();
    while (sc.keyword() == Keyword.ONLINE
        || sc.keyword() == Keyword.OFFLINE
        || sc.keyword() == Keyword.IGNORE) {
      t = sc.next();
    }
    if (sc.keyword() != Keyword.TABLE) {
      return;
    }
    t = name(ifExists(sc.next()));
    for (; t != Kind.END; t = sc.next()) {
      if (sc.depth() == 0 && sc.keyword() == Keyword.RENAME) {
        t = sc.next();
        if (isWord("COLUMN", "INDEX", "KEY")) {
          continue; // RENAME COLUMN a TO b names no table
        }
        if (isWord("TO", "AS")) {
          t = sc.next();
        }
        name(t);
        return;
      }
    }
  }

  /** DROP TABLE [IF EXISTS] a, b ...; a DROP TEMPORARY TABLE drops only a session's table. */
  private void drop() {
    sc.next();
    if (sc.keyword() == Keyword.TABLE) {
      list(ifExists(sc.next()));
    }
  }

  /** RENAME TABLE a TO b [, c TO d]: every name, old and new. */
  private void rename() {
    sc.next();
    if (sc.keyword() != Keyword.TABLE) {
      return;
    }
    for (Kind t = sc.next(); t != Kind.END; ) {
      t = name(t);
      t = isWord("TO") || t == Kind.COMMA ? sc.next() : t;
      if (t != Kind.WORD && t != Kind.QUOTED_NAME) {
        return;
      }
    }
  }

  /**
   * WITH [RECURSIVE] cte AS (...) [, ...] UPDATE | DELETE | INSERT ...: the statement after it,
   * without the common table expressions it names (they are no tables).
   */
  private String afterWith() {
    Set<String> ctes = new java.util.HashSet<>();
    boolean expect = true;
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      Keyword k = sc.keyword();
      if (sc.depth() != 0 || k == Keyword.RECURSIVE) {
        continue;
      }
      if (k == Keyword.UPDATE
          || k == Keyword.DELETE
          || k == Keyword.INSERT
          || k == Keyword.REPLACE) {
        String unknown = statement(t);
        names.removeIf(n -> n.schema() == null && ctes.contains(n.table()));
        return unknown;
      }
      if (expect && (t == Kind.WORD || t == Kind.QUOTED_NAME)) {
        ctes.add(identifier(t));
      }
      expect = t == Kind.COMMA;
    }
    return null;
  }

  /** MariaDB's SET STATEMENT var = value [, ...] FOR statement: the statement after FOR. */
  private String setStatement() {
    sc.next();
    if (sc.keyword() != Keyword.STATEMENT) {
      return null;
    }
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      if (sc.depth() == 0 && sc.keyword() == Keyword.FOR) {
        return statement(sc.next());
      }
    }
    return null;
  }

  /**
   * Table references: a name wherever a table may stand (at the start, after a comma of a list of
   * tables, after JOIN, after USING that is not a join's column list), never an alias, a column or
   * a name inside a derived table or an ON condition. Parentheses around tables keep their list;
   * parentheses anywhere else hide what is inside.
   */
  private void references(Kind first) {
    Deque<Boolean> groups = new ArrayDeque<>(); // per open parenthesis: does it hold tables?
    boolean expect = true;
    boolean afterUsing = false;
    Kind t = first;
    while (t != Kind.END) {
      boolean tables = groups.isEmpty() || groups.peek();
      if (afterUsing) {
        expect = t != Kind.OPEN; // USING (col, ...) of a join, or USING refs of a DELETE
        afterUsing = false;
      }
      if (groups.isEmpty() && t == Kind.WORD && END_OF_REFERENCES.contains(upper())) {
        return;
      }
      if (t == Kind.OPEN) {
        groups.push(expect && tables);
      } else if (t == Kind.CLOSE) {
        if (!groups.isEmpty()) {
          groups.pop();
        }
        expect = false;
      } else if (t == Kind.COMMA) {
        expect = tables;
      } else if (t == Kind.WORD && tables && JOINS.contains(upper())) {
        expect = true;
      } else if (t == Kind.WORD && tables && upper().equals("USING")) {
        afterUsing = true;
      } else if (expect && tables && sc.keyword() == Keyword.SELECT) {
        replaceTop(groups); // a derived table: what it names is read, not written
        expect = false;
      } else if (expect && tables && (t == Kind.WORD || t == Kind.QUOTED_NAME)) {
        t = name(t);
        expect = false;
        continue;
      } else {
        expect = false;
      }
      t = sc.next();
    }
  }

  private static void replaceTop(Deque<Boolean> groups) {
    if (!groups.isEmpty()) {
      groups.pop();
      groups.push(false);
    }
  }

  /** A comma-separated list of names. */
  private void list(Kind first) {
    for (Kind t = name(first); t == Kind.COMMA; t = name(sc.next())) {
      // each name after a comma
    }
  }

  /** Skips IF [NOT] EXISTS. */
  private Kind ifExists(Kind t) {
    if (isWord("IF")) {
      t = sc.next();
      if (sc.keyword() == Keyword.NOT) {
        t = sc.next();
      }
      if (isWord("EXISTS")) {
        t = sc.next();
      }
    }
    return t;
  }

  /**
   * Reads {@code name} or {@code schema.name} at the current token and adds it; returns the token
   * after it (the current one when there is no name).
   */
  private Kind name(Kind t) {
    if (t != Kind.WORD && t != Kind.QUOTED_NAME) {
      return t;
    }
    String first = identifier(t);
    Kind next = sc.next();
    if (next != Kind.DOT) {
      names.add(new Name(null, first));
      return next;
    }
    Kind second = sc.next();
    if (second != Kind.WORD && second != Kind.QUOTED_NAME) {
      return second;
    }
    names.add(new Name(first, identifier(second)));
    return sc.next();
  }

  private String identifier(Kind t) {
    return identifier(sc, t);
  }

  private static String identifier(SqlScanner sc, Kind t) {
    String text = sc.text().substring(sc.start(), sc.end());
    if (t != Kind.QUOTED_NAME) {
      return text;
    }
    boolean closed = text.length() >= 2 && text.endsWith("`");
    return text.substring(1, closed ? text.length() - 1 : text.length()).replace("``", "`");
  }

  private boolean isWord(String... words) {
    if (sc.type() != Kind.WORD) {
      return false;
    }
    for (String w : words) {
      if (sc.end() - sc.start() == w.length()
          && sc.text().regionMatches(true, sc.start(), w, 0, w.length())) {
        return true;
      }
    }
    return false;
  }

  private String upper() {
    return sc.text().substring(sc.start(), sc.end()).toUpperCase(java.util.Locale.ROOT);
  }
}
