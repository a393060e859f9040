package io.querytester.workload;

import java.time.Instant;

/**
 * One statement execution as a capture source saw it. Fields a source did not know are null.
 *
 * @param ts when the statement started (or was logged, if the source knows no better)
 * @param session the server's connection id; events of one session replay in order on one
 *     connection
 * @param user the account that ran it, without host
 * @param host the client host
 * @param schema the default schema in effect ({@code USE db})
 * @param sql the statement text exactly as captured (version comments and hints kept)
 * @param durationMicros execution time as the source measured it
 * @param rowsSent rows returned to the client
 * @param rowsExamined rows the server read
 * @param lockMicros time spent waiting for locks
 * @param errorCode the error the statement ended with, 0 for success
 * @param origin where the event came from, so a user can find it in the source
 */
public record QueryEvent(
    Instant ts,
    Long session,
    String user,
    String host,
    String schema,
    String sql,
    Long durationMicros,
    Long rowsSent,
    Long rowsExamined,
    Long lockMicros,
    Integer errorCode,
    Origin origin) {

  /**
   * Where an event was read: a file and byte offset (logs, binlog files) or a binlog file and
   * position (live binlog), or a poll (processlist, performance_schema).
   */
  public record Origin(String file, Long offset) {}

  /** An event with only the text and the session known; handy for hand-written workloads. */
  public static QueryEvent of(long session, String schema, String sql) {
    return new QueryEvent(
        null, session, null, null, schema, sql, null, null, null, null, null, null);
  }

  /** The session id, 0 when the source knew none: all such events replay as one session. */
  public long sessionId() {
    return session == null ? 0 : session;
  }

  public QueryEvent withSql(String newSql) {
    return new QueryEvent(
        ts,
        session,
        user,
        host,
        schema,
        newSql,
        durationMicros,
        rowsSent,
        rowsExamined,
        lockMicros,
        errorCode,
        origin);
  }
}
