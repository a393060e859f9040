package io.querytester.run;

/** The kinds of difference between OLD and NEW, from the most to the least serious. */
public enum DiffKind {
  /** The server crashed or restarted while the class ran (filled by health). */
  CRASH("crash"),
  /**
   * OLD and NEW ended a write replay with other data in a table it wrote (a run-level finding of
   * {@code data.json}, not of an execution).
   */
  DATA("data at the end"),
  /** Fails on NEW, worked on OLD. */
  ERROR_NEW("error on NEW only"),
  /** Both failed, with different error codes. */
  ERROR_CHANGED("error changed"),
  /** A different number of rows (returned or affected). */
  ROW_COUNT("row count"),
  /** The same number of rows, different values. */
  RESULT("result values"),
  /** NEW ran past the statement timeout and OLD did not. */
  TIMEOUT("timeout on NEW only"),
  /** The connection to NEW broke during the statement. */
  CONNECTION_LOST("connection lost"),
  /** A different generated key after an INSERT (with --allow-writes). */
  LAST_INSERT_ID("last insert id"),
  /** NEW is slower, significantly (a class-level verdict). */
  LATENCY("latency"),
  /** A column changed type family (e.g. DOUBLE to DECIMAL) or name. */
  METADATA("column types"),
  /** A column changed width, precision, integer size or nullability within its family. */
  METADATA_WIDTH("column widths"),
  /**
   * The column definition the server sent changed beyond type and width: flags (ZEROFILL, BINARY,
   * key flags ...), collation, original column, table or schema names, protocol type.
   */
  COLUMN_DEFINITION("column definition"),
  /** Both failed with the same error code but another message or SQLSTATE. */
  ERROR_TEXT("error text"),
  /** Different warnings (code or message). */
  WARNINGS("warnings"),
  /**
   * Session diagnostics (SHOW WARNINGS, ROW_COUNT() ...) that differ because the statement before
   * them differed: counted there, not here.
   */
  DIAGNOSTICS("diagnostics of a changed statement"),
  /** Same rows of an ORDER BY query in another order (ties sorted differently). */
  ROW_ORDER("row order"),
  /** Fails on OLD, works on NEW. */
  ERROR_FIXED("error fixed on NEW"),
  /** OLD ran past the timeout and NEW did not. */
  TIMEOUT_FIXED("timeout fixed on NEW");

  private final String label;

  DiffKind(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
