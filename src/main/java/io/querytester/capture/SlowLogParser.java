package io.querytester.capture;

import io.querytester.workload.QueryEvent;
import java.io.IOException;
import java.time.ZoneId;

/**
 * Parses slow query logs of MySQL 5.6, 5.7 and 8.0 (also with log_slow_extra), MariaDB (with its
 * {@code Thread_id}/{@code Schema} lines and 11.x's quoted {@code use `db`;}) and Percona Server's
 * extended format.
 *
 * <p>An event is a block of {@code #} header lines ({@code # Time:}, {@code # User@Host:}, {@code #
 * Query_time:} ...), optional {@code use db;} and {@code SET timestamp=...;} lines, then the
 * statement, which may span lines and always ends with {@code ;}. The next event starts at a line
 * beginning with {@code # Time:} or {@code # User@Host:}; server restarts write a three-line file
 * header in the middle of the log. {@code use} lines are written when the default database differs
 * from the last one logged, so the database carries over from event to event (MariaDB and Percona
 * also name it per event as {@code Schema:}).
 *
 * <p>Bad events (no statement, no closing {@code ;}, binary bytes, too long) are skipped with a
 * warning naming the file and byte offset; invalid UTF-8 is kept as U+FFFD with a warning.
 */
final class SlowLogParser implements LogParser {
  private static final byte[] TIME = Bytes.ascii("# Time:");
  private static final byte[] USER_HOST = Bytes.ascii("# User@Host:");
  private static final byte[] ADMIN = Bytes.ascii("# administrator command:");
  private static final byte[] USE = Bytes.ascii("use ");
  private static final byte[] SET = Bytes.ascii("SET ");
  private static final byte[] TIMESTAMP = Bytes.ascii("timestamp");
  private static final byte[] STARTED_WITH = Bytes.ascii("started with:");
  private static final byte[] TCP_PORT = Bytes.ascii("Tcp port:");
  private static final byte[] TIME_HEADER = Bytes.ascii("Time ");
  private static final byte[] TIME_HEADER_TAB = Bytes.ascii("Time\t");
  private static final byte[] VERSION = Bytes.ascii(", Version: ");

  private static final byte[] K_ID = Bytes.ascii("Id");
  private static final byte[] K_THREAD_ID = Bytes.ascii("Thread_id");
  private static final byte[] K_SCHEMA = Bytes.ascii("Schema");
  private static final byte[] K_QUERY_TIME = Bytes.ascii("Query_time");
  private static final byte[] K_LOCK_TIME = Bytes.ascii("Lock_time");
  private static final byte[] K_ROWS_SENT = Bytes.ascii("Rows_sent");
  private static final byte[] K_ROWS_EXAMINED = Bytes.ascii("Rows_examined");
  private static final byte[] K_ERRNO = Bytes.ascii("Errno");
  private static final byte[] K_LAST_ERRNO = Bytes.ascii("Last_errno");
  private static final byte[] K_START = Bytes.ascii("Start");

  private final LogTime times;
  private final int maxStatement;
  private final ByteBuf body = new ByteBuf();

  private String file;
  private EventSink sink;
  private String currentDb;
  private long junkOffset = -1;

  // The event being read.
  private long offset = -1;
  private boolean inBody;
  private boolean admin;
  private boolean hasUserHost;
  private boolean hasHeader;
  private String problem;
  private long timeMicros;
  private boolean timeIsIso;
  private long startMicros;
  private long setTimestamp;
  private long queryMicros;
  private long lockMicros;
  private long rowsSent;
  private long rowsExamined;
  private long thread;
  private long errno;
  private String user;
  private String host;
  private String schema;
  private boolean schemaSeen;

  SlowLogParser(ZoneId serverZone, int maxStatement) {
    this.times = new LogTime(serverZone);
    this.maxStatement = maxStatement;
    reset();
  }

  @Override
  public void parse(LineReader lines, String fileName, EventSink eventSink) throws IOException {
    this.file = fileName;
    this.sink = eventSink;
    this.currentDb = null;
    reset();
    boolean terminated = true;
    while (lines.next()) {
      terminated = lines.terminated();
      if (!line(lines)) {
        return;
      }
    }
    if (lines.cutShort() != null) {
      sink.warn(file + ": " + lines.cutShort() + " near byte " + lines.position());
    }
    if (offset >= 0 && (!terminated || lines.cutShort() != null)) {
      problem = "is cut short (the file ends in the middle of it)";
    }
    finish();
    flushJunk();
  }

