package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;

/**
 * Decides what a statement does from its leading words, the way the server's parser would see them:
 * comments skipped, version comments read as SQL, a parenthesised query looked into. Reads past the
 * first words only where the first words do not decide: WITH (the statement after the CTEs), SET (a
 * GLOBAL scope anywhere in the list), SET STATEMENT ... FOR, EXPLAIN ANALYZE.
 */
final class StatementClassifier {
  private StatementClassifier() {}

  static StatementKind classify(String sql) {
    return classify(sql, null);
  }

  /** As {@code dialect}'s server reads the text; null reads every executable comment as SQL. */
  static StatementKind classify(String sql, ServerDialect dialect) {
    return classify(sql, dialect, SqlModes.NONE);
  }

  /** As {@code dialect}'s server reads the text under a session's sql_mode. */
  static StatementKind classify(String sql, ServerDialect dialect, SqlModes modes) {
    SqlScanner sc = new SqlScanner(sql, dialect, modes);
    return statement(sc, sc.next());
  }

  /** Classifies the statement that starts at the current token. */
  private static StatementKind statement(SqlScanner sc, Kind t) {
    StatementKind kind = verb(sc, t);
    if (kind == StatementKind.OTHER && sc.inVersionComment()) {
      // A version comment of modifiers before the verb: /*!40001 SQL_NO_CACHE */ SELECT ...
      while (t != Kind.END && sc.inVersionComment()) {
        t = sc.next();
      }
      return t == Kind.END ? kind : statement(sc, t);
    }
    return kind;
  }

  private static StatementKind verb(SqlScanner sc, Kind t) {
    int parens = 0;
    while (t == Kind.OPEN) {
      parens++;
      t = sc.next();
    }
    Keyword k = sc.keyword();
    if (k == null) {
      return StatementKind.OTHER;
    }
    if (parens > 0) {
      return switch (k) {
        case SELECT, VALUES, TABLE -> StatementKind.READ;
        case WITH -> with(sc);
        default -> StatementKind.OTHER;
      };
    }
    return switch (k) {
      case SELECT, SHOW, TABLE, VALUES, HELP, DO, CHECKSUM -> StatementKind.READ;
      case EXPLAIN, DESCRIBE, DESC -> explain(sc);
      case ANALYZE -> analyze(sc);
      case WITH -> with(sc);
      case INSERT, UPDATE, DELETE, REPLACE, CALL -> StatementKind.WRITE;
      case LOAD -> load(sc);
      case CREATE, ALTER, DROP, RENAME -> definition(sc);
      case TRUNCATE, IMPORT -> StatementKind.DDL;
      case SET -> set(sc);
      case USE, PREPARE, DEALLOCATE -> StatementKind.SESSION;
      // EXECUTE runs a statement of this session whose PREPARE replay let through; the analyser
      // classifies EXECUTE IMMEDIATE by its text.
      case EXECUTE -> StatementKind.READ;
      case BEGIN -> begin(sc);
      case START ->
          nextKeyword(sc) == Keyword.TRANSACTION ? StatementKind.TRANSACTION : StatementKind.ADMIN;
      case COMMIT, ROLLBACK, SAVEPOINT, RELEASE, XA -> StatementKind.TRANSACTION;
      case LOCK, UNLOCK -> lock(sc);
      case GRANT,
          REVOKE,
          FLUSH,
          KILL,
          SHUTDOWN,
          RESTART,
          INSTALL,
          UNINSTALL,
          CHANGE,
          STOP,
          RESET,
          PURGE,
          OPTIMIZE,
          REPAIR,
          CHECK,
          CACHE,
          BINLOG,
          CLONE,
          BACKUP ->
          StatementKind.ADMIN;
      default -> StatementKind.OTHER;
    };
  }

  private static Keyword nextKeyword(SqlScanner sc) {
    sc.next();
    return sc.keyword();
  }

