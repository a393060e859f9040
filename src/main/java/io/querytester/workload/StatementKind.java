package io.querytester.workload;

/** What a statement does, which decides whether replay may run it. */
public enum StatementKind {
  /** SELECT, SHOW, EXPLAIN, DESCRIBE, WITH ... SELECT, TABLE, VALUES. */
  READ,
  /** INSERT, UPDATE, DELETE, REPLACE, LOAD DATA. */
  WRITE,
  /** CREATE, ALTER, DROP, RENAME, TRUNCATE ... */
  DDL,
  /** SET (session), USE. */
  SESSION,
  /** BEGIN, START TRANSACTION, COMMIT, ROLLBACK, SAVEPOINT, XA. */
  TRANSACTION,
  /** GRANT, FLUSH, KILL, SHUTDOWN, INSTALL, CHANGE MASTER, SET GLOBAL ... */
  ADMIN,
  /**
   * A prepared statement's text with {@code ?} placeholders (from the processlist or
   * performance_schema): the values it ran with are unknown, so it is never replayed.
   */
  TEMPLATE,
  /** Anything not recognised; never replayed without --allow-writes. */
  OTHER
}
