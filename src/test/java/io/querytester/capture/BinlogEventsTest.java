package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventData;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.FormatDescriptionEventData;
import com.github.shyiko.mysql.binlog.event.GtidEventData;
import com.github.shyiko.mysql.binlog.event.RowsQueryEventData;
import com.github.shyiko.mysql.binlog.event.TableMapEventData;
import com.github.shyiko.mysql.binlog.event.XidEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.ByteArrayEventDataDeserializer;
import com.github.shyiko.mysql.binlog.io.ByteArrayInputStream;
import io.querytester.workload.QueryEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The MySQL side of the binlog source (the ITs run MariaDB): GTID events, BEGIN as a QUERY event,
 * Rows_query events, XID, sql_mode in the QUERY event's status variables, row events without SQL.
 */
class BinlogEventsTest {
  private static final long STRICT_TRANS_TABLES = 1L << 21;
  private static final long ONLY_FULL_GROUP_BY = 1L << 5;
  private static final long NO_AUTO_CREATE_USER = 1L << 28;

  private final RecordingSink sink = new RecordingSink();
  private final BinlogEvents events = new BinlogEvents(sink);
  private long position = 4;

  @Test
  void mysqlRowBasedTransactionsWithRowsQueryEvents() throws IOException {
    events.file("binlog.000007");
    feed(EventType.FORMAT_DESCRIPTION, format("8.0.36"));
    feed(EventType.GTID, new GtidEventData());
    long begin = position;
    feed(
        EventType.QUERY,
        query(42, "shop", ONLY_FULL_GROUP_BY | STRICT_TRANS_TABLES | NO_AUTO_CREATE_USER, "BEGIN"));
    feed(EventType.ROWS_QUERY, rowsQuery("INSERT INTO t VALUES (1)"));
    feed(EventType.TABLE_MAP, table("shop", "t"));
    feed(EventType.EXT_WRITE_ROWS, rows());
    feed(EventType.XID, new XidEventData());
    feed(EventType.GTID, new GtidEventData());
    feed(
        EventType.QUERY,
        query(42, "shop", ONLY_FULL_GROUP_BY | STRICT_TRANS_TABLES, "CREATE TABLE x (a INT)"));
    // A transaction whose row events have no SQL leaves no events, only a count.
    feed(EventType.GTID, new GtidEventData());
    feed(EventType.QUERY, query(43, "crm", STRICT_TRANS_TABLES, "BEGIN"));
    feed(EventType.TABLE_MAP, table("crm", "c"));
    feed(EventType.EXT_UPDATE_ROWS, rows());
    feed(EventType.EXT_UPDATE_ROWS, rows());
    feed(EventType.XID, new XidEventData());
    events.finish();

    assertThat(sink.sql())
        .containsExactly(
            "SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'",
            "BEGIN",
            "INSERT INTO t VALUES (1)",
            "COMMIT",
            "SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'",
            "CREATE TABLE x (a INT)");
    assertThat(sink.events).allSatisfy(e -> assertThat(e.session()).isEqualTo(42L));
    assertThat(sink.events).allSatisfy(e -> assertThat(e.schema()).isIn("shop", null));
    QueryEvent insert = sink.events.get(2);
    assertThat(insert.schema()).isEqualTo("shop");
    assertThat(insert.origin().file()).isEqualTo("binlog.000007");
    assertThat(sink.events.get(1).origin().offset()).isEqualTo(begin);
    assertThat(sink.counters).containsEntry("row events without SQL (not replayable, counted)", 2L);
  }

  @Test
  void sqlModeNamesFollowTheServer() {
    long mode = (1L << 28) | (1L << 32) | (1L << 4) | 1L;
    assertThat(SqlModes.names(mode, true, false))
        .isEqualTo(
            "REAL_AS_FLOAT,IGNORE_BAD_TABLE_OPTIONS,NO_AUTO_CREATE_USER,EMPTY_STRING_IS_NULL");
    assertThat(SqlModes.names(mode, false, false))
        .isEqualTo("REAL_AS_FLOAT,NO_AUTO_CREATE_USER,TIME_TRUNCATE_FRACTIONAL");
    assertThat(SqlModes.names(mode, false, true))
        .isEqualTo("REAL_AS_FLOAT,TIME_TRUNCATE_FRACTIONAL");
  }

  private void feed(EventType type, EventData data) {
    EventHeaderV4 h = new EventHeaderV4();
    h.setEventType(type);
    h.setTimestamp(1_716_372_754_000L);
    h.setEventLength(100);
    events.on(new Event(h, data), position);
    position += 100;
  }

  private static FormatDescriptionEventData format(String version) {
    FormatDescriptionEventData f = new FormatDescriptionEventData();
    f.setServerVersion(version);
    return f;
  }

  private static RowsQueryEventData rowsQuery(String sql) {
    RowsQueryEventData r = new RowsQueryEventData();
    r.setQuery(sql);
    return r;
  }

  private static TableMapEventData table(String db, String name) {
    TableMapEventData t = new TableMapEventData();
    t.setDatabase(db);
    t.setTable(name);
    return t;
  }

  private static EventData rows() throws IOException {
    return new ByteArrayEventDataDeserializer()
        .deserialize(new ByteArrayInputStream(new byte[] {1, 2, 3}));
  }

  /** A QUERY event body as the server writes it, read by our deserializer. */
  private static EventData query(long thread, String db, long sqlMode, String sql)
      throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    le(b, thread, 4);
    le(b, 0, 4);
    byte[] dbBytes = db.getBytes(StandardCharsets.UTF_8);
    b.write(dbBytes.length);
    le(b, 0, 2);
    le(b, 1 + 4 + 1 + 8, 2);
    b.write(0);
    le(b, 0, 4);
    b.write(1);
    le(b, sqlMode, 8);
    b.write(dbBytes);
    b.write(0);
    b.write(sql.getBytes(StandardCharsets.UTF_8));
    return new QueryEventWithMode.Deserializer()
        .deserialize(new ByteArrayInputStream(b.toByteArray()));
  }

  private static void le(ByteArrayOutputStream b, long v, int bytes) {
    for (int i = 0; i < bytes; i++) {
      b.write((int) (v >>> (8 * i)) & 0xff);
    }
  }
}