  /** Handles one line; false when the sink wants no more events. */
  private boolean line(LineReader r) {
    byte[] b = r.buffer();
    int s = r.start();
    int e = r.end();
    if (r.overlong()) {
      if (offset < 0) {
        junk(r.offset());
      } else {
        problem = "has a line of " + r.overlongLength() + " bytes, longer than the limit";
      }
      return true;
    }
    if (e > s && b[s] == '#') {
      return headerOrComment(r, b, s, e);
    }
    if (Bytes.endsWith(b, s, e, STARTED_WITH) && Bytes.indexOf(b, s, e, VERSION) >= 0) {
      boolean more = finish();
      currentDb = null;
      return more;
    }
    if (offset < 0) {
      // Between events only the rest of a restart header (or junk) can appear.
      if (!Bytes.startsWith(b, s, e, TCP_PORT) && !isColumnsHeader(b, s, e) && e > s) {
        junk(r.offset());
      }
      return true;
    }
    if (!inBody) {
      if (Bytes.startsWithIgnoreCase(b, s, e, USE) && e > s + 5 && b[e - 1] == ';') {
        currentDb = unquote(b, s + 4, e - 1);
        return true;
      }
      if (Bytes.startsWith(b, s, e, SET) && setLine(b, s + 4, e)) {
        inBody = true;
        return true;
      }
      inBody = true;
    }
    appendBody(b, s, e);
    return true;
  }

  private boolean headerOrComment(LineReader r, byte[] b, int s, int e) {
    boolean more = true;
    if (Bytes.startsWith(b, s, e, TIME)) {
      if (inBody || hasUserHost || hasHeader) {
        more = finish();
      }
      if (offset >= 0 && !inBody && !hasUserHost && !hasHeader) {
        offset = -1; // a time line alone is not an event
      }
      begin(r.offset());
      int t = Bytes.skipSpaces(b, s + TIME.length, e);
      timeIsIso = LogTime.isIso(b, t, e);
      timeMicros = timeIsIso ? times.parseIso(b, t, e) : times.parseOld(b, t, e);
      return more;
    }
    if (Bytes.startsWith(b, s, e, USER_HOST)) {
      if (inBody || hasUserHost) {
        more = finish();
      }
      begin(r.offset());
      hasUserHost = true;
      userHost(b, s + USER_HOST.length, e);
      return more;
    }
    if (inBody) {
      if (body.isEmpty() && Bytes.startsWith(b, s, e, ADMIN)) {
        admin = true;
      }
      appendBody(b, s, e);
      return true;
    }
    begin(r.offset());
    hasHeader = true;
    fields(b, s + 1, e);
    return true;
  }

  private void begin(long lineOffset) {
    flushJunk();
    if (offset < 0) {
      offset = lineOffset;
    }
  }

  /** {@code root[root] @ localhost [127.0.0.1] Id: 5} */
  private void userHost(byte[] b, int i, int e) {
    i = Bytes.skipSpaces(b, i, e);
    int u = i;
    while (i < e && b[i] != '[' && b[i] != ' ') {
      i++;
    }
    user = u < i ? Bytes.string(b, u, i) : null;
    while (i < e && b[i] != '@') {
      i++;
    }
    i = Bytes.skipSpaces(b, i + 1, e);
    int h = i;
    while (i < e && b[i] != ' ' && b[i] != '[') {
      i++;
    }
    host = h < i ? Bytes.string(b, h, i) : null;
    i = Bytes.skipSpaces(b, i, e);
    if (i < e && b[i] == '[') {
      int ip = i + 1;
      while (i < e && b[i] != ']') {
        i++;
      }
      if (host == null && i > ip) {
        host = Bytes.string(b, ip, i);
      }
      i++;
    }
    fields(b, i, e);
  }

