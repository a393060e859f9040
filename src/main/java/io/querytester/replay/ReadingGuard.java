package io.querytester.replay;

import io.querytester.server.ReadOnlySessions;
import io.querytester.workload.ClientCharset;
import io.querytester.workload.ReadingChange;
import io.querytester.workload.SqlModes;
import io.querytester.workload.SqlReading;
import io.querytester.workload.StatementKind;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Keeps a read-only replay's analysis and each session's server reading statements alike. Before a
 * statement: the session is not stopped, the server reported nothing unexpected since its last
 * statement, the statement is safe as its session reads it on every side ({@link ReplayGate}), and
 * the reading after it can be told ({@link ReadingChange}). After it: each side that ran it takes
 * the reading the analysis expected, and the server's own report of what the statement changed
 * (session state tracking, or a query after a session statement where the server has none) must
 * agree. A reading that cannot be told, or a report that disagrees, stops the session: its
 * statements from there on are skipped, with the reason (fail closed).
 *
 * <p>What the server's report catches that the analysis cannot: whatever changes the session
 * without a statement the analysis reads as a change (a stored function that sets tx_read_only, a
 * server whose lexer differs from the analyser's model, a restore after a reconnect that did not
 * take), and what no statement text shows.
 */
final class ReadingGuard {
  private final ReplayGate gate;
  private final List<ReadingStart> starts;
  private final List<String> labels;

  ReadingGuard(ReplayGate gate, List<String> labels) {
    this.gate = gate;
    this.starts = gate.readingStarts();
    this.labels = labels;
  }

  /** Why the job must not run; null to run it (its reading change is then pending). */
  String before(SessionConnections s, Job job) {
    String sql = job.event().sql();
    if (starts == null) {
      return gate.skipReason(sql, job.profile()); // writes allowed: nothing to follow
    }
    long session = job.event().sessionId();
    String stopped = gate.stopped(session);
    if (stopped != null) {
      return stopped;
    }
    SessionReading r = reading(s);
    if (r == null) {
      return gate.stop(session, firstUnknownStart());
    }
    for (int i = 0; i < starts.size(); i++) {
      String late = verify(s, i, r.current[i], r.during[i]);
      r.during[i] = null;
      if (late != null) {
        return gate.stop(session, labels.get(i) + " " + late);
      }
    }
    String skip = gate.skipReason(sql, job.profile(), r.current);
    if (skip != null) {
      return skip;
    }
    ReadingChange[] change = ReadingChange.mayChange(sql) ? changes(session, sql, r) : null;
    r.pending = change == STOPPED ? null : change;
    return change == STOPPED ? gate.stopped(session) : null;
  }

  /** Marks a statement whose reading after it cannot be told: its session was stopped. */
  private static final ReadingChange[] STOPPED = new ReadingChange[0];

  /** Each side's change, null where none (and all null: none), or STOPPED. */
  private ReadingChange[] changes(long session, String sql, SessionReading r) {
    ReadingChange[] change = null;
    for (int i = 0; i < starts.size(); i++) {
      ReadingChange c =
          ReadingChange.of(sql, r.current[i], starts.get(i).global(), gate.dialect(i));
      if (c.unknown() != null) {
        gate.stop(session, labels.get(i) + ": " + c.unknown());
        return STOPPED;
      }
      if (!c.after().equals(r.current[i]) || c.during() != null) {
        if (change == null) {
          change = new ReadingChange[starts.size()];
        }
        change[i] = c;
      }
    }
    return change;
  }

  private String firstUnknownStart() {
    for (ReadingStart st : starts) {
      if (st.unknown() != null) {
        return st.unknown();
      }
    }
    return "a side's reading cannot be told";
  }

  /** The session's reading, made on its first statement; null when a side's cannot be told. */
  private SessionReading reading(SessionConnections s) {
    if (s.reading == null) {
      SqlReading[] initial = new SqlReading[starts.size()];
      for (int i = 0; i < initial.length; i++) {
        if (starts.get(i).unknown() != null) {
          return null;
        }
        initial[i] = starts.get(i).initial();
      }
      s.reading = new SessionReading(initial);
    }
    return s.reading;
  }

