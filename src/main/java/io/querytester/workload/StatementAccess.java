package io.querytester.workload;

import java.util.List;
import java.util.Map;

/**
 * What a statement touches, read from its text, for keeping production's order in a read-write
 * replay: the tables it reads and writes (with the rows, where its text names them by plain
 * equality), and what it does to its session's transaction. The replay's scheduler turns this into
 * waits between sessions; anything this reading cannot be sure of is a {@link Kind#BARRIER}, which
 * is ordered against everything.
 *
 * @param kind what the statement does
 * @param reads tables read: consistently (a {@link Kind#READ}), or the latest committed rows (a
 *     {@link Kind#LOCKING_READ}'s, which it also locks, or the rows a write reads)
 * @param writes tables written (rows locked until the transaction ends)
 * @param transaction what it does to its session's transaction
 * @param isolation the isolation level it sets for the session ({@code READ-COMMITTED} ...),
 *     {@value #UNKNOWN} when set from something the text does not tell, else null
 * @param why for a barrier, why it is one (for the report)
 */
public record StatementAccess(
    Kind kind,
    List<TableUse> reads,
    List<TableUse> writes,
    Transaction transaction,
    String isolation,
    String why) {

  /** The reason of a DDL barrier, which also commits its session's open transaction. */
  public static final String DDL = "DDL";

  /** An isolation level or autocommit value set from an expression or a variable. */
  public static final String UNKNOWN = "?";

  /** What a statement does, as far as the order between sessions is concerned. */
  public enum Kind {
    /** Touches no table: SHOW, a SELECT of no table, USE, most SETs. */
    NONE,
    /** A consistent (non-locking) read. */
    READ,
    /**
     * SELECT ... FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE: reads the latest rows and locks them.
     */
    LOCKING_READ,
    /** INSERT, UPDATE, DELETE, REPLACE, LOAD DATA. */
    WRITE,
    /** Starts, ends or changes its session's transaction (see {@link #transaction}). */
    TRANSACTION,
    /**
     * May touch anything, or changes what others see at once: DDL, LOCK TABLES, CALL, SET GLOBAL,
     * XA, a prepared statement's EXECUTE, anything not recognised.
     */
    BARRIER
  }

  /** What a statement does to its session's transaction. */
  public enum Transaction {
    NONE,
    /** BEGIN, START TRANSACTION: ends an open one first (an implicit commit). */
    BEGIN,
    /** START TRANSACTION WITH CONSISTENT SNAPSHOT: begins and takes its snapshot at once. */
    BEGIN_WITH_SNAPSHOT,
    /** COMMIT or ROLLBACK. */
    END,
    /** COMMIT AND CHAIN, ROLLBACK AND CHAIN: ends one and begins the next. */
    END_AND_BEGIN,
    /** SET autocommit = 0: the statements that follow are one transaction until it ends. */
    AUTOCOMMIT_OFF,
    /** SET autocommit = 1: ends an open transaction (an implicit commit). */
    AUTOCOMMIT_ON,
    /** SET autocommit to a value the text does not tell. */
    AUTOCOMMIT_UNKNOWN
  }

  /**
   * A table a statement touches.
   *
   * @param table {@code db.table} in lower case (the session's schema when the text names none)
   * @param rows the rows, as column values (lower-case column name to the literal's text, quotes
   *     removed) that each row has, when the text names them by plain equality; null when it may
   *     touch any row of the table
   * @param insert whether rows are inserted (so it takes the table's auto-increment counter)
   */
  public record TableUse(String table, List<Map<String, String>> rows, boolean insert) {
    public boolean wholeTable() {
      return rows == null;
    }
  }

  public static final StatementAccess NOTHING =
      new StatementAccess(Kind.NONE, List.of(), List.of(), Transaction.NONE, null, null);

  /** Reads {@code sql} as run in {@code schema} (the session's default schema, may be null). */
  public static StatementAccess of(String sql, String schema) {
    return AccessReader.read(sql, schema);
  }

  static StatementAccess barrier(String why) {
    return new StatementAccess(Kind.BARRIER, List.of(), List.of(), Transaction.NONE, null, why);
  }

  static StatementAccess transaction(Transaction t) {
    return new StatementAccess(Kind.TRANSACTION, List.of(), List.of(), t, null, null);
  }
}