  /** EXPLAIN only plans, unless ANALYZE makes it run the statement. */
  private static StatementKind explain(SqlScanner sc) {
    boolean runs = false;
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      Keyword k = sc.keyword();
      if (k == Keyword.ANALYZE) {
        runs = true;
      } else if (k == Keyword.INSERT
          || k == Keyword.UPDATE
          || k == Keyword.DELETE
          || k == Keyword.REPLACE) {
        return runs ? StatementKind.WRITE : StatementKind.READ;
      } else if (k != Keyword.FORMAT
          && k != Keyword.EXTENDED
          && k != Keyword.PARTITIONS
          && t != Kind.OPERATOR
          && !(t == Kind.WORD && k == null)) {
        return StatementKind.READ;
      }
    }
    return StatementKind.READ;
  }

  /** MariaDB's ANALYZE runs a statement; ANALYZE TABLE updates statistics. */
  private static StatementKind analyze(SqlScanner sc) {
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      Keyword k = sc.keyword();
      if (k == Keyword.SELECT) {
        return StatementKind.READ;
      }
      if (k == Keyword.INSERT
          || k == Keyword.UPDATE
          || k == Keyword.DELETE
          || k == Keyword.REPLACE) {
        return StatementKind.WRITE;
      }
      if (k != Keyword.FORMAT && t != Kind.OPERATOR && !(t == Kind.WORD && k == null)) {
        break;
      }
    }
    return StatementKind.ADMIN;
  }

  /** The statement after the common table expressions decides. */
  private static StatementKind with(SqlScanner sc) {
    int outer = sc.depth();
    boolean afterClose = false;
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      if (sc.depth() != outer) {
        continue;
      }
      if (t == Kind.OPEN && afterClose) {
        // WITH c AS (...) (SELECT ...): the main query is parenthesised.
        return statement(sc, t);
      }
      afterClose = t == Kind.CLOSE;
      Keyword k = sc.keyword();
      if (k == null) {
        continue;
      }
      switch (k) {
        case SELECT, TABLE, VALUES -> {
          return StatementKind.READ;
        }
        case UPDATE, DELETE, INSERT, REPLACE -> {
          return StatementKind.WRITE;
        }
        default -> {}
      }
    }
    return StatementKind.OTHER;
  }

  private static StatementKind load(SqlScanner sc) {
    Keyword k = nextKeyword(sc);
    if (k == Keyword.DATA || k == Keyword.XML) {
      return StatementKind.WRITE;
    }
    return k == Keyword.INDEX ? StatementKind.ADMIN : StatementKind.OTHER;
  }

  /**
   * CREATE, ALTER, DROP, RENAME: DDL, except for accounts and server objects (ADMIN) and DROP
   * PREPARE (SESSION). The object word follows the verb after modifiers like OR REPLACE, TEMPORARY,
   * ALGORITHM=..., DEFINER=user@host, SQL SECURITY ...
   */
  private static StatementKind definition(SqlScanner sc) {
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      Keyword k = sc.keyword();
      if (k == null) {
        return StatementKind.DDL;
      }
      switch (k) {
        case USER, ROLE, SERVER, INSTANCE, RESOURCE -> {
          return StatementKind.ADMIN;
        }
        case PREPARE -> {
          return StatementKind.SESSION;
        }
        case DEFINER -> skipDefiner(sc);
        case ALGORITHM -> {
          sc.next(); // =
          sc.next(); // UNDEFINED | MERGE | TEMPTABLE
        }
        case OR,
            REPLACE,
            TEMPORARY,
            UNIQUE,
            FULLTEXT,
            SPATIAL,
            ONLINE,
            OFFLINE,
            IGNORE,
            AGGREGATE,
            SQL,
            SECURITY,
            NO_WRITE_TO_BINLOG,
            LOCAL -> {}
        default -> {
          return StatementKind.DDL;
        }
      }
    }
    return StatementKind.DDL;
  }

  /** {@code DEFINER = name[@host]} or {@code DEFINER = CURRENT_USER[()]}. */
  private static void skipDefiner(SqlScanner sc) {
    sc.next(); // =
    sc.next(); // name, 'name', `name` or CURRENT_USER
  }

  /**
   * SET changes the session, unless any of its assignments is GLOBAL or PERSIST (ADMIN). SET
   * PASSWORD and SET DEFAULT ROLE change accounts; SET STATEMENT ... FOR is its inner statement.
   */
  private static StatementKind set(SqlScanner sc) {
    Kind t = sc.next();
    Keyword first = sc.keyword();
    if (first == Keyword.STATEMENT) {
      return setStatement(sc);
    }
    if (first == Keyword.PASSWORD || first == Keyword.DEFAULT) {
      return StatementKind.ADMIN;
    }
    boolean scopeAllowed = true; // at the start of an assignment: first, or after a comma
    for (; t != Kind.END && t != Kind.SEMICOLON; t = sc.next()) {
      if (sc.depth() == 0) {
        Keyword k = sc.keyword();
        if (scopeAllowed
            && (k == Keyword.GLOBAL || k == Keyword.PERSIST || k == Keyword.PERSIST_ONLY)) {
          return StatementKind.ADMIN;
        }
        if (scopeAllowed && t == Kind.SYSTEM_VAR && globalScope(sc)) {
          return StatementKind.ADMIN;
        }
        scopeAllowed = t == Kind.COMMA;
      }
    }
    return StatementKind.SESSION;
  }

  private static boolean globalScope(SqlScanner sc) {
    String s = sc.text();
    int p = sc.start() + 2;
    return s.regionMatches(true, p, "global.", 0, 7)
        || s.regionMatches(true, p, "persist.", 0, 8)
        || s.regionMatches(true, p, "persist_only.", 0, 13);
  }

  /** MariaDB's {@code SET STATEMENT var=value [, ...] FOR statement}. */
  private static StatementKind setStatement(SqlScanner sc) {
    for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
      if (sc.depth() == 0 && sc.keyword() == Keyword.FOR) {
        return statement(sc, sc.next());
      }
    }
    return StatementKind.SESSION;
  }

  /** BEGIN starts a transaction; MariaDB's BEGIN NOT ATOMIC starts a compound statement. */
  private static StatementKind begin(SqlScanner sc) {
    return nextKeyword(sc) == Keyword.NOT ? StatementKind.OTHER : StatementKind.TRANSACTION;
  }

  private static StatementKind lock(SqlScanner sc) {
    Keyword k = nextKeyword(sc);
    if (k == Keyword.TABLE || k == Keyword.TABLES) {
      return StatementKind.TRANSACTION;
    }
    return k == Keyword.INSTANCE ? StatementKind.ADMIN : StatementKind.OTHER;
  }
}
