package io.querytester.capture;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Parses the timestamps of slow and general logs from bytes: ISO 8601 with micros and a zone
 * ({@code 2024-05-22T10:12:34.123456Z}, MySQL 5.7+) and the old local {@code 240522 10:12:34}
 * (MySQL 5.6, MariaDB). Results are epoch microseconds, {@link Long#MIN_VALUE} when unreadable.
 */
final class LogTime {
  static final long NONE = Long.MIN_VALUE;

  private final ZoneId localZone;
  private int cachedDate = -1;
  private long cachedEpochDay;

  LogTime(ZoneId localZone) {
    this.localZone = localZone;
  }

  /** Whether the time at {@code from} is ISO (has a zone) rather than old-style local time. */
  static boolean isIso(byte[] b, int from, int to) {
    return to - from >= 19 && b[from + 4] == '-' && b[from + 10] == 'T';
  }

  long parseIso(byte[] b, int from, int to) {
    if (!isIso(b, from, to)) {
      return NONE;
    }
    int y = num(b, from, 4);
    int mo = num(b, from + 5, 2);
    int d = num(b, from + 8, 2);
    int h = num(b, from + 11, 2);
    int mi = num(b, from + 14, 2);
    int s = num(b, from + 17, 2);
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || s < 0) {
      return NONE;
    }
    int i = from + 19;
    long micros = 0;
    if (i < to && b[i] == '.') {
      int digits = 0;
      i++;
      while (i < to && b[i] >= '0' && b[i] <= '9') {
        if (digits < 6) {
          micros = micros * 10 + (b[i] - '0');
          digits++;
        }
        i++;
      }
      while (digits++ < 6) {
        micros *= 10;
      }
    }
    long offsetSeconds = 0;
    if (i < to && (b[i] == '+' || b[i] == '-') && to - i >= 6) {
      int oh = num(b, i + 1, 2);
      int om = num(b, i + 4, 2);
      if (oh < 0 || om < 0) {
        return NONE;
      }
      offsetSeconds = (oh * 3600L + om * 60L) * (b[i] == '+' ? 1 : -1);
    }
    long epochSecond = epochDay(y, mo, d) * 86400 + h * 3600L + mi * 60L + s - offsetSeconds;
    return epochSecond * 1_000_000 + micros;
  }

  /** Old style {@code yymmdd hh:mm:ss} (the hour may be space padded) in the server's zone. */
  long parseOld(byte[] b, int from, int to) {
    if (to - from < 13) {
      return NONE;
    }
    int yy = num(b, from, 2);
    int mo = num(b, from + 2, 2);
    int d = num(b, from + 4, 2);
    int i = Bytes.skipSpaces(b, from + 6, to);
    int colon = i;
    while (colon < to && b[colon] != ':') {
      colon++;
    }
    if (yy < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || colon + 6 > to) {
      return NONE;
    }
    int h = (int) Bytes.parseLong(b, i, colon);
    int mi = num(b, colon + 1, 2);
    int s = num(b, colon + 4, 2);
    if (h < 0 || h > 23 || mi < 0 || s < 0) {
      return NONE;
    }
    try {
      Instant t = LocalDateTime.of(2000 + yy, mo, d, h, mi, s).atZone(localZone).toInstant();
      return t.getEpochSecond() * 1_000_000;
    } catch (java.time.DateTimeException e) {
      return NONE;
    }
  }

  private long epochDay(int y, int mo, int d) {
    int key = y * 10000 + mo * 100 + d;
    if (key != cachedDate) {
      try {
        cachedEpochDay = LocalDate.of(y, mo, d).toEpochDay();
      } catch (java.time.DateTimeException e) {
        cachedEpochDay = 0;
      }
      cachedDate = key;
    }
    return cachedEpochDay;
  }

  private static int num(byte[] b, int at, int len) {
    int v = 0;
    for (int i = at; i < at + len; i++) {
      int c = b[i] - '0';
      if (c < 0 || c > 9) {
        return -1;
      }
      v = v * 10 + c;
    }
    return v;
  }

  static Instant instant(long epochMicros) {
    return epochMicros == NONE
        ? null
        : Instant.ofEpochSecond(
            Math.floorDiv(epochMicros, 1_000_000), Math.floorMod(epochMicros, 1_000_000L) * 1000L);
  }
}
