package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Finds, in one pass over the tokens (so never inside strings or comments), what makes a result
 * vary between runs or servers, what makes a read unsafe to replay, and whether the outermost query
 * orders its result.
 *
 * <p>Query blocks are tracked per parenthesis depth: an ORDER BY inside a subquery, a derived table
 * or a window's OVER (...) does not order the outer result, and a LIMIT is judged against the ORDER
 * BY of its own block. "ORDER BY on a non-unique key" needs the schema and is not judged here.
 */
final class NondeterminismDetector {
  /** What {@link #scan} found. */
  record Result(String unsafeReason, Set<String> markers, boolean ordered, Set<String> calls) {}

  /** What makes a read change the session's access mode; the read-only session must stay. */
  static final String ACCESS_MODE = "changes the transaction access mode";

  static final String LIMIT_WITHOUT_ORDER = "LIMIT without ORDER BY";

  /** What makes a SET of session_track_* unsafe: the replay's check of each statement needs it. */
  static final String SILENCES_TRACKING =
      "changes what the server reports of session changes (session_track_*)";

  /**
   * Built-in functions a read-only replay never runs: they take locks, wait, read the server's
   * files or advance a sequence. A routine's body is judged by the same list ({@link RoutineBody}).
   */
  static final java.util.EnumSet<Keyword> UNSAFE_CALLS =
      java.util.EnumSet.of(
          Keyword.GET_LOCK,
          Keyword.RELEASE_LOCK,
          Keyword.RELEASE_ALL_LOCKS,
          Keyword.IS_FREE_LOCK,
          Keyword.IS_USED_LOCK,
          Keyword.SLEEP,
          Keyword.BENCHMARK,
          Keyword.NEXTVAL,
          Keyword.SETVAL,
          Keyword.LOAD_FILE,
          Keyword.MASTER_POS_WAIT,
          Keyword.SOURCE_POS_WAIT,
          Keyword.MASTER_GTID_WAIT,
          Keyword.WAIT_FOR_EXECUTED_GTID_SET,
          Keyword.WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS);

  /** Depths beyond this are not tracked (bit masks); deeper LIMITs are not judged. */
  private static final int MAX_DEPTH = 62;

  private final SqlScanner sc;
  private final StatementKind kind;
  private Set<String> markers;
  private String unsafe;
  private long blockOrdered; // bit d: ORDER BY seen in the current query block at depth d
  private long blockHasTable; // bit d: the block at depth d reads a table (FROM, UPDATE)
  private long existsBlock; // bit d: the block at depth d is an EXISTS (...) subquery
  private int outerDepth = Integer.MAX_VALUE;
  private Keyword first;
  private Kind prevType;
  private Keyword prevKw;
  private Kind prev2Type;
  private Keyword prev2Kw;
  private Kind prev3Type;
  private int prevStart;
  private int prevEnd;
  private boolean afterSemicolon;
  private Set<String> calls;

  private NondeterminismDetector(
      String sql, StatementKind kind, ServerDialect dialect, SqlModes modes) {
    this.sc = new SqlScanner(sql, dialect, modes);
    this.kind = kind;
  }

  static Result scan(String sql, StatementKind kind) {
    return scan(sql, kind, null);
  }

  /** Scans the statement as {@code dialect}'s server reads it (null: every comment's SQL). */
  static Result scan(String sql, StatementKind kind, ServerDialect dialect) {
    return scan(sql, kind, dialect, SqlModes.NONE);
  }

  /** As {@link #scan(String, StatementKind, ServerDialect)}, under a session's sql_mode. */
  static Result scan(String sql, StatementKind kind, ServerDialect dialect, SqlModes modes) {
    return new NondeterminismDetector(sql, kind, dialect, modes).run();
  }

