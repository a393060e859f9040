package io.querytester.capture;

import com.github.shyiko.mysql.binlog.event.AnnotateRowsEventData;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.FormatDescriptionEventData;
import com.github.shyiko.mysql.binlog.event.MariadbGtidEventData;
import com.github.shyiko.mysql.binlog.event.QueryEventData;
import com.github.shyiko.mysql.binlog.event.RotateEventData;
import com.github.shyiko.mysql.binlog.event.RowsQueryEventData;
import com.github.shyiko.mysql.binlog.event.TableMapEventData;
import com.github.shyiko.mysql.binlog.event.TransactionPayloadEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.ByteArrayEventDataDeserializer;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer;
import io.querytester.workload.QueryEvent;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Turns binlog events into workload events, the same way for live streams and files.
 *
 * <ul>
 *   <li>QUERY events are statements with their session (the pseudo thread id), schema, error code
 *       and time; when a session's sql_mode changes (and before its first statement) a {@code SET
 *       SESSION sql_mode = '...'} event is written first, so replay runs it in the same mode.
 *   <li>MariaDB ANNOTATE_ROWS and MySQL Rows_query events give the original SQL of row events; its
 *       schema is that of the first table it changed (row events carry no default schema).
 *   <li>Row events without such SQL cannot be replayed: they are counted and reported, never
 *       dropped silently (switch on binlog_annotate_row_events or binlog_rows_query_log_events).
 *   <li>Transactions: BEGIN (a QUERY event, or a MariaDB GTID event that opens a transaction) and
 *       COMMIT (an XID event, or a COMMIT/ROLLBACK QUERY event) are kept as events of kind
 *       TRANSACTION around the statements of the transaction, so that write replay can group them.
 *       A transaction without any SQL (only row events without annotations) leaves no events.
 * </ul>
 */
final class BinlogEvents {
  private final EventSink sink;
  private final Map<Long, Long> sqlModes = new HashMap<>();
  private String file;
  private boolean mariadb;
  private boolean mysql8;

  // The open transaction.
  private boolean inTransaction;
  private boolean begun;
  private QueryEvent pendingBegin;
  private Long beginMode;
  private Long txSession;
  private String txSchema;
  private long txPosition;

  // The last row SQL (annotation) and whether row events since have SQL.
  private QueryEvent pendingAnnotation;
  private boolean rowsHaveSql;

  BinlogEvents(EventSink sink) {
    this.sink = sink;
  }

  /** The deserializer to read binlogs with: QUERY events with sql_mode, row data left unparsed. */
  static EventDeserializer deserializer() {
    EventDeserializer d = new EventDeserializer();
    d.setEventDataDeserializer(EventType.QUERY, new QueryEventWithMode.Deserializer());
    // Row images are not needed (only counted), and skipping them avoids type decoding trouble.
    for (EventType t :
        new EventType[] {
          EventType.WRITE_ROWS, EventType.UPDATE_ROWS, EventType.DELETE_ROWS,
          EventType.EXT_WRITE_ROWS, EventType.EXT_UPDATE_ROWS, EventType.EXT_DELETE_ROWS,
          EventType.PRE_GA_WRITE_ROWS, EventType.PRE_GA_UPDATE_ROWS, EventType.PRE_GA_DELETE_ROWS
        }) {
      d.setEventDataDeserializer(t, new ByteArrayEventDataDeserializer());
    }
    return d;
  }

  /** The binlog file the next events come from. */
  void file(String name) {
    this.file = name;
  }

  String file() {
    return file;
  }

