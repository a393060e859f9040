package io.querytester.workload;

import io.querytester.workload.SqlToken.Kind;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What the body of a stored function, procedure or view does, judged from its text as the server
 * reads it (the routine's own sql_mode): whether it only reads, and which routines and names it
 * reaches, so that the replay can judge those too. A declaration ({@code READS SQL DATA}, {@code NO
 * SQL}) is not taken on trust: a function declared NO SQL that runs {@code SET SESSION tx_read_only
 * = 0} turned a replay's read-only session into a read-write one.
 *
 * <p>A body reads only when no word in it (outside strings and comments) starts a statement that
 * writes, runs administration or controls a transaction ({@code INSERT}, {@code UPDATE}, {@code
 * CALL} of a procedure that does, {@code PREPARE}, {@code COMMIT}, {@code FLUSH} ...), each {@code
 * SET} sets only variables the body declares or user variables, no built-in that locks, waits or
 * reads a file is called ({@code GET_LOCK}, {@code SLEEP}, {@code LOAD_FILE} ...), no row is locked
 * ({@code FOR UPDATE}) and nothing is written to a file ({@code INTO OUTFILE}). The words are
 * looked for anywhere, not only where a statement starts (a handler's statement, a label's loop): a
 * column called {@code kill} makes a false alarm, and the routine is skipped.
 *
 * @param unsafe the first thing the body does beyond reading, else null
 * @param functions names it calls like functions that are no built-in this analysis knows (lower
 *     case, without schema): stored functions to judge too
 * @param procedures names it CALLs (lower case, without schema)
 * @param names every name it mentions (lower case, without schema and quotes): the views it reads
 *     are among them
 */
public record RoutineBody(
    String unsafe, Set<String> functions, Set<String> procedures, Set<String> names) {

  /**
   * Words that start a statement beyond reading wherever they stand. INSERT and REPLACE are also
   * string functions: followed by "(" they are calls.
   */
  private static final Set<String> BEYOND_READING =
      Set.of(
          "INSERT",
          "UPDATE",
          "DELETE",
          "REPLACE",
          "LOAD",
          "CREATE",
          "ALTER",
          "DROP",
          "RENAME",
          "TRUNCATE",
          "IMPORT",
          "GRANT",
          "REVOKE",
          "PREPARE",
          "EXECUTE",
          "DEALLOCATE",
          "LOCK",
          "UNLOCK",
          "FLUSH",
          "KILL",
          "SHUTDOWN",
          "RESTART",
          "INSTALL",
          "UNINSTALL",
          "START",
          "STOP",
          "COMMIT",
          "ROLLBACK",
          "SAVEPOINT",
          "RELEASE",
          "XA",
          "CHANGE",
          "RESET",
          "PURGE",
          "CACHE",
          "BINLOG",
          "BACKUP",
          "CLONE",
          "USE",
          "ANALYZE",
          "OPTIMIZE",
          "REPAIR",
          "CHECK",
          "HANDLER");

  /** What may stand before HANDLER in a DECLARE: a condition handler, no table handler. */
  private static final Set<String> HANDLER_KINDS = Set.of("CONTINUE", "EXIT", "UNDO");

  /** SET forms that set more than variables: the session, a transaction, an account. */
  private static final Set<String> SET_BEYOND_VARIABLES =
      Set.of(
          "GLOBAL",
          "SESSION",
          "LOCAL",
          "PERSIST",
          "PERSIST_ONLY",
          "NAMES",
          "CHARACTER",
          "CHARSET",
          "PASSWORD",
          "TRANSACTION",
          "ROLE",
          "DEFAULT",
          "STATEMENT");

  /**
   * Judges a body. {@code modes} is the routine's own sql_mode (information_schema.ROUTINES
   * SQL_MODE): the server reads the body under it, whatever the calling session's.
   */
  public static RoutineBody of(String body, SqlModes modes) {
    return new Judge(body == null ? "" : body, modes).run();
  }

  private static final class Judge {
    private final SqlScanner sc;
    private final String text;
    private final Set<String> functions = new LinkedHashSet<>();
    private final Set<String> procedures = new LinkedHashSet<>();
    private final Set<String> names = new LinkedHashSet<>();
    private final Set<String> declared = new LinkedHashSet<>();
    private String unsafe;
    private int setDepth = -1; // the depth of the SET whose assignments are being read, or -1
    private boolean declaring; // right after DECLARE or a comma of its list of names
    private boolean calling; // after CALL, until the procedure's name ends
    private boolean signalling; // in SIGNAL or RESIGNAL, whose SET sets the condition's items
    private String called;
    private String prevWord = "";
    private String prev2Word = "";
    private Kind prevType;
    private int prevStart;
    private int prevEnd;

    Judge(String body, SqlModes modes) {
      this.text = body;
      this.sc = new SqlScanner(body, null, modes);
    }

    RoutineBody run() {
      for (Kind t = sc.next(); t != Kind.END; t = sc.next()) {
        String word = t == Kind.WORD ? token().toUpperCase(Locale.ROOT) : "";
        if (t == Kind.WORD || t == Kind.QUOTED_NAME) {
          names.add(unquoted(token()).toLowerCase(Locale.ROOT));
        }
        if (calling) {
          procedureName(t);
        } else if (t == Kind.OPEN && (prevType == Kind.WORD || prevType == Kind.QUOTED_NAME)) {
          call();
        }
        declare(t, word);
        set(t, word);
        statement(word);
        reads(word);
        prev2Word = prevWord;
        prevWord = word;
        prevType = t;
        prevStart = sc.start();
        prevEnd = sc.end();
      }
      if (calling && called != null) {
        procedures.add(called);
      }
      if (sc.unprovable() != null) {
        unsafe("cannot be read as the server reads it: " + sc.unprovable());
      }
      return new RoutineBody(
          unsafe, Set.copyOf(functions), Set.copyOf(procedures), Set.copyOf(names));
    }

    private String token() {
      return text.substring(sc.start(), sc.end());
    }

    /**
     * A word that starts a statement beyond reading, wherever it stands; CALL names a procedure.
     */
    private void statement(String word) {
      if (word.equals("CALL")) {
        calling = true;
        called = null;
      } else if (BEYOND_READING.contains(word)) {
        boolean function = (word.equals("INSERT") || word.equals("REPLACE")) && nextIsOpen();
        boolean conditionHandler = word.equals("HANDLER") && HANDLER_KINDS.contains(prevWord);
        if (!function && !conditionHandler && !prevWord.equals("FOR")) {
          unsafe("runs " + word);
        }
      }
    }

    private boolean nextIsOpen() {
      int p = sc.end();
      while (p < text.length() && Character.isWhitespace(text.charAt(p))) {
        p++;
      }
      return p < text.length() && text.charAt(p) == '(';
    }

    /** {@code CALL db.p(...)}: the last part of the name, up to its arguments or the end. */
    private void procedureName(Kind t) {
      if (t == Kind.WORD || t == Kind.QUOTED_NAME) {
        called = unquoted(token()).toLowerCase(Locale.ROOT);
      } else if (t != Kind.DOT) {
        if (called != null) {
          procedures.add(called);
        }
        calling = false;
      }
    }

    /** DECLARE a, b INT: the body's own variables, which its SETs may set. */
    private void declare(Kind t, String word) {
      if (word.equals("DECLARE")) {
        declaring = true;
        return;
      }
      if (declaring && t == Kind.WORD) {
        declared.add(token().toLowerCase(Locale.ROOT));
        declaring = false;
      } else if (t == Kind.COMMA && prevType == Kind.WORD && declared.contains(prevLower())) {
        declaring = true;
      } else {
        declaring = false;
      }
    }

    private String prevLower() {
      return text.substring(prevStart, prevEnd).toLowerCase(Locale.ROOT);
    }

    /**
     * A SET statement (not the SET of CHARACTER SET, nor the SET(...) type): each assignment's
     * target must be a variable of the body's own or a user variable.
     */
    private void set(Kind t, String word) {
      if (word.equals("SIGNAL") || word.equals("RESIGNAL")) {
        signalling = true;
      } else if (t == Kind.SEMICOLON) {
        signalling = false;
      }
      if (word.equals("SET") && !prevWord.equals("CHARACTER") && !nextIsOpen() && !signalling) {
        setDepth = sc.depth();
        return;
      }
      if (setDepth < 0 || sc.depth() != setDepth) {
        return;
      }
      if (t == Kind.SEMICOLON) {
        setDepth = -1;
        return;
      }
      boolean target = prevWord.equals("SET") || prevType == Kind.COMMA;
      if (!target) {
        return;
      }
      String name = unquoted(token()).toLowerCase(Locale.ROOT);
      if (t == Kind.SYSTEM_VAR) {
        unsafe("sets system variable " + token());
      } else if (SET_BEYOND_VARIABLES.contains(word)) {
        unsafe("runs SET " + word);
      } else if ((t == Kind.WORD || t == Kind.QUOTED_NAME) && !declared.contains(name)) {
        unsafe("sets " + token() + ", which it does not declare: a system variable");
      }
    }

    /** A "(" after a name: a built-in that must not run, or a name to judge as a function. */
    private void call() {
      String name = text.substring(prevStart, prevEnd);
      if (prevType == Kind.QUOTED_NAME) {
        functions.add(unquoted(name).toLowerCase(Locale.ROOT));
        return;
      }
      Keyword k = Keyword.of(text, prevStart, prevEnd);
      if (k != null && NondeterminismDetector.UNSAFE_CALLS.contains(k)) {
        unsafe("calls " + k.name() + "()");
      } else if (!BUILT_INS.contains(name.toUpperCase(Locale.ROOT))) {
        functions.add(name.toLowerCase(Locale.ROOT));
      }
    }

    /** Reads that lock rows, write files or advance a sequence. */
    private void reads(String word) {
      switch (word) {
        case "OUTFILE", "DUMPFILE" -> {
          if (prevWord.equals("INTO")) {
            unsafe("writes a file (INTO " + word + ")");
          }
        }
        case "UPDATE", "SHARE" -> {
          if (prevWord.equals("FOR")) {
            unsafe("locks rows (FOR " + word + ")");
          }
        }
        case "MODE" -> {
          if (prevWord.equals("SHARE") && prev2Word.equals("IN")) {
            unsafe("locks rows (LOCK IN SHARE MODE)");
          }
        }
        case "FOR" -> {
          if (prevWord.equals("VALUE") && prev2Word.equals("NEXT")) {
            unsafe("advances a sequence (NEXT VALUE FOR)");
          }
        }
        default -> {}
      }
    }

    private void unsafe(String why) {
      if (unsafe == null) {
        unsafe = why;
      }
    }
  }

  private static String unquoted(String name) {
    return name.length() >= 2 && (name.charAt(0) == '`' || name.charAt(0) == '"')
        ? name.substring(1, name.length() - 1)
        : name;
  }

  /**
   * Words followed by "(" in bodies that are syntax or built-ins, not routines: names outside this
   * list are looked up among the stored functions, and an unknown one is taken for a built-in, as
   * for any statement.
   */
  private static final Set<String> BUILT_INS =
      Set.of(
          "IF",
          "WHILE",
          "RETURN",
          "SELECT",
          "VALUES",
          "IN",
          "EXISTS",
          "AND",
          "OR",
          "NOT",
          "WHEN",
          "THEN",
          "ELSE",
          "ELSEIF",
          "UNTIL",
          "CASE",
          "AS",
          "FROM",
          "WHERE",
          "ON",
          "USING",
          "INTO",
          "OVER",
          "CHAR",
          "VARCHAR",
          "DECIMAL",
          "INT",
          "INTEGER",
          "BIGINT",
          "TINYINT",
          "SMALLINT",
          "FLOAT",
          "DOUBLE",
          "BINARY",
          "VARBINARY",
          "ENUM",
          "SET",
          "TEXT",
          "BLOB",
          "DATETIME",
          "TIMESTAMP",
          "TIME",
          "NUMERIC",
          "BIT",
          "YEAR");
}
