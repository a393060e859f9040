package io.querytester.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads one event line of a workload file. Lines as capture writes them (known fields, strings,
 * numbers, timestamps as {@code 2026-11-21T10:00:00.001Z}) take a streaming path; anything else
 * (another timestamp form, a number written as a string, a field of a newer minor version) is read
 * by the workload's object mapping, so both paths give the same event. The streaming path is
 * several times cheaper: binding a record and parsing a timestamp through a DateTimeFormatter was a
 * tenth of the replay's own CPU.
 */
final class EventLine {
  private EventLine() {}

  static QueryEvent parse(String line) throws IOException {
    QueryEvent fast = streamed(line);
    return fast != null ? fast : WorkloadJson.MAPPER.readValue(line, QueryEvent.class);
  }

  /** The event, or null when the line is not in the shape capture writes. */
  static QueryEvent streamed(String line) throws IOException {
    try (JsonParser p = WorkloadJson.MAPPER.getFactory().createParser(line)) {
      return event(p);
    } catch (NotCaptureShape | JsonProcessingException e) {
      return null; // the mapping reads it again, and says what is wrong in its own words
    }
  }

  private static QueryEvent event(JsonParser p) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    Instant ts = null;
    Long session = null;
    Long duration = null;
    Long rowsSent = null;
    Long rowsExamined = null;
    Long lock = null;
    Integer error = null;
    String user = null;
    String host = null;
    String schema = null;
    String sql = null;
    QueryEvent.Origin origin = null;
    // A name given twice is read by the mapping, whose answer (the last value, or a refusal once
    // every field is known) is the one that counts.
    Set<String> seen = new HashSet<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      if (t != JsonToken.FIELD_NAME) {
        return null;
      }
      String name = p.currentName();
      if (!seen.add(name)) {
        throw NotCaptureShape.INSTANCE;
      }
      JsonToken v = p.nextToken();
      switch (name) {
        case "ts" -> {
          if (v != JsonToken.VALUE_NULL && (ts = instant(text(p, v))) == null) {
            return null;
          }
        }
        case "session" -> session = number(p, v);
        case "duration_micros" -> duration = number(p, v);
        case "rows_sent" -> rowsSent = number(p, v);
        case "rows_examined" -> rowsExamined = number(p, v);
        case "lock_micros" -> lock = number(p, v);
        case "error_code" -> {
          Long e = number(p, v);
          if (e != null && (e < Integer.MIN_VALUE || e > Integer.MAX_VALUE)) {
            return null;
          }
          error = e == null ? null : e.intValue();
        }
        case "user" -> user = text(p, v);
        case "host" -> host = text(p, v);
        case "schema" -> schema = text(p, v);
        case "sql" -> sql = text(p, v);
        case "origin" -> {
          if (v != JsonToken.VALUE_NULL && (origin = origin(p, v)) == null) {
            return null;
          }
        }
        default -> {
          return null;
        }
      }
    }
    if (p.nextToken() != null) {
      return null;
    }
    return new QueryEvent(
        ts,
        session,
        user,
        host,
        schema,
        sql,
        duration,
        rowsSent,
        rowsExamined,
        lock,
        error,
        origin);
  }

  /** A value of another JSON type than capture writes for its field: the mapping reads the line. */
  private static final class NotCaptureShape extends IOException {
    private static final NotCaptureShape INSTANCE = new NotCaptureShape();

    private NotCaptureShape() {
      super(null, null);
      setStackTrace(new StackTraceElement[0]);
    }
  }

  private static String text(JsonParser p, JsonToken v) throws IOException {
    if (v == JsonToken.VALUE_NULL) {
      return null;
    }
    if (v != JsonToken.VALUE_STRING) {
      throw NotCaptureShape.INSTANCE;
    }
    return p.getText();
  }

  private static Long number(JsonParser p, JsonToken v) throws IOException {
    if (v == JsonToken.VALUE_NULL) {
      return null;
    }
    if (v != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() != JsonParser.NumberType.INT
            && p.getNumberType() != JsonParser.NumberType.LONG) {
      throw NotCaptureShape.INSTANCE;
    }
    return p.getLongValue();
  }

  private static QueryEvent.Origin origin(JsonParser p, JsonToken v) throws IOException {
    if (v != JsonToken.START_OBJECT) {
      return null;
    }
    String file = null;
    Long offset = null;
    Set<String> seen = new HashSet<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      String name = p.currentName();
      if (!seen.add(name)) {
        throw NotCaptureShape.INSTANCE;
      }
      JsonToken f = p.nextToken();
      switch (name) {
        case "file" -> file = text(p, f);
        case "offset" -> offset = number(p, f);
        default -> {
          return null;
        }
      }
    }
    return new QueryEvent.Origin(file, offset);
  }

  /**
   * {@code yyyy-MM-ddTHH:mm:ss[.fraction]Z} with 1 to 9 fraction digits, the form capture writes;
   * null for any other form.
   */
  static Instant instant(String s) {
    if (s == null) {
      return null;
    }
    int n = s.length();
    if (n < 20
        || s.charAt(4) != '-'
        || s.charAt(7) != '-'
        || s.charAt(10) != 'T'
        || s.charAt(13) != ':'
        || s.charAt(16) != ':'
        || s.charAt(n - 1) != 'Z') {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 7);
    int day = digits(s, 8, 10);
    int hour = digits(s, 11, 13);
    int minute = digits(s, 14, 16);
    int second = digits(s, 17, 19);
    if ((year | month | day | hour | minute | second) < 0
        || hour > 23
        || minute > 59
        || second > 59) {
      return null;
    }
    int nanos = 0;
    if (n > 20) {
      int digits = n - 21;
      if (s.charAt(19) != '.' || digits < 1 || digits > 9) {
        return null;
      }
      nanos = digits(s, 20, n - 1);
      if (nanos < 0) {
        return null;
      }
      for (int i = digits; i < 9; i++) {
        nanos *= 10;
      }
    } else if (s.charAt(19) != 'Z') {
      return null;
    }
    try {
      long days = LocalDate.of(year, month, day).toEpochDay();
      return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
    } catch (DateTimeException e) {
      return null; // 2026-02-30 and the like: the mapping says what is wrong
    }
  }

  /** The decimal number in s[from, to), or -1 when a character is no digit. */
  private static int digits(String s, int from, int to) {
    int v = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }
}