  private Result run() {
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      Keyword k = sc.keyword();
      int d = sc.depth();
      if (prevType == null) {
        first = k;
      }
      if (afterSemicolon && t != Kind.SEMICOLON) {
        // The server refuses a second statement without multi-statements; never count on that.
        unsafe("more than one statement");
      }
      afterSemicolon |= t == Kind.SEMICOLON && d == 0;
      if (first == Keyword.SET) {
        setClause(t, k);
      }
      if (t != Kind.OPEN && t != Kind.CLOSE && t != Kind.SEMICOLON) {
        outerDepth = Math.min(outerDepth, d);
      }
      if (prevKw == Keyword.INTO && kind == StatementKind.READ) {
        // SELECT ... INTO writes a file or variables instead of returning rows.
        unsafe(
            k == Keyword.OUTFILE || k == Keyword.DUMPFILE
                ? "INTO " + k.name()
                : t == Kind.USER_VAR ? "INTO @var" : "INTO variable");
      }
      switch (t) {
        case OPEN -> open(d);
        case CLOSE -> close();
        case WORD -> word(k, d);
        case OPERATOR -> {
          if (prevType == Kind.USER_VAR && sc.isOperator(":=") && kind != StatementKind.SESSION) {
            unsafe("user variable assignment (@var :=)");
          }
        }
        case SYSTEM_VAR -> systemVariable();
        default -> {}
      }
      prev3Type = prev2Type;
      prev2Type = prevType;
      prev2Kw = prevKw;
      prevType = t;
      prevKw = k;
      prevStart = sc.start();
      prevEnd = sc.end();
    }
    if (sc.unprovable() != null) {
      unsafe = "cannot be read as the server reads it: " + sc.unprovable();
    }
    boolean ordered = outerDepth <= MAX_DEPTH && bit(blockOrdered, outerDepth);
    return new Result(
        kind == StatementKind.READ || kind == StatementKind.SESSION ? unsafe : null,
        markers == null ? Set.of() : Collections.unmodifiableSet(markers),
        ordered,
        calls == null ? Set.of() : Collections.unmodifiableSet(calls));
  }

  /**
   * A SET must not lift the read-only session (READ WRITE, tx_read_only, transaction_read_only) nor
   * silence the server's report of what a statement changed in its session (session_track_*). What
   * it does to how later statements are read (sql_mode, the client character set) the replay
   * follows per session ({@link ReadingChange}).
   */
  private void setClause(Kind t, Keyword k) {
    if (k == Keyword.WRITE && prevKw == Keyword.READ) {
      unsafe(ACCESS_MODE);
    }
    if (k == Keyword.TX_READ_ONLY
        || k == Keyword.TRANSACTION_READ_ONLY
        || (t == Kind.SYSTEM_VAR && endsWith("read_only"))) {
      unsafe(ACCESS_MODE);
    }
    if ((t == Kind.WORD || t == Kind.SYSTEM_VAR || t == Kind.QUOTED_NAME)
        && ReadingChange.tracking(sc.text(), sc.start(), sc.end())) {
      unsafe(SILENCES_TRACKING);
    }
  }

  private boolean endsWith(String name) {
    return sc.end() - sc.start() >= name.length()
        && sc.text().regionMatches(true, sc.end() - name.length(), name, 0, name.length());
  }

  /** A "(" starts a new query block one level down, and may call the function before it. */
  private void open(int d) {
    int inner = d + 1;
    if (inner <= MAX_DEPTH) {
      blockOrdered &= ~(1L << inner);
      blockHasTable &= ~(1L << inner);
      existsBlock =
          prevKw == Keyword.EXISTS ? existsBlock | (1L << inner) : existsBlock & ~(1L << inner);
    }
    if (prevType == Kind.WORD && prevKw != null && prev2Type != Kind.DOT) {
      call(prevKw);
    } else if (prevType == Kind.WORD || prevType == Kind.QUOTED_NAME) {
      storedFunction();
    }
  }

  /**
   * A name before "(" that is no function this detector knows may be a stored function; replay
   * looks it up in information_schema.ROUTINES. Lower case, without schema and quotes.
   */
  private void storedFunction() {
    String name = sc.text().substring(prevStart, prevEnd);
    if (prevType == Kind.QUOTED_NAME && name.length() >= 2) {
      name = name.substring(1, name.length() - 1).replace("``", "`");
    }
    if (calls == null) {
      calls = new LinkedHashSet<>();
    }
    calls.add(name.toLowerCase(java.util.Locale.ROOT));
  }

  /** {@code RAND()} and {@code UNIX_TIMESTAMP()} vary only without arguments. */
  private void close() {
    if (prevType == Kind.OPEN && prev2Type == Kind.WORD && prev3Type != Kind.DOT) {
      if (prev2Kw == Keyword.RAND) {
        marker("RAND()");
      } else if (prev2Kw == Keyword.UNIX_TIMESTAMP) {
        marker("UNIX_TIMESTAMP()");
      }
    }
  }

  private void call(Keyword f) {
    switch (f) {
      case NOW,
          CURDATE,
          CURTIME,
          SYSDATE,
          UUID,
          UUID_SHORT,
          SYS_GUID,
          CONNECTION_ID,
          LAST_INSERT_ID,
          FOUND_ROWS,
          ROW_COUNT,
          VERSION,
          LASTVAL ->
          marker(f.name() + "()");
      default -> {
        if (UNSAFE_CALLS.contains(f)) {
          unsafe(f.name() + "()");
        }
      }
    }
  }

  private void word(Keyword k, int d) {
    if (k == null) {
      return;
    }
    switch (k) {
      case SELECT, UNION, INTERSECT, EXCEPT -> {
        if (d <= MAX_DEPTH) {
          blockOrdered &= ~(1L << d);
          blockHasTable &= ~(1L << d);
        }
      }
      case FROM, UPDATE -> {
        if (d <= MAX_DEPTH) {
          blockHasTable |= 1L << d;
        }
        if (k == Keyword.UPDATE) {
          forUpdate(k);
        }
      }
      case BY -> {
        if (prevKw == Keyword.ORDER && d <= MAX_DEPTH) {
          blockOrdered |= 1L << d;
        }
      }
      case LIMIT -> limit(d);
      case FIRST, NEXT -> {
        if (prevKw == Keyword.FETCH) {
          limit(d);
        }
      }
      case SHARE -> forUpdate(k);
      case IN -> {
        if (prevKw == Keyword.LOCK) {
          unsafe("LOCK IN SHARE MODE");
        }
      }
      case FOR -> sequence();
      case CURRENT_TIMESTAMP,
          CURRENT_DATE,
          CURRENT_TIME,
          LOCALTIME,
          LOCALTIMESTAMP,
          UTC_DATE,
          UTC_TIME,
          UTC_TIMESTAMP -> {
        if (prevType != Kind.DOT) {
          marker(k.name() + "()");
        }
      }
      case PROCESSLIST, STATUS, ENGINE -> {
        if (first == Keyword.SHOW) {
          marker("SHOW " + k.name());
        }
      }
      default -> {}
    }
  }

  private void forUpdate(Keyword k) {
    if (prevKw == Keyword.FOR) {
      unsafe("FOR " + k.name());
    }
  }

  /** MariaDB's NEXT VALUE FOR seq advances a sequence; PREVIOUS VALUE FOR reads the session's. */
  private void sequence() {
    if (prevKw == Keyword.VALUE && prev2Kw == Keyword.NEXT) {
      unsafe("NEXT VALUE FOR");
    } else if (prevKw == Keyword.VALUE && prev2Kw == Keyword.PREVIOUS) {
      marker("LASTVAL()");
    }
  }

  /** A LIMIT picks rows in an unspecified order unless its block has an ORDER BY. */
  private void limit(int d) {
    if (first == Keyword.SHOW || d > MAX_DEPTH) {
      return;
    }
    long b = 1L << d;
    if ((blockOrdered & b) == 0 && (blockHasTable & b) != 0 && (existsBlock & b) == 0) {
      marker(LIMIT_WITHOUT_ORDER);
    }
  }

  /** {@code @@version} and friends differ between OLD and NEW by design. */
  private void systemVariable() {
    String s = sc.text();
    int p = sc.start() + 2;
    for (int i = p; i < sc.end(); i++) {
      if (s.charAt(i) == '.') {
        p = i + 1; // @@global.version
        break;
      }
    }
    if (s.regionMatches(true, p, "version", 0, 7)) {
      marker("@@version");
    }
  }

  private void marker(String m) {
    if (markers == null) {
      markers = new LinkedHashSet<>();
    }
    markers.add(m);
  }

  private void unsafe(String reason) {
    // A reason that writes do not excuse (INTO OUTFILE, GET_LOCK ...) wins over a locking read or
    // a sequence call, which --allow-writes replays (SqlProfile.lockingOrSequenceRead).
    if (unsafe == null || SqlProfile.excusedByWrites(unsafe)) {
      unsafe = reason;
    }
  }

  private static boolean bit(long mask, int d) {
    return (mask & (1L << d)) != 0;
  }
}