  /** {@code Key: value Key: value ...} as in the Query_time, Thread_id and Percona lines. */
  private void fields(byte[] b, int i, int e) {
    while (i < e) {
      i = Bytes.skipSpaces(b, i, e);
      int ks = i;
      i = Bytes.skipToSpace(b, i, e);
      if (i - ks < 2 || b[i - 1] != ':') {
        continue;
      }
      int ke = i - 1;
      int vs = Bytes.skipSpaces(b, i, e);
      int ve = Bytes.skipToSpace(b, vs, e);
      if (ve > vs && b[ve - 1] == ':') {
        // An empty value (Percona's "Schema:" without a database): the next token is a key.
        if (keyIs(b, ks, ke, K_SCHEMA)) {
          schema = null;
          schemaSeen = true;
        }
        i = vs;
        continue;
      }
      field(b, ks, ke, vs, ve);
      i = ve;
    }
  }

  private void field(byte[] b, int ks, int ke, int vs, int ve) {
    switch (ke - ks) {
      case 2 -> {
        if (keyIs(b, ks, ke, K_ID)) {
          thread = Bytes.parseLong(b, vs, ve);
        }
      }
      case 9 -> {
        if (keyIs(b, ks, ke, K_THREAD_ID)) {
          thread = Bytes.parseLong(b, vs, ve);
        } else if (keyIs(b, ks, ke, K_ROWS_SENT)) {
          rowsSent = Bytes.parseLong(b, vs, ve);
        } else if (keyIs(b, ks, ke, K_LOCK_TIME)) {
          lockMicros = Bytes.parseSecondsAsMicros(b, vs, ve);
        }
      }
      case 6 -> {
        if (keyIs(b, ks, ke, K_SCHEMA)) {
          schema = ve > vs ? unquote(b, vs, ve) : null;
          schemaSeen = true;
        }
      }
      case 10 -> {
        if (keyIs(b, ks, ke, K_QUERY_TIME)) {
          queryMicros = Bytes.parseSecondsAsMicros(b, vs, ve);
        } else if (keyIs(b, ks, ke, K_LAST_ERRNO)) {
          errno = Bytes.parseLong(b, vs, ve);
        }
      }
      case 13 -> {
        if (keyIs(b, ks, ke, K_ROWS_EXAMINED)) {
          rowsExamined = Bytes.parseLong(b, vs, ve);
        }
      }
      case 5 -> {
        if (keyIs(b, ks, ke, K_ERRNO)) {
          errno = Bytes.parseLong(b, vs, ve);
        } else if (keyIs(b, ks, ke, K_START)) {
          startMicros = times.parseIso(b, vs, ve);
        }
      }
      default -> {
        // Other attributes (Bytes_sent, QC_hit, Tmp_tables ...) are not part of a workload.
      }
    }
  }

  private static boolean keyIs(byte[] b, int ks, int ke, byte[] key) {
    return ke - ks == key.length && Bytes.startsWith(b, ks, ke, key);
  }

  /**
   * {@code SET timestamp=1526983954;} or, after an INSERT, {@code SET
   * last_insert_id=5,insert_id=7,timestamp=1526983954;}: the server's context line. A statement
   * that merely starts with SET is not one.
   */
  private boolean setLine(byte[] b, int i, int e) {
    if (e <= i || b[e - 1] != ';') {
      return false;
    }
    long ts = -1;
    int end = e - 1;
    while (i < end) {
      int k = i;
      while (i < end && (b[i] == '_' || (b[i] >= 'a' && b[i] <= 'z'))) {
        i++;
      }
      if (i == k || i >= end || b[i] != '=') {
        return false;
      }
      int v = i + 1;
      i = v;
      while (i < end && b[i] != ',') {
        i++;
      }
      long value = Bytes.parseLong(b, v, i);
      if (value < 0) {
        return false;
      }
      if (keyIs(b, k, v - 1, TIMESTAMP)) {
        ts = value;
      }
      i++;
    }
    if (ts < 0) {
      return false;
    }
    setTimestamp = ts;
    return true;
  }

  private void appendBody(byte[] b, int s, int e) {
    if (problem != null) {
      return;
    }
    if (body.length() + (e - s) > maxStatement) {
      problem = "has a statement longer than " + maxStatement + " bytes";
      body.clear();
      return;
    }
    if (!body.isEmpty()) {
      body.appendNewline();
    }
    body.append(b, s, e);
  }

