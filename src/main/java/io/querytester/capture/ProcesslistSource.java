package io.querytester.capture;

import io.querytester.server.Target;
import io.querytester.workload.ClassCoverage;
import io.querytester.workload.PreparedTemplate;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SourcePosition;
import io.querytester.workload.WorkloadHeader;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Polls the processlist and captures each statement execution once.
 *
 * <p>A statement that runs across several polls is recognised by its connection and its query id
 * (MariaDB's information_schema.PROCESSLIST has QUERY_ID), or else by its text and estimated start
 * time (poll time minus TIME, or TIME_MS where the server has it). Statements shorter than the
 * interval are seen only if a poll happens to catch them: the summary estimates the coverage from
 * the server's Questions counter.
 */
final class ProcesslistSource extends CaptureSource {
  private static final Set<String> SYSTEM_USERS =
      Set.of("system user", "event_scheduler", "unauthenticated user", "delayed");
  private static final String I_S_COLUMNS = "ID, USER, HOST, DB, COMMAND, TIME, INFO";

  /** What identifies the last execution captured on a connection. */
  private record Seen(Long queryId, String sql, long startMillis, long poll) {}

  private final Target target;
  private final Duration interval;
  private final Clock clock;
  private final Map<Long, Seen> seen = new HashMap<>();
  private SourceConnection db;
  private SourcePosition startPosition;
  private SourcePosition endPosition;
  private String pollSql;
  private boolean useShow;
  private boolean hasTimeMs;
  private boolean hasQueryId;
  private long polls;
  private long pollNanos;
  private long rowsSeen;
  private long captured;
  private Long questionsBefore;
  private Long questionsAfter;
  private long ownBefore;
  private boolean ownSessionsKnown;
  private long prepared;
  private long templates;
  private final DigestCoverage coverage = new DigestCoverage();
  private ClassCoverage classCoverage;

  ProcesslistSource(Target target, Duration interval, Clock clock) {
    this.target = target;
    this.interval = interval;
    this.clock = clock;
  }

  @Override
  public String kind() {
    return "processlist";
  }

  @Override
  public String order() {
    return WorkloadHeader.OBSERVED;
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
    ToolSessions tools = new ToolSessions(db);
    choosePollQuery();
    coverage.start(db);
    questionsBefore = questions();
    ownBefore = db.statements();
    long next = System.nanoTime();
    while (!sink.stopping()) {
      if (!poll(sink, tools)) {
        break;
      }
      coverage.poll(db);
      next += interval.toNanos();
      long wait = next - System.nanoTime();
      if (wait > 0) {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      } else {
        next = System.nanoTime(); // a slow poll: do not try to catch up
      }
    }
    ownSessionsKnown = tools.available();
    questionsAfter = questions();
    classCoverage = coverage.finish(db);
  }

  @Override
  ClassCoverage coverage() {
    return classCoverage;
  }

  /** information_schema.PROCESSLIST with the extra MariaDB columns, else SHOW FULL PROCESSLIST. */
  private void choosePollQuery() {
    try {
      SourceConnection.Rows cols =
          db.query("SELECT * FROM information_schema.PROCESSLIST WHERE 1 = 0");
      hasTimeMs = cols.column("TIME_MS") >= 0;
      hasQueryId = cols.column("QUERY_ID") >= 0;
      pollSql =
          "SELECT "
              + I_S_COLUMNS
              + (hasTimeMs ? ", TIME_MS" : "")
              + (hasQueryId ? ", QUERY_ID" : "")
              + " FROM information_schema.PROCESSLIST WHERE ID <> "
              + db.id()
              + " AND INFO IS NOT NULL AND COMMAND IN ('Query', 'Execute')";
    } catch (SQLException e) {
      useShow = true;
      pollSql = "SHOW FULL PROCESSLIST";
    }
  }

  private boolean poll(EventSink sink, ToolSessions toolSessions) throws SQLException {
    long t0 = System.nanoTime();
    Instant now = clock.instant();
    SourceConnection.Rows r = db.query(pollSql);
    pollNanos += System.nanoTime() - t0;
    polls++;
    int cId = r.column("ID");
    int cUser = r.column("USER");
    int cHost = r.column("HOST");
    int cDb = r.column("DB");
    int cCommand = r.column("COMMAND");
    int cTime = r.column("TIME");
    int cInfo = r.column("INFO");
    int cTimeMs = r.column("TIME_MS");
    int cQueryId = r.column("QUERY_ID");
    for (Object[] row : r.rows()) {
      long id = ((Number) row[cId]).longValue();
      String command = String.valueOf(row[cCommand]);
      String sql = SourceConnection.text(row[cInfo]);
      String user = (String) row[cUser];
      if (id == db.id()
          || sql == null
          || !(command.equals("Query") || command.equals("Execute"))
          || (user != null && SYSTEM_USERS.contains(user.toLowerCase(Locale.ROOT)))
          || toolSessions.isTool(id)) {
        continue;
      }
      rowsSeen++;
      long elapsedMs =
          cTimeMs >= 0 && row[cTimeMs] != null
              ? ((Number) row[cTimeMs]).longValue()
              : SourceConnection.number(row[cTime]) * 1000;
      long startMillis = now.toEpochMilli() - elapsedMs;
      Long queryId =
          cQueryId >= 0 && row[cQueryId] != null ? ((Number) row[cQueryId]).longValue() : null;
      if (sameExecution(seen.get(id), queryId, sql, startMillis)) {
        continue;
      }
      seen.put(id, new Seen(queryId, sql, startMillis, polls));
      captured++;
      countPrepared(command, sql);
      coverage.saw(sql, null);
      QueryEvent e =
          new QueryEvent(
              Instant.ofEpochMilli(startMillis),
              id,
              user,
              hostOnly((String) row[cHost]),
              (String) row[cDb],
              sql,
              null,
              null,
              null,
              null,
              null,
              null);
      if (!sink.accept(e)) {
        return false;
      }
    }
    if (polls % 1000 == 0) {
      forgetIdle();
    }
    return true;
  }

  /**
   * Counts executions of server-side prepared statements: the processlist shows them (command
   * Execute) with the statement's template, whose {@code ?} placeholders replay cannot fill.
   */
  private void countPrepared(String command, String sql) {
    if (command.equals("Execute")) {
      prepared++;
    }
    if (PreparedTemplate.hasPlaceholder(sql)) {
      templates++;
    }
  }

  /**
   * Whether a row is the execution already captured on its connection. Without a query id, the same
   * text whose estimated start is within the clock's resolution is the same execution.
   */
  private boolean sameExecution(Seen last, Long queryId, String sql, long startMillis) {
    if (last == null) {
      return false;
    }
    if (queryId != null && last.queryId() != null) {
      return queryId.equals(last.queryId());
    }
    long tolerance = hasTimeMs ? interval.toMillis() + 50 : 1000 + interval.toMillis();
    return last.sql().equals(sql) && Math.abs(last.startMillis() - startMillis) <= tolerance;
  }

  /** Drops connections not seen in the last thousand polls, so the map stays small. */
  private void forgetIdle() {
    seen.values().removeIf(s -> polls - s.poll() > 1000);
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
            "polls: %,d (every %d ms, %s, %.1f ms each on average)",
            polls,
            interval.toMillis(),
            useShow ? "SHOW FULL PROCESSLIST" : "information_schema.PROCESSLIST",
            polls == 0 ? 0.0 : pollNanos / 1e6 / polls));
    lines.add(
        String.format("statements seen: %,d rows, %,d distinct executions", rowsSeen, captured));
    if (questionsBefore != null && questionsAfter != null) {
      // Our own polls count as Questions too.
      long ran = questionsAfter - questionsBefore - (db.statements() - ownBefore);
      if (ran > 0) {
        lines.add(
            String.format(
                "estimated sampling coverage: %.1f%% (%,d of the %,d statements the server ran,"
                    + " by its Questions counter; short statements fall between polls)",
                Math.min(100.0, 100.0 * captured / ran), captured, ran));
      }
    }
    if (prepared > 0 || templates > 0) {
      lines.add(
          String.format(
              "prepared statements: %,d executions seen (command Execute), %,d of the captured"
                  + " statements are templates (the processlist shows a prepared statement"
                  + " without its values)",
              prepared, templates));
    }
    lines.addAll(CoverageLines.of(classCoverage, coverage.unavailable()));
    if (!ownSessionsKnown) {
      lines.add(
          "note: this server does not show connection attributes (performance_schema), so"
              + " other querytester sessions could not be left out");
    }
    return lines;
  }

  static String hostOnly(String host) {
    if (host == null || host.isEmpty()) {
      return null;
    }
    int colon = host.lastIndexOf(':');
    return colon > 0 && host.indexOf(':') == colon ? host.substring(0, colon) : host;
  }
}
