package io.querytester.capture;

import io.querytester.workload.QueryEvent;
import java.io.IOException;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;

/**
 * Parses general query logs of MySQL 5.6, 5.7, 8.0 and MariaDB.
 *
 * <p>An entry is {@code time<TAB>id Command<TAB>argument}: the time is ISO 8601 (MySQL 5.7+), old
 * style {@code yymmdd hh:mm:ss} (MySQL 5.6, MariaDB, printed only when the second changes; other
 * lines start with two tabs). Lines that do not start an entry continue the statement of the entry
 * before (multi-line statements). {@code Query} and {@code Execute} entries become events; {@code
 * Connect}, {@code Change user} and {@code Init DB} set the session's user and database; {@code
 * Quit} ends a session; other commands are counted and skipped.
 */
final class GeneralLogParser implements LogParser {
  private static final byte[] STARTED_WITH = Bytes.ascii("started with:");
  private static final byte[] VERSION = Bytes.ascii(", Version: ");
  private static final byte[] TCP_PORT = Bytes.ascii("Tcp port:");
  private static final byte[] TIME_HEADER = Bytes.ascii("Time ");
  private static final byte[] TIME_HEADER_TAB = Bytes.ascii("Time\t");
  private static final int MAX_COMMAND = 24;

  /** What is known of a connection from its Connect and Init DB entries. */
  private record Session(String user, String host, String schema) {}

  private final LogTime times;
  private final int maxStatement;
  private final ByteBuf text = new ByteBuf();
  private final Map<Long, Session> sessions = new HashMap<>();

  private String file;
  private EventSink sink;
  private long lastTime = LogTime.NONE;
  private long junkOffset = -1;

  // The entry being read.
  private long offset = -1;
  private long time;
  private long id;
  private String command;
  private String problem;

  GeneralLogParser(ZoneId serverZone, int maxStatement) {
    this.times = new LogTime(serverZone);
    this.maxStatement = maxStatement;
  }