  /**
   * Handles one event read at {@code position} of the current file.
   *
   * @return false when the sink wants no more events
   */
  boolean on(Event event, long position) {
    EventHeaderV4 h = event.getHeader();
    EventType type = h.getEventType();
    Instant ts = Instant.ofEpochMilli(h.getTimestamp());
    if (type == null) {
      return true;
    }
    return switch (type) {
      case FORMAT_DESCRIPTION -> format(event.getData());
      case ROTATE -> rotate(event.getData());
      case QUERY -> query(event.getData(), ts, position);
      case XID -> end("COMMIT", ts, position);
      case MARIADB_GTID -> mariadbGtid(event.getData(), ts, position);
      case ANNOTATE_ROWS ->
          annotation(((AnnotateRowsEventData) event.getData()).getRowsQuery(), ts, position);
      case ROWS_QUERY ->
          annotation(((RowsQueryEventData) event.getData()).getQuery(), ts, position);
      case TABLE_MAP -> tableMap(event.getData());
      case WRITE_ROWS,
          UPDATE_ROWS,
          DELETE_ROWS,
          EXT_WRITE_ROWS,
          EXT_UPDATE_ROWS,
          EXT_DELETE_ROWS,
          PRE_GA_WRITE_ROWS,
          PRE_GA_UPDATE_ROWS,
          PRE_GA_DELETE_ROWS ->
          rows();
      case TRANSACTION_PAYLOAD -> payload(event.getData(), position);
      default -> true;
    };
  }

  /** Called at the end of the input: what is still pending is emitted. */
  boolean finish() {
    return flushAnnotation();
  }

  private boolean format(Object data) {
    if (data instanceof FormatDescriptionEventData f && f.getServerVersion() != null) {
      String v = f.getServerVersion().toLowerCase(Locale.ROOT);
      mariadb = v.contains("mariadb");
      mysql8 = !mariadb && !v.startsWith("5.");
    }
    return true;
  }

  private boolean rotate(Object data) {
    if (data instanceof RotateEventData r && r.getBinlogFilename() != null) {
      file = r.getBinlogFilename();
    }
    return true;
  }

  private boolean query(Object data, Instant ts, long position) {
    if (!flushAnnotation()) {
      return false;
    }
    QueryEventData q = (QueryEventData) data;
    Long mode = q instanceof QueryEventWithMode m ? m.sqlMode() : null;
    String sql = q.getSql().strip();
    String upper = sql.length() <= 20 ? sql.toUpperCase(Locale.ROOT) : "";
    Long session = q.getThreadId();
    String schema = q.getDatabase() == null || q.getDatabase().isEmpty() ? null : q.getDatabase();
    if (upper.equals("BEGIN") || upper.equals("START TRANSACTION")) {
      inTransaction = true;
      begun = false;
      txSession = session;
      txSchema = schema;
      txPosition = position;
      beginMode = mode;
      pendingBegin = event(ts, session, schema, "BEGIN", null, position);
      rowsHaveSql = false;
      return true;
    }
    if (upper.equals("COMMIT") || upper.equals("ROLLBACK")) {
      return end(upper, ts, position);
    }
    rowsHaveSql = false;
    if (inTransaction) {
      if (txSession == null) {
        txSession = session;
        txSchema = schema;
      }
      if (!beginTransaction(session, schema, mode)) {
        return false;
      }
    }
    if (!sqlMode(session, mode, ts, position)) {
      return false;
    }
    return sink.accept(
        new QueryEvent(
            ts,
            session,
            null,
            null,
            schema,
            sql,
            null,
            null,
            null,
            null,
            q.getErrorCode(),
            origin(position)));
  }

  /** A MariaDB GTID event that is not standalone opens a transaction (it replaces BEGIN). */
  private boolean mariadbGtid(Object data, Instant ts, long position) {
    if (!flushAnnotation()) {
      return false;
    }
    MariadbGtidEventData g = (MariadbGtidEventData) data;
    if ((g.getFlags() & MariadbGtidEventData.FL_STANDALONE) == 0) {
      inTransaction = true;
      begun = false;
      txSession = null;
      txSchema = null;
      txPosition = position;
      beginMode = null;
      pendingBegin = event(ts, null, null, "BEGIN", null, position);
      rowsHaveSql = false;
    }
    return true;
  }

