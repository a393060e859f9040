package io.querytester.capture;

import static io.querytester.capture.SourceConnection.number;
import static io.querytester.capture.SourceConnection.text;

import io.querytester.CannotRunException;
import io.querytester.server.Target;
import io.querytester.workload.ClassCoverage;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SourcePosition;
import io.querytester.workload.WorkloadHeader;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Polls performance_schema's statement history: events_statements_history_long, else
 * events_statements_history, else events_statements_current (which only holds each thread's latest
 * statement). Each statement is captured once: per thread, only event ids above the last one
 * captured are new. Timer values are picoseconds; they become microsecond durations and, via the
 * server's own current timer, wall-clock start times.
 *
 * <p>Needs SELECT on performance_schema and the statement consumers enabled. This source never
 * enables them itself (that would be a write); it says which UPDATE the user can run.
 */
final class PerfSchemaSource extends CaptureSource {
  static final String HISTORY_LONG = "events_statements_history_long";
  static final String HISTORY = "events_statements_history";
  static final String CURRENT = "events_statements_current";
  static final String EXECUTE = "statement/com/Execute";

  private final Target target;
  private final Duration interval;
  private final Clock clock;
  private final Map<Long, Long> lastEventId = new HashMap<>();
  // Thread id to (processlist id, user, host), kept after a thread ends: its statements stay in
  // the history, its row in performance_schema.threads does not.
  private final Map<Long, Object[]> threads = new HashMap<>();
  private SourceConnection db;
  private SourcePosition startPosition;
  private SourcePosition endPosition;
  private String table;
  private String pollSql;
  private long ownThread;
  private long maxSqlText = 1024;
  private long polls;
  private long captured;
  private long truncated;
  private Long questionsBefore;
  private Long questionsAfter;
  private long ownBefore;
  private Instant serverStart;
  private PerfSchemaDiagnosis diagnosis = new PerfSchemaDiagnosis(0, false);
  private final DigestCoverage coverage = new DigestCoverage();
  private ClassCoverage classCoverage;

  PerfSchemaSource(Target target, Duration interval, Clock clock) {
    this.target = target;
    this.interval = interval;
    this.clock = clock;
  }

  @Override
  public String kind() {
    return "perfschema";
  }

  @Override
  public String order() {
    return WorkloadHeader.COMPLETION; // each poll's rows by end time; polls in turn
  }

  @Override
  SourcePosition startPosition() {
    return startPosition;
  }

  @Override
  SourcePosition endPosition() {
    return endPosition;
  }

  @Override
  public String serverVersion() {
    return target.info().version();
  }

  @Override
  void run(EventSink sink) throws SQLException, InterruptedException {
    db = SourceConnection.open(target);
    startPosition = BinlogPositions.read(db);
    checkEnabled();
    table = chooseTable(sink);
    ownThread = ownThreadId();
    String max = db.show("VARIABLES", "performance_schema_max_sql_text_length");
    if (max != null) {
      maxSqlText = Long.parseLong(max);
    }
    String uptime = db.show("STATUS", "Uptime");
    serverStart = clock.instant().minusSeconds(uptime == null ? 0 : Long.parseLong(uptime));
    pollSql = pollQuery();
    diagnose(sink);
    coverage.start(db);
    questionsBefore = questions();
    ownBefore = db.statements();
    // Statements already in the history ran before the capture started: not part of it.
    ToolSessions tools = new ToolSessions(db);
    poll(sink, true, tools);
    long next = System.nanoTime();
    while (!sink.stopping()) {
      next += interval.toNanos();
      long wait = next - System.nanoTime();
      if (wait > 0) {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      } else {
        next = System.nanoTime();
      }
      if (!poll(sink, false, tools)) {
        break;
      }
      coverage.poll(db);
    }
    questionsAfter = questions();
    diagnosis.finish(db);
    classCoverage = coverage.finish(db);
  }

  private void diagnose(EventSink sink) {
    try {
      diagnosis = PerfSchemaDiagnosis.of(db, table);
      diagnosis.start(db);
    } catch (SQLException e) {
      sink.warn(
          "could not read performance_schema's instrument settings ("
              + e.getMessage()
              + "); statements it does not record cannot be explained");
    }
    diagnosis.startWarnings().forEach(sink::warn);
  }

  @Override
  ClassCoverage coverage() {
    return classCoverage;
  }