  /**
   * A resumed run's statement done before: its session statements run again on open connections, so
   * the reading follows as if they succeeded.
   */
  void ranBefore(SessionConnections s) {
    if (starts == null || s.reading == null || s.reading.pending == null) {
      return;
    }
    for (int i = 0; i < starts.size(); i++) {
      if (s.reading.pending[i] != null) {
        s.reading.current[i] = s.reading.pending[i].after();
      }
    }
    s.reading.pending = null;
  }

  /** After the statement ran on every side: the expected change where it ran, then the check. */
  void after(SessionConnections s, Job job, StatementRunner.Result[] results) {
    if (starts == null || s.reading == null) {
      return;
    }
    SessionReading r = s.reading;
    boolean session = job.profile().kind() == StatementKind.SESSION;
    for (int i = 0; i < starts.size(); i++) {
      ReadingChange c = r.pending == null ? null : r.pending[i];
      boolean ran = results[i].observation().ok();
      if (ran && c != null) {
        r.current[i] = c.after();
        r.during[i] = c.during();
      }
      if (!starts.get(i).tracked() && ran && (session || c != null)) {
        ask(s, i); // no report from this server: a check after every session statement
      }
      String why = verify(s, i, r.current[i], r.during[i]);
      if (why != null) {
        gate.stop(job.event().sessionId(), labels.get(i) + " " + why);
      }
    }
    r.pending = null;
  }

  /** What the server reported since the last check, against what the analysis expects. */
  private String verify(SessionConnections s, int side, SqlReading expected, SqlReading during) {
    ServerReports reports = s.reports(side);
    if (reports == null) {
      return null;
    }
    for (ServerReports.Report rep : reports.take()) {
      String why = unexpected(rep, expected, during);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  private static String unexpected(
      ServerReports.Report rep, SqlReading expected, SqlReading during) {
    String v = rep.value();
    switch (rep.name()) {
      case "sql_mode" -> {
        SqlModes m = SqlModes.ofNames(v);
        if (m == null) {
          return "reported sql_mode '" + v + "', which this tool cannot read";
        }
        if (!m.equals(expected.modes()) && (during == null || !m.equals(during.modes()))) {
          return "reported sql_mode '" + v + "' where the analysis expected " + expected.modes();
        }
      }
      case "character_set_client" -> {
        ClientCharset c = ClientCharset.named(v);
        if (c == null || !c.readsLike(expected.client())) {
          return "reported character_set_client "
              + v
              + " where the analysis expected "
              + expected.client().name();
        }
      }
      case "tx_read_only", "transaction_read_only" -> {
        if (!v.equalsIgnoreCase("ON") && !v.equals("1")) {
          return "reported " + rep.name() + " " + v + ": the session could write";
        }
      }
      case "session_track_system_variables" -> {
        if (!v.equals("*")) {
          return "reported session_track_system_variables '" + v + "': its reports stopped";
        }
      }
      case "session_track_transaction_info" -> {
        if (!v.equalsIgnoreCase("CHARACTERISTICS")) {
          return "reported session_track_transaction_info " + v + ": its reports stopped";
        }
      }
      case ServerReports.CHARACTERISTICS -> {
        if (v.toUpperCase(Locale.ROOT).contains("READ WRITE")) {
          return "reported the next transaction as '" + v.strip() + "': it could write";
        }
      }
      default -> {
        if (rep == ServerReports.OVERFLOW) {
          return "reported more session changes than the check keeps";
        }
        if (rep == ServerReports.UNANSWERED) {
          return "did not answer the check of its session after a session statement";
        }
      }
    }
    return null;
  }

  /**
   * The check after a session statement on a server without session tracking: the same values,
   * asked. Reported as the tracker would, so one check reads both.
   */
  private void ask(SessionConnections s, int side) {
    ServerReports reports = s.reports(side);
    if (reports == null) {
      return;
    }
    String access = ReadOnlySessions.accessModeVariable(gate.info(side));
    List<ServerReports.Report> asked = new ArrayList<>(3);
    try (Statement st = s.connection(side).createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT @@session.sql_mode, @@session.character_set_client, @@session." + access)) {
      rs.next();
      asked.add(new ServerReports.Report("sql_mode", rs.getString(1)));
      asked.add(new ServerReports.Report("character_set_client", rs.getString(2)));
      asked.add(new ServerReports.Report(access, rs.getString(3)));
    } catch (SQLException e) {
      asked.add(ServerReports.UNANSWERED); // not known, so not trusted
    }
    asked.forEach(reports::told);
  }
}
