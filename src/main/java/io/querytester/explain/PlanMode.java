package io.querytester.explain;

/** Whether and how plans are read after a replay. */
public enum PlanMode {
  /** No plans. */
  OFF,
  /** EXPLAIN FORMAT=JSON where the server has it, tabular EXPLAIN otherwise. */
  EXPLAIN,
  /**
   * MariaDB's ANALYZE FORMAT=JSON: runs the statement again and adds the rows really read. MySQL
   * gets EXPLAIN FORMAT=JSON.
   */
  ANALYZE
}