  @Override
  public void parse(LineReader lines, String fileName, EventSink eventSink) throws IOException {
    this.file = fileName;
    this.sink = eventSink;
    sessions.clear();
    offset = -1;
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

  private boolean line(LineReader r) {
    byte[] b = r.buffer();
    int s = r.start();
    int e = r.end();
    if (r.overlong()) {
      if (offset >= 0) {
        problem = "has a line of " + r.overlongLength() + " bytes, longer than the limit";
      } else {
        junk(r.offset());
      }
      return true;
    }
    if (Bytes.endsWith(b, s, e, STARTED_WITH) && Bytes.indexOf(b, s, e, VERSION) >= 0) {
      boolean more = finish();
      sessions.clear();
      return more;
    }
    if (entry(b, s, e, r.offset())) {
      return true;
    }
    if (offset < 0) {
      boolean header =
          Bytes.startsWith(b, s, e, TCP_PORT)
              || Bytes.startsWith(b, s, e, TIME_HEADER)
              || Bytes.startsWith(b, s, e, TIME_HEADER_TAB);
      if (!header && e > s) {
        junk(r.offset());
      }
      return true;
    }
    appendText(b, s, e, true);
    return true;
  }

  /**
   * Starts a new entry if the line is one: {@code [time]\t id Command\targument}. The previous
   * entry is finished first.
   */
  private boolean entry(byte[] b, int s, int e, long lineOffset) {
    int tab = s;
    while (tab < e && tab - s <= 32 && b[tab] != '\t') {
      tab++;
    }
    if (tab >= e || b[tab] != '\t') {
      return false;
    }
    long t = LogTime.NONE;
    if (tab > s) {
      t = LogTime.isIso(b, s, tab) ? times.parseIso(b, s, tab) : times.parseOld(b, s, tab);
      if (t == LogTime.NONE) {
        return false;
      }
    }
    int i = tab;
    while (i < e && b[i] == '\t') {
      i++;
    }
    i = Bytes.skipSpaces(b, i, e);
    int idStart = i;
    while (i < e && b[i] >= '0' && b[i] <= '9') {
      i++;
    }
    if (i == idStart || i >= e || b[i] != ' ') {
      return false;
    }
    long entryId = Bytes.parseLong(b, idStart, i);
    int cs = i + 1;
    int ce = cs;
    while (ce < e && b[ce] != '\t' && ce - cs <= MAX_COMMAND) {
      byte c = b[ce];
      if (!(c == ' ' || c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        return false;
      }
      ce++;
    }
    if (ce == cs
        || ce - cs > MAX_COMMAND
        || (ce < e && b[ce] != '\t')
        || b[cs] < 'A'
        || b[cs] > 'Z') {
      return false;
    }
    if (!finish()) {
      return true;
    }
    flushJunk();
    if (t != LogTime.NONE) {
      lastTime = t;
    }
    offset = lineOffset;
    time = lastTime;
    id = entryId;
    command = Bytes.string(b, cs, ce);
    problem = null;
    text.clear();
    appendText(b, Math.min(ce + 1, e), e, false);
    return true;
  }

  private void appendText(byte[] b, int s, int e, boolean newline) {
    if (problem != null) {
      return;
    }
    if (text.length() + (e - s) > maxStatement) {
      problem = "has a statement longer than " + maxStatement + " bytes";
      text.clear();
      return;
    }
    if (newline) {
      text.appendNewline();
    }
    text.append(b, s, e);
  }

  private boolean finish() {
    if (offset < 0) {
      return true;
    }
    try {
      return emit();
    } finally {
      offset = -1;
      text.clear();
    }
  }

  private boolean emit() {
    byte[] b = text.bytes();
    int len = text.length();
    while (len > 0 && (b[len - 1] == ' ' || b[len - 1] == '\n' || b[len - 1] == '\t')) {
      len--;
    }
    if (problem == null) {
      int control = Bytes.controlBytes(b, 0, len);
      if (control > 0) {
        problem = "contains " + control + " binary (control) bytes";
      }
    }
    if (problem != null) {
      sink.skip("bad events", file + ": entry at byte " + offset + " " + problem + "; skipped");
      return !sink.stopping();
    }
    switch (command) {
      case "Query", "Execute" -> {
        return query(b, len);
      }
      case "Connect", "Change user" -> connect(Bytes.string(b, 0, len));
      case "Init DB" -> {
        Session st = sessions.getOrDefault(id, new Session(null, null, null));
        sessions.put(id, new Session(st.user(), st.host(), SlowLogParser.unquote(b, 0, len)));
      }
      case "Quit" -> sessions.remove(id);
      default -> sink.count("other commands (" + command + ", skipped)", 1);
    }
    return true;
  }

  private boolean query(byte[] b, int len) {
    if (len == 0) {
      sink.skip("bad events", file + ": entry at byte " + offset + " has no statement; skipped");
      return true;
    }
    Bytes.Decoded sql = Bytes.decode(b, 0, len);
    if (sql.invalid()) {
      sink.warn(
          file
              + ": entry at byte "
              + offset
              + " has invalid UTF-8; kept with U+FFFD in place of the bad bytes");
      sink.count("events with invalid UTF-8 (kept)", 1);
    }
    Session st = sessions.getOrDefault(id, new Session(null, null, null));
    String useDb = useTarget(sql.text());
    if (useDb != null) {
      sessions.put(id, new Session(st.user(), st.host(), useDb));
    }
    return sink.accept(
        new QueryEvent(
            LogTime.instant(time),
            id,
            st.user(),
            st.host(),
            st.schema(),
            sql.text(),
            null,
            null,
            null,
            null,
            null,
            new QueryEvent.Origin(file, offset)));
  }

  /**
   * {@code root@localhost on test using TCP/IP} (MySQL 5.7+), {@code root@localhost on test} (5.6),
   * {@code root@localhost as anonymous on test} (MariaDB). Failed logins ("Access denied ...")
   * carry no session.
   */
  private void connect(String arg) {
    int at = arg.indexOf('@');
    if (at <= 0 || arg.startsWith("Access denied")) {
      return;
    }
    String user = arg.substring(0, at);
    int sp = arg.indexOf(' ', at);
    String host = arg.substring(at + 1, sp < 0 ? arg.length() : sp);
    String db = null;
    int on = arg.indexOf(" on ", at);
    if (on >= 0) {
      String rest = arg.substring(on + 4);
      int using = rest.indexOf(" using ");
      db = (using >= 0 ? rest.substring(0, using) : rest).strip();
      if (db.isEmpty()) {
        db = null;
      }
    }
    sessions.put(id, new Session(user, host.isEmpty() ? null : host, db));
  }

  /** The database of a {@code USE db} statement, else null. */
  static String useTarget(String sql) {
    String t = sql.strip();
    if (t.length() < 5
        || !t.regionMatches(true, 0, "use", 0, 3)
        || !Character.isWhitespace(t.charAt(3))) {
      return null;
    }
    String db = t.substring(4).strip();
    if (db.endsWith(";")) {
      db = db.substring(0, db.length() - 1).strip();
    }
    if (db.length() >= 2 && db.startsWith("`") && db.endsWith("`")) {
      db = db.substring(1, db.length() - 1).replace("``", "`");
    }
    return db.isEmpty() || db.contains(" ") ? null : db;
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
          file + ": lines from byte " + junkOffset + " are not part of any entry; skipped");
      junkOffset = -1;
    }
  }
}