  private boolean annotation(String sql, Instant ts, long position) {
    if (!flushAnnotation()) {
      return false;
    }
    pendingAnnotation = event(ts, txSession, txSchema, sql.strip(), null, position);
    rowsHaveSql = true;
    return true;
  }

  /** The first table an annotated statement changes names its schema when nothing else does. */
  private boolean tableMap(Object data) {
    if (pendingAnnotation != null
        && pendingAnnotation.schema() == null
        && data instanceof TableMapEventData t) {
      pendingAnnotation =
          new QueryEvent(
              pendingAnnotation.ts(),
              pendingAnnotation.session(),
              null,
              null,
              t.getDatabase(),
              pendingAnnotation.sql(),
              null,
              null,
              null,
              null,
              null,
              pendingAnnotation.origin());
    }
    return flushAnnotation();
  }

  private boolean rows() {
    if (!rowsHaveSql) {
      sink.count("row events without SQL (not replayable, counted)", 1);
    }
    return flushAnnotation();
  }

  private boolean payload(Object data, long position) {
    if (data instanceof TransactionPayloadEventData p && p.getUncompressedEvents() != null) {
      for (Event e : p.getUncompressedEvents()) {
        if (!on(e, position)) {
          return false;
        }
      }
    }
    return true;
  }

  private boolean flushAnnotation() {
    if (pendingAnnotation == null) {
      return true;
    }
    QueryEvent a = pendingAnnotation;
    pendingAnnotation = null;
    if (inTransaction && !beginTransaction(a.session(), a.schema(), null)) {
      return false;
    }
    return sink.accept(a);
  }

  /** Emits the transaction's BEGIN once it has a statement, with that statement's session. */
  private boolean beginTransaction(Long session, String schema, Long mode) {
    if (begun || pendingBegin == null) {
      return true;
    }
    begun = true;
    QueryEvent b = pendingBegin;
    pendingBegin = null;
    Long s = b.session() != null ? b.session() : session;
    String db = b.schema() != null ? b.schema() : schema;
    Long m = beginMode != null ? beginMode : mode;
    if (!sqlMode(s, m, b.ts(), b.origin().offset())) {
      return false;
    }
    return sink.accept(event(b.ts(), s, db, "BEGIN", null, b.origin().offset()));
  }

  private boolean end(String how, Instant ts, long position) {
    if (!flushAnnotation()) {
      return false;
    }
    boolean more = true;
    if (inTransaction && begun) {
      more = sink.accept(event(ts, txSession, txSchema, how, null, position));
    } else if (!inTransaction) {
      // A COMMIT outside a known transaction (the capture started inside one): keep it only if
      // it came as a statement; an XID alone ends nothing we captured.
      more = true;
    }
    inTransaction = false;
    begun = false;
    pendingBegin = null;
    txSession = null;
    txSchema = null;
    rowsHaveSql = false;
    return more;
  }

  /** Writes SET SESSION sql_mode when the session's mode differs from the last one written. */
  private boolean sqlMode(Long session, Long mode, Instant ts, long position) {
    if (mode == null || session == null) {
      return true;
    }
    Long last = sqlModes.put(session, mode);
    if (mode.equals(last)) {
      return true;
    }
    String names = SqlModes.names(mode, mariadb, mysql8);
    return sink.accept(
        event(ts, session, null, "SET SESSION sql_mode = '" + names + "'", null, position));
  }

  private QueryEvent event(
      Instant ts, Long session, String schema, String sql, Integer error, long position) {
    return new QueryEvent(
        ts, session, null, null, schema, sql, null, null, null, null, error, origin(position));
  }

  /**
   * MariaDB 11.4 writes position 0 for events inside a transaction; those point at the start of
   * their transaction, where mysqlbinlog --start-position finds them.
   */
  private QueryEvent.Origin origin(long position) {
    return new QueryEvent.Origin(file, position > 0 ? position : txPosition);
  }
}
