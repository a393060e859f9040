package io.querytester.replay;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * With {@code --spread-reads}, picks the statements that may run on any lane's connection rather
 * than on their captured session's, so that a workload of few sessions keeps {@code --concurrency}
 * connections busy.
 *
 * <p>Such a statement is a plain read (SELECT, WITH or a parenthesised SELECT that the replay runs)
 * that reads no variable, calls no stored function and reads nothing a connection keeps for itself
 * (CONNECTION_ID(), FOUND_ROWS(), LAST_INSERT_ID(), ROW_COUNT(), LASTVAL(), SQL_CALC_FOUND_ROWS,
 * the session's status or optimizer trace). In a read-only replay nothing writes, so the read sees
 * the same data on any connection and in any order; it runs on a shared connection brought to its
 * session's schema and SET statements of the moment, so that state still holds. Any other read runs
 * on the session's own connection, after the session's statements before it. A statement that ties
 * later ones to the session's connection (a transaction, autocommit off, a lock, PREPARE, a write,
 * a session statement the replay skips) keeps all of the session's later statements there, in
 * order.
 */
final class ReadSpreader {
  /** Distinct session states given shared connections at most, whatever the connection budget. */
  static final int MAX_STATES = 64;

  private static final Set<String> SESSION_VALUES =
      Set.of("CONNECTION_ID()", "FOUND_ROWS()", "LAST_INSERT_ID()", "ROW_COUNT()", "LASTVAL()");

  /** Names in a read's text that read what its own connection did or holds. */
  private static final List<String> CONNECTION_TABLES =
      List.of(
          "performance_schema",
          "optimizer_trace",
          "session_status",
          "session_variables",
          "ps_current_thread_id",
          "ps_thread_id",
          "sql_calc_found_rows");

  /** Compiled once: asked of every SET of the workload, of any length. */
  private static final Pattern AUTOCOMMIT_OFF =
      Pattern.compile("autocommit\\s*(=|:=)\\s*(0|off|false)\\b", Pattern.CASE_INSENSITIVE);

  private final BiFunction<String, SqlProfile, String> skipReason;
  private final Predicate<SqlProfile> callsStoredFunction;
  private final int maxStates;

  /** The state of each session seen, as far as shared connections must copy it. */
  private final Map<Long, SharedSession.State> states = new HashMap<>();

  private final Map<SharedSession.State, SharedSession> shared = new HashMap<>();
  private final Set<Long> home = new HashSet<>();
  private String firstHome;
  private long spread;

  /**
   * @param skipReason the replay's own decision to skip a statement (see {@link ReplayGate})
   * @param callsStoredFunction whether a statement calls a stored function of a target
   * @param maxStates distinct states given shared connections: every lane may open one per state
   */
  ReadSpreader(
      BiFunction<String, SqlProfile, String> skipReason,
      Predicate<SqlProfile> callsStoredFunction,
      int maxStates) {
    this.skipReason = skipReason;
    this.callsStoredFunction = callsStoredFunction;
    this.maxStates = maxStates;
  }

  /**
   * States for a lane that may keep {@code openPerLane} sessions open: half of them, so that the
   * sessions a lane runs in order keep room, and a lane never closes one shared connection to open
   * another for every read.
   */
  static int maxStates(int openPerLane) {
    return Math.max(1, Math.min(MAX_STATES, openPerLane / 2));
  }

  /**
   * Where the event runs: a shared session, or null for its own session's connection. Called for
   * every event of the workload in order (those done before a resume too), so that each session's
   * state is followed.
   */
  SharedSession route(QueryEvent event, SqlProfile profile) {
    long session = event.sessionId();
    if (home.contains(session)) {
      return null;
    }
    SharedSession.State state = states.getOrDefault(session, SharedSession.State.NONE);
    String schema = event.schema();
    if (schema != null && !schema.isEmpty() && !schema.equals(state.schema())) {
      state = state.inSchema(schema);
      states.put(session, state);
    }
    String sql = event.sql();
    if (profile.kind() == StatementKind.SESSION) {
      String skip = skipReason.apply(sql, profile);
      if (skip != null || !keepsOnlyState(sql, profile)) {
        stayHome(session, skip != null ? "a session statement not replayed (" + skip + ")" : sql);
      } else if (!userVariablesOnly(profile)) {
        states.put(session, state.after(sql));
      }
      return null; // observed on the session's own connection, as captured
    }
    if (!profile.safeRead()) {
      stayHome(session, sql);
      return null;
    }
    if (!portable(profile) || callsStoredFunction.test(profile)) {
      return null;
    }
    SharedSession s = shared.get(state);
    if (s == null) {
      if (shared.size() >= maxStates) {
        stayHome(session, "more than " + maxStates + " distinct session states");
        return null;
      }
      // Negative ids: no captured session (a server's connection id) is negative.
      s = new SharedSession(-1L - shared.size(), state);
      shared.put(state, s);
    }
    spread++;
    return s;
  }

  /** What the replay says at its end: how many reads were spread, and why sessions were not. */
  String summary() {
    return "--spread-reads: "
        + spread
        + " reads ran on any lane"
        + (home.isEmpty()
            ? ""
            : "; "
                + home.size()
                + (home.size() == 1
                    ? " session kept on its own connection"
                    : " sessions kept on their own connections")
                + " from a statement on (the first: "
                + abbreviate(firstHome)
                + ")");
  }

  private void stayHome(long session, String why) {
    if (firstHome == null) {
      firstHome = "session " + session + ", " + why;
    }
    home.add(session);
    states.remove(session);
  }

  private static String abbreviate(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= 80 ? one : one.substring(0, 77) + "...";
  }

  /**
   * A USE, or a SET of session variables that a shared connection can take on as well: not one that
   * starts a transaction's mode for the next statement only, nor autocommit off.
   */
  static boolean keepsOnlyState(String sql, SqlProfile profile) {
    if (profile.unsafeReason() != null) {
      return false;
    }
    String f = profile.fingerprint();
    if (f.startsWith("use ")) {
      return true;
    }
    if (!f.startsWith("set ") || f.startsWith("set transaction")) {
      return false;
    }
    return !AUTOCOMMIT_OFF.matcher(sql).find();
  }

  /** A SET of user variables only: no plain read that is spread can see them. */
  static boolean userVariablesOnly(SqlProfile profile) {
    String f = profile.fingerprint();
    return f.startsWith("set @") && !f.contains("@@") && !f.contains(",");
  }

  /**
   * A read whose result does not depend on which connection runs it, in a read-only replay, unless
   * it calls a stored function (which the replay's targets tell).
   */
  static boolean portable(SqlProfile profile) {
    if (!profile.safeRead()) {
      return false;
    }
    String f = profile.fingerprint(); // literals are ?: an @ in a string does not count
    if (!(f.startsWith("select ") || f.startsWith("with ") || f.startsWith("("))
        || f.indexOf('@') >= 0) {
      return false;
    }
    for (String name : CONNECTION_TABLES) {
      if (f.contains(name)) {
        return false;
      }
    }
    for (String marker : profile.nondeterminism()) {
      if (SESSION_VALUES.contains(marker.toUpperCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }
}