  private void checkEnabled() throws SQLException {
    String on = db.show("VARIABLES", "performance_schema");
    if (on == null || !(on.equalsIgnoreCase("ON") || on.equals("1"))) {
      throw new CannotRunException(
          "performance_schema is OFF on "
              + target.describe()
              + ". It can only be switched on at server start: add performance_schema=ON to the"
              + " server's configuration and restart it (MariaDB's default is OFF), or capture"
              + " with --source processlist instead.");
    }
    SourceConnection.Rows r;
    try {
      r = db.query("SELECT NAME, ENABLED FROM performance_schema.setup_consumers");
    } catch (SQLException e) {
      throw new CannotRunException(
          "cannot read performance_schema on "
              + target.describe()
              + ": "
              + e.getMessage()
              + ". The capture account needs SELECT on performance_schema.*: GRANT SELECT ON"
              + " performance_schema.* TO <user>;",
          e);
    }
    Map<String, Boolean> consumers = new HashMap<>();
    for (Object[] row : r.rows()) {
      consumers.put(String.valueOf(row[0]), "YES".equalsIgnoreCase(String.valueOf(row[1])));
    }
    List<String> off = new ArrayList<>();
    // The history tables are filled from events_statements_current: with it off they stay empty
    // (MariaDB 11.4's default), whatever their own consumers say.
    for (String needed : List.of("global_instrumentation", "thread_instrumentation", CURRENT)) {
      if (!consumers.getOrDefault(needed, false)) {
        off.add(needed);
      }
    }
    if (!off.isEmpty()) {
      List<String> enable = new ArrayList<>(off);
      if (!consumers.getOrDefault(HISTORY_LONG, false)) {
        enable.add(HISTORY_LONG); // not needed to start, but without it statements are missed
      }
      throw new CannotRunException(
          "performance_schema on "
              + target.describe()
              + " does not record statements: the consumer"
              + (off.size() > 1 ? "s " : " ")
              + String.join(", ", off)
              + (off.size() > 1 ? " are" : " is")
              + " off. A user with UPDATE on performance_schema can switch them on (capture never"
              + " does): "
              + enableSql(enable));
    }
  }

  private String chooseTable(EventSink sink) throws SQLException {
    SourceConnection.Rows r =
        db.query(
            "SELECT NAME FROM performance_schema.setup_consumers WHERE ENABLED = 'YES' AND NAME IN ('"
                + HISTORY_LONG
                + "', '"
                + HISTORY
                + "', '"
                + CURRENT
                + "')");
    Set<String> on = new java.util.HashSet<>();
    r.rows().forEach(row -> on.add(String.valueOf(row[0])));
    for (String t : List.of(HISTORY_LONG, HISTORY, CURRENT)) {
      if (on.contains(t)) {
        if (!t.equals(HISTORY_LONG)) {
          sink.warn(
              "performance_schema consumer "
                  + HISTORY_LONG
                  + " is off, so capture reads "
                  + t
                  + ", which keeps "
                  + (t.equals(HISTORY)
                      ? "only the last 10 statements of each thread"
                      : "only each thread's latest statement")
                  + ": statements may be missed between polls. To capture all of them run "
                  + enableSql(List.of(HISTORY_LONG)));
        }
        return t;
      }
    }
    throw new IllegalStateException("checked by checkEnabled");
  }

  static String enableSql(List<String> consumers) {
    return "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('"
        + String.join("', '", consumers)
        + "');";
  }

  private long ownThreadId() throws SQLException {
    SourceConnection.Rows r =
        db.query(
            "SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = " + db.id());
    return r.rows().isEmpty() ? -1 : ((Number) r.rows().get(0)[0]).longValue();
  }

  private String pollQuery() {
    return "SELECT e.THREAD_ID, e.EVENT_ID, e.TIMER_START, e.TIMER_WAIT, e.LOCK_TIME, e.SQL_TEXT,"
        + " e.CURRENT_SCHEMA, e.ROWS_SENT, e.ROWS_EXAMINED, e.MYSQL_ERRNO, t.PROCESSLIST_ID,"
        + " t.PROCESSLIST_USER, t.PROCESSLIST_HOST,"
        + " (SELECT c.TIMER_START FROM performance_schema.events_statements_current c"
        + " WHERE c.THREAD_ID = "
        + ownThread
        + " LIMIT 1) AS NOW_TIMER, e.EVENT_NAME, e.DIGEST"
        + " FROM performance_schema."
        + table
        + " e LEFT JOIN performance_schema.threads t ON t.THREAD_ID = e.THREAD_ID"
        + " WHERE e.THREAD_ID <> "
        + ownThread
        + " AND e.END_EVENT_ID IS NOT NULL"
        // MariaDB records a prepared statement's execution as statement/com/Execute without
        // text: read to be counted, never captured.
        + " AND ((e.SQL_TEXT IS NOT NULL AND e.EVENT_NAME LIKE 'statement/sql/%')"
        + " OR e.EVENT_NAME = '"
        + EXECUTE
        + "')"
        + " AND (e.NESTING_EVENT_TYPE IS NULL OR e.NESTING_EVENT_TYPE <> 'STATEMENT')"
        + " AND (t.TYPE IS NULL OR t.TYPE = 'FOREGROUND')"
        // In the order statements ended, which a write replay keeps between sessions; a thread's
        // own statements end in their order, so each thread's rows stay in EVENT_ID order.
        + " ORDER BY e.TIMER_START + e.TIMER_WAIT IS NULL, e.TIMER_START + e.TIMER_WAIT,"
        + " e.THREAD_ID, e.EVENT_ID";
  }