  /** Emits the event being read, or reports why it is bad; false when the sink wants no more. */
  private boolean finish() {
    if (offset < 0) {
      return true;
    }
    try {
      return emit();
    } finally {
      reset();
    }
  }

  private boolean emit() {
    if (admin) {
      sink.count("admin commands (not SQL, skipped)", 1);
      return true;
    }
    if (problem == null && body.isEmpty()) {
      if (!hasUserHost && !hasHeader) {
        return true;
      }
      problem = "has no statement";
    }
    byte[] b = body.bytes();
    int len = body.length();
    while (len > 0 && (b[len - 1] == ' ' || b[len - 1] == '\n' || b[len - 1] == '\t')) {
      len--;
    }
    if (problem == null && (len == 0 || b[len - 1] != ';')) {
      problem = "has no closing ';' (cut short?)";
    }
    if (problem == null) {
      int control = Bytes.controlBytes(b, 0, len);
      if (control > 0) {
        problem = "contains " + control + " binary (control) bytes";
      }
    }
    if (problem != null) {
      sink.skip("bad events", file + ": event at byte " + offset + " " + problem + "; skipped");
      return !sink.stopping();
    }
    Bytes.Decoded sql = Bytes.decode(b, 0, len - 1);
    if (sql.invalid()) {
      sink.warn(
          file
              + ": event at byte "
              + offset
              + " has invalid UTF-8; kept with U+FFFD in place of the bad bytes");
      sink.count("events with invalid UTF-8 (kept)", 1);
    }
    return sink.accept(
        new QueryEvent(
            LogTime.instant(startTime()),
            thread >= 0 ? thread : null,
            user,
            host,
            schemaSeen ? schema : currentDb,
            sql.text(),
            queryMicros >= 0 ? queryMicros : null,
            rowsSent >= 0 ? rowsSent : null,
            rowsExamined >= 0 ? rowsExamined : null,
            lockMicros >= 0 ? lockMicros : null,
            errno >= 0 ? (int) errno : null,
            new QueryEvent.Origin(file, offset)));
  }

  /**
   * When the statement started: the log_slow_extra Start, else the precise log time minus the query
   * time (the log is written when the statement ends), else SET timestamp (seconds).
   */
  private long startTime() {
    if (startMicros != LogTime.NONE) {
      return startMicros;
    }
    if (timeIsIso && timeMicros != LogTime.NONE) {
      return timeMicros - Math.max(queryMicros, 0);
    }
    if (setTimestamp >= 0) {
      return setTimestamp * 1_000_000;
    }
    return timeMicros;
  }

  private void reset() {
    offset = -1;
    inBody = false;
    admin = false;
    hasUserHost = false;
    hasHeader = false;
    problem = null;
    timeMicros = LogTime.NONE;
    timeIsIso = false;
    startMicros = LogTime.NONE;
    setTimestamp = -1;
    queryMicros = -1;
    lockMicros = -1;
    rowsSent = -1;
    rowsExamined = -1;
    thread = -1;
    errno = -1;
    user = null;
    host = null;
    schema = null;
    schemaSeen = false;
    body.clear();
  }

  private void junk(long at) {
    if (junkOffset < 0) {
      junkOffset = at;
    }
  }

  private void flushJunk() {
    if (junkOffset >= 0) {
      sink.skip(
          "unreadable lines",
          file + ": lines from byte " + junkOffset + " are not part of any event; skipped");
      junkOffset = -1;
    }
  }

  private static boolean isColumnsHeader(byte[] b, int s, int e) {
    // "Time                 Id Command    Argument" (MariaDB: "Time\t\t    Id Command\tArgument").
    return Bytes.startsWith(b, s, e, TIME_HEADER) || Bytes.startsWith(b, s, e, TIME_HEADER_TAB);
  }

  /** A database name as {@code use} writes it: plain, or in backquotes (MariaDB 11.x). */
  static String unquote(byte[] b, int s, int e) {
    s = Bytes.skipSpaces(b, s, e);
    while (e > s && (b[e - 1] == ' ' || b[e - 1] == '\t')) {
      e--;
    }
    String name = Bytes.string(b, s, e);
    if (name.length() >= 2 && name.charAt(0) == '`' && name.charAt(name.length() - 1) == '`') {
      return name.substring(1, name.length() - 1).replace("``", "`");
    }
    return name;
  }
}
