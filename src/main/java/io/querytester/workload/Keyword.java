package io.querytester.workload;

/**
 * The SQL words the analysers look at, found without allocating: a scanner token is looked up by
 * its characters in a small open-addressing table.
 */
enum Keyword {
  // statement verbs
  SELECT,
  SHOW,
  EXPLAIN,
  DESCRIBE,
  DESC,
  TABLE,
  VALUES,
  HELP,
  DO,
  CHECKSUM,
  ANALYZE,
  WITH,
  RECURSIVE,
  INSERT,
  UPDATE,
  DELETE,
  REPLACE,
  CALL,
  LOAD,
  DATA,
  XML,
  INDEX,
  CREATE,
  ALTER,
  DROP,
  RENAME,
  TRUNCATE,
  IMPORT,
  SET,
  USE,
  PREPARE,
  DEALLOCATE,
  EXECUTE,
  BEGIN,
  NOT,
  START,
  TRANSACTION,
  COMMIT,
  ROLLBACK,
  SAVEPOINT,
  RELEASE,
  XA,
  LOCK,
  UNLOCK,
  TABLES,
  INSTANCE,
  GRANT,
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
  BACKUP,
  HANDLER,
  // modifiers and objects
  STATEMENT,
  FOR,
  PASSWORD,
  DEFAULT,
  ROLE,
  GLOBAL,
  PERSIST,
  PERSIST_ONLY,
  USER,
  SERVER,
  RESOURCE,
  DEFINER,
  ALGORITHM,
  SQL,
  SECURITY,
  OR,
  TEMPORARY,
  UNIQUE,
  FULLTEXT,
  SPATIAL,
  ONLINE,
  OFFLINE,
  IGNORE,
  AGGREGATE,
  NO_WRITE_TO_BINLOG,
  LOCAL,
  FORMAT,
  EXTENDED,
  PARTITIONS,
  IMMEDIATE,
  READ,
  WRITE,
  TX_READ_ONLY,
  TRANSACTION_READ_ONLY,
  SQL_MODE,
  // query structure
  FROM,
  UNION,
  INTERSECT,
  EXCEPT,
  ORDER,
  BY,
  LIMIT,
  FETCH,
  FIRST,
  NEXT,
  EXISTS,
  INTO,
  OUTFILE,
  DUMPFILE,
  SHARE,
  IN,
  VALUE,
  PREVIOUS,
  PROCESSLIST,
  STATUS,
  ENGINE,
  // functions
  NOW,
  CURRENT_TIMESTAMP,
  CURRENT_DATE,
  CURRENT_TIME,
  CURDATE,
  CURTIME,
  SYSDATE,
  UNIX_TIMESTAMP,
  UTC_DATE,
  UTC_TIME,
  UTC_TIMESTAMP,
  LOCALTIME,
  LOCALTIMESTAMP,
  RAND,
  UUID,
  UUID_SHORT,
  SYS_GUID,
  CONNECTION_ID,
  LAST_INSERT_ID,
  FOUND_ROWS,
  ROW_COUNT,
  VERSION,
  LASTVAL,
  NEXTVAL,
  SETVAL,
  GET_LOCK,
  RELEASE_LOCK,
  RELEASE_ALL_LOCKS,
  IS_FREE_LOCK,
  IS_USED_LOCK,
  SLEEP,
  BENCHMARK,
  LOAD_FILE,
  MASTER_POS_WAIT,
  SOURCE_POS_WAIT,
  MASTER_GTID_WAIT,
  WAIT_FOR_EXECUTED_GTID_SET,
  WAIT_UNTIL_SQL_THREAD_AFTER_GTIDS;

  private static final int SLOTS = 1024;
  private static final Keyword[] TABLE_OF = new Keyword[SLOTS];
  private static final int LONGEST;

  static {
    int longest = 0;
    for (Keyword k : values()) {
      String name = k.name();
      longest = Math.max(longest, name.length());
      int h = hash(name, 0, name.length());
      while (TABLE_OF[h] != null) {
        h = (h + 1) & (SLOTS - 1);
      }
      TABLE_OF[h] = k;
    }
    LONGEST = longest;
  }

  /** The keyword spelled by {@code s[start, end)} in any case, or null. */
  static Keyword of(String s, int start, int end) {
    int len = end - start;
    if (len < 2 || len > LONGEST) {
      return null;
    }
    int h = hash(s, start, end);
    if (h < 0) {
      return null;
    }
    for (Keyword k; (k = TABLE_OF[h]) != null; h = (h + 1) & (SLOTS - 1)) {
      String name = k.name();
      if (name.length() == len && name.regionMatches(true, 0, s, start, len)) {
        return k;
      }
    }
    return null;
  }

  /** A slot from the upper-cased characters, or -1 if a character cannot be in a keyword. */
  private static int hash(String s, int start, int end) {
    int h = 0;
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z') {
        c -= 32;
      } else if (!((c >= 'A' && c <= 'Z') || c == '_')) {
        return -1;
      }
      h = 31 * h + c;
    }
    h ^= h >>> 16;
    h *= 0x45d9f3b;
    h ^= h >>> 16;
    return h & (SLOTS - 1);
  }
}