  /** One poll; with {@code baseline} only remembers the event ids already there. */
  private boolean poll(EventSink sink, boolean baseline, ToolSessions toolSessions)
      throws SQLException {
    rememberThreads();
    Instant now = clock.instant();
    SourceConnection.Rows r = db.query(pollSql);
    polls++;
    Map<Long, Long> newRows = new HashMap<>();
    for (Object[] row : r.rows()) {
      long thread = number(row[0]);
      long eventId = number(row[1]);
      Long last = lastEventId.get(thread);
      if (last != null && eventId <= last) {
        continue;
      }
      lastEventId.put(thread, eventId);
      newRows.merge(table.equals(HISTORY_LONG) ? 0L : thread, 1L, Long::sum);
      if (baseline || (row[10] != null && toolSessions.isTool(number(row[10])))) {
        continue;
      }
      if (row[5] == null) {
        diagnosis.preparedWithoutText();
        continue;
      }
      if (row[10] != null) {
        threads.put(thread, new Object[] {row[10], row[11], row[12]});
      } else if (threads.containsKey(thread)) {
        Object[] known = threads.get(thread);
        row[10] = known[0];
        row[11] = known[1];
        row[12] = known[2];
      }
      String sql = text(row[5]);
      if (sql.getBytes(StandardCharsets.UTF_8).length >= maxSqlText) {
        truncated++;
        sink.skip(
            "statements cut by performance_schema_max_sql_text_length",
            "performance_schema kept only the first "
                + maxSqlText
                + " bytes of a statement of thread "
                + thread
                + " (event "
                + eventId
                + "); skipped. Raise performance_schema_max_sql_text_length (server option) to"
                + " capture long statements");
        continue;
      }
      captured++;
      coverage.saw(sql, row[15] == null ? null : text(row[15]));
      if (!sink.accept(event(row, sql, now, thread, eventId))) {
        return false;
      }
    }
    if (!baseline) {
      diagnosis.polled(newRows.values().stream().mapToLong(Long::longValue).max().orElse(0));
    }
    return true;
  }

  /** Notes the session of every connected foreground thread, for when it has gone by the poll. */
  private void rememberThreads() throws SQLException {
    SourceConnection.Rows r =
        db.query(
            "SELECT THREAD_ID, PROCESSLIST_ID, PROCESSLIST_USER, PROCESSLIST_HOST"
                + " FROM performance_schema.threads WHERE TYPE = 'FOREGROUND'"
                + " AND PROCESSLIST_ID IS NOT NULL");
    for (Object[] row : r.rows()) {
      threads.put(number(row[0]), new Object[] {row[1], row[2], row[3]});
    }
    if (threads.size() > 100_000) {
      threads.clear(); // a server with endless short connections: start the cache afresh
    }
  }

  private QueryEvent event(Object[] row, String sql, Instant now, long thread, long eventId) {
    long timerStart = number(row[2]);
    Object nowTimer = row[13];
    // Timers count picoseconds; our own running statement's start is "now" on that clock.
    Instant start =
        nowTimer != null
            ? now.minusNanos((number(nowTimer) - timerStart) / 1000)
            : serverStart.plusNanos(timerStart / 1000);
    Object errno = row[9];
    return new QueryEvent(
        start,
        row[10] == null ? null : number(row[10]),
        (String) row[11],
        (String) row[12],
        (String) row[6],
        sql,
        row[3] == null ? null : number(row[3]) / 1_000_000,
        row[7] == null ? null : number(row[7]),
        row[8] == null ? null : number(row[8]),
        row[4] == null ? null : number(row[4]) / 1_000_000,
        errno == null ? null : (int) number(errno),
        new QueryEvent.Origin("performance_schema." + table + " thread " + thread, eventId));
  }

  private Long questions() {
    try {
      String v = db.show("STATUS", "Questions");
      return v == null ? null : Long.valueOf(v);
    } catch (SQLException | NumberFormatException e) {
      return null;
    }
  }

  @Override
  void close() {
    if (db != null && endPosition == null) {
      endPosition = BinlogPositions.read(db);
    }
    if (db != null) {
      db.close();
    }
  }

  @Override
  List<String> report() {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            "polls: %,d of performance_schema.%s (every %d ms)",
            polls, table, interval.toMillis()));
    lines.add(String.format("statements captured: %,d", captured));
    if (truncated > 0) {
      lines.add(
          String.format("statements cut by the server's SQL text limit (skipped): %,d", truncated));
    }
    if (questionsBefore != null && questionsAfter != null) {
      long ran = questionsAfter - questionsBefore - (db.statements() - ownBefore);
      if (ran > 0) {
        lines.add(
            String.format(
                "estimated coverage: %.1f%% (%,d of the %,d statements the server ran, by its"
                    + " Questions counter)",
                Math.min(100.0, 100.0 * (captured + truncated) / ran), captured + truncated, ran));
      }
    }
    diagnosis.causes(captured).forEach(c -> lines.add("cause: " + c));
    lines.addAll(CoverageLines.of(classCoverage, coverage.unavailable()));
    return lines;
  }
}
