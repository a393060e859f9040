package io.querytester.capture;

import com.github.shyiko.mysql.binlog.event.QueryEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDataDeserializer;
import com.github.shyiko.mysql.binlog.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A binlog QUERY event with its sql_mode, which the library's own deserializer skips. Layout:
 * thread id (4), exec time (4), db length (1), error code (2), status vars length (2), status vars,
 * db, NUL, statement. The status vars start with Q_FLAGS2 (code 0, 4 bytes) and Q_SQL_MODE (code 1,
 * 8 bytes) on every server that writes them.
 */
final class QueryEventWithMode extends QueryEventData {
  private Long sqlMode;

  Long sqlMode() {
    return sqlMode;
  }

  /** Reads QUERY events into {@link QueryEventWithMode}. */
  static final class Deserializer implements EventDataDeserializer<QueryEventData> {
    @Override
    public QueryEventData deserialize(ByteArrayInputStream in) throws IOException {
      QueryEventWithMode e = new QueryEventWithMode();
      e.setThreadId(in.readLong(4));
      e.setExecutionTime(in.readLong(4));
      int dbLength = in.readInteger(1);
      e.setErrorCode(in.readInteger(2));
      int statusLength = in.readInteger(2);
      e.sqlMode = sqlMode(in.read(statusLength));
      e.setDatabase(new String(in.read(dbLength), StandardCharsets.UTF_8));
      in.skip(1);
      e.setSql(new String(in.read(in.available()), StandardCharsets.UTF_8));
      return e;
    }

    private static Long sqlMode(byte[] status) {
      int i = 0;
      while (i < status.length) {
        int code = status[i++] & 0xff;
        if (code == 0) {
          i += 4;
        } else if (code == 1 && i + 8 <= status.length) {
          long mode = 0;
          for (int b = 7; b >= 0; b--) {
            mode = (mode << 8) | (status[i + b] & 0xff);
          }
          return mode;
        } else {
          return null;
        }
      }
      return null;
    }
  }
}
