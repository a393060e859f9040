package io.querytester.capture;

import io.querytester.workload.WorkloadStats;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a performance_schema capture got fewer statements than the server ran, each cause in one line
 * with what to change: statement instruments off, foreground threads not instrumented, prepared
 * statements recorded without text (MariaDB), history rows overwritten between polls. Consumers
 * that are off and a missing privilege stop the capture before it starts (see {@link
 * PerfSchemaSource}); these causes only show once statements ran.
 */
final class PerfSchemaDiagnosis {
  /** A poll that finds this share of the history's rows new has probably lost some. */
  private static final double FULL = 0.9;

  private final List<String> atStart = new ArrayList<>();
  private final long historySize;
  private final boolean perThread;
  private long preparedWithoutText;
  private Long executesBefore;
  private Long executesRan;
  private long polls;
  private long fullPolls;
  private long mostNewRows;

  /**
   * A diagnosis of a history of {@code historySize} rows, per thread when {@code perThread} (0 when
   * unknown: overwritten rows then go unnoticed).
   */
  PerfSchemaDiagnosis(long historySize, boolean perThread) {
    this.historySize = historySize;
    this.perThread = perThread;
  }

  /**
   * A diagnosis of the history table the capture reads, its size read from the server.
   *
   * @param table the history table the capture reads
   */
  static PerfSchemaDiagnosis of(SourceConnection db, String table) throws SQLException {
    boolean perThread = !table.equals(PerfSchemaSource.HISTORY_LONG);
    String size =
        db.show(
            "VARIABLES",
            "performance_schema_"
                + (perThread ? PerfSchemaSource.HISTORY : PerfSchemaSource.HISTORY_LONG)
                + "_size");
    return new PerfSchemaDiagnosis(size == null ? 0 : Long.parseLong(size), perThread);
  }

  /** Reads the instrument and thread settings, and the server's count of prepared executions. */
  void start(SourceConnection db) throws SQLException {
    executesBefore = executes(db);
    long instrumentsOff =
        count(
            db,
            "performance_schema.setup_instruments"
                + " WHERE NAME LIKE 'statement/sql/%' AND ENABLED <> 'YES'");
    if (instrumentsOff > 0) {
      atStart.add(
          String.format(
              "%,d statement/sql/ instruments are off, so those statements are not recorded:"
                  + " UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED ="
                  + " 'YES' WHERE NAME LIKE 'statement/%%';",
              instrumentsOff));
    }
    long uninstrumented =
        count(db, "performance_schema.threads WHERE TYPE = 'FOREGROUND' AND INSTRUMENTED <> 'YES'");
    if (uninstrumented > 0) {
      atStart.add(
          String.format(
              "%,d connected sessions are not instrumented (performance_schema.setup_actors"
                  + " leaves their account out), so their statements are not recorded: add the"
                  + " accounts to setup_actors with ENABLED = 'YES'",
              uninstrumented));
    }
  }

  private static long count(SourceConnection db, String tableAndWhere) throws SQLException {
    return SourceConnection.number(
        db.query("SELECT COUNT(*) FROM " + tableAndWhere).rows().get(0)[0]);
  }

  /**
   * The server's own count of prepared executions ({@code statement/com/Execute}), read at the
   * start and at the end: exact even when history rows were overwritten.
   */
  private static Long executes(SourceConnection db) {
    try {
      SourceConnection.Rows r =
          db.query(
              "SELECT COUNT_STAR FROM performance_schema.events_statements_summary_global_by_event_name"
                  + " WHERE EVENT_NAME = '"
                  + PerfSchemaSource.EXECUTE
                  + "'");
      return r.rows().isEmpty() ? null : SourceConnection.number(r.rows().get(0)[0]);
    } catch (SQLException e) {
      return null; // the history's rows still give a lower bound
    }
  }

  /** Reads the server's count of prepared executions again, at the end of the capture. */
  void finish(SourceConnection db) {
    Long after = executes(db);
    if (executesBefore != null && after != null && after >= executesBefore) {
      executesRan = after - executesBefore;
    }
  }

  /** Lines to warn about as soon as the capture starts. */
  List<String> startWarnings() {
    return atStart;
  }

  /** An execution of a prepared statement recorded without its text (statement/com/Execute). */
  void preparedWithoutText() {
    preparedWithoutText++;
  }

  /** Prepared executions without text: the server's count when it has one, else those seen. */
  long preparedWithoutTextCount() {
    return executesRan == null ? preparedWithoutText : Math.max(executesRan, preparedWithoutText);
  }

  /**
   * After a poll: how many rows were new, in all (history_long, one ring for the server) or in the
   * thread that had the most (history, one ring per thread).
   */
  void polled(long newRows) {
    polls++;
    mostNewRows = Math.max(mostNewRows, newRows);
    if (historySize > 0 && newRows >= FULL * historySize) {
      fullPolls++;
    }
  }

  /** One line per cause found, with what to change; empty when nothing was lost. */
  List<String> causes(long captured) {
    List<String> causes = new ArrayList<>(atStart);
    if (preparedWithoutText > 0) {
      // Seen in the history, so this server records them without text; the count is the server's.
      causes.add(
          String.format(
              "%,d executions of prepared statements were recorded without SQL text"
                  + " (statement/com/Execute; MariaDB's performance_schema keeps no text for"
                  + " them), so they cannot be captured here: %s",
              preparedWithoutTextCount(), WorkloadStats.TEMPLATE_VALUES_FROM));
    }
    if (fullPolls > 0) {
      causes.add(
          String.format(
              "history rows were overwritten between polls: %,d of %,d polls found %s"
                  + " new rows (up to %,d; the table keeps %,d%s), so statements in between were"
                  + " lost: poll more often (--interval) or raise %s (a server start option)",
              fullPolls,
              polls,
              perThread ? "a thread with nearly all of its" : "nearly all",
              mostNewRows,
              historySize,
              perThread ? " per thread" : "",
              perThread
                  ? "performance_schema_events_statements_history_size, or switch on "
                      + PerfSchemaSource.HISTORY_LONG
                  : "performance_schema_events_statements_history_long_size"));
    }
    if (captured == 0 && causes.isEmpty()) {
      causes.add(
          "no statement with SQL text ran in a recorded session during the capture (the capture's"
              + " own and other querytester sessions are left out)");
    }
    return causes;
  }
}
