package io.querytester.replay;

import io.querytester.TextCut;
import io.querytester.workload.ConnectionPortability;
import io.querytester.workload.DiagnosticsStatements;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SetAssignments;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.SqlRedactor;
import io.querytester.workload.StatementKind;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * With {@code --spread-reads}, picks the statements that may run on any lane's connection rather
 * than on their captured session's, so that a workload of few sessions keeps {@code --concurrency}
 * connections busy.
 *
 * <p>Such a statement is a read the replay runs whose text allows it ({@link
 * ConnectionPortability#portable}: no variable, no executable comment, nothing a connection keeps
 * for itself) and that calls no stored function of the targets. In a read-only replay nothing
 * writes, so the read sees the same data on any connection and in any order; it runs on a shared
 * connection brought to its session's schema and SET statements of the moment, so that state still
 * holds. Any other read runs on the session's own connection, after the session's statements before
 * it. A statement that ties later ones to the session's connection (a transaction, autocommit off,
 * SET TRANSACTION, a lock, PREPARE, a write, a session statement the replay skips, a SET of a user
 * variable) keeps all of the session's later statements there, in order. A diagnostics statement
 * right after a spread read is not run (see {@link #skipReason}).
 */
final class ReadSpreader {
  /** Distinct session states given shared connections at most, whatever the connection budget. */
  static final int MAX_STATES = 64;

  /**
   * Spread reads after which a state no read used is retired when a new one needs its place, even
   * if a session is still in it: the sessions of a capture come and go, and say nothing when they
   * end.
   */
  static final long STALE_AFTER = 10_000;

  private final BiFunction<String, SqlProfile, String> skipReason;
  private final Predicate<SqlProfile> callsStoredFunction;
  private final int maxStates;

  /** The sessions seen that are not kept home and have a state or a shared session. */
  private final Map<Long, Tracked> sessions = new HashMap<>();

  private final Map<SharedSession.State, Slot> shared = new HashMap<>();
  private final Set<Long> home = new HashSet<>();

  /**
   * Sessions gone home right after a spread read, until their next statement that runs (a statement
   * the replay skips in between, a write say, leaves the spread read the one before).
   */
  private final Set<Long> spreadBefore = new HashSet<>();

  private String firstHome;
  private long spread;
  private long given;

  /**
   * A session as far as shared connections must copy it. Its state is kept as a state's list of
   * SETs, the same object as its shared session's once a read ran in it: a million sessions in a
   * few states hold a few lists. A SET rebuilds the SETs' bookkeeping from it.
   */
  private static final class Tracked {
    SharedSession.State state = SharedSession.State.NONE;
    Slot slot; // the shared session its reads run on in this state, null before one did
    // the bookkeeping of its SETs while they come one after another, let go at its next read
    SessionState building;
    boolean lastSpread; // its last statement ran on a shared connection
  }

  /** A state given a shared session: how many sessions are in it, and when a read last used it. */
  private static final class Slot {
    final SharedSession session;
    int users;
    long lastUsed;
    boolean retired;

    Slot(SharedSession session) {
      this.session = session;
    }
  }

  /**
   * @param skipReason the replay's own decision to skip a statement (see {@link ReplayGate})
   * @param callsStoredFunction whether a statement calls a stored function of a target
   * @param maxStates distinct states given shared connections at once: every lane may open one per
   *     state
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
   * another for every read. 0 below 2: then nothing is spread.
   */
  static int maxStates(int openPerLane) {
    return Math.min(MAX_STATES, openPerLane / 2);
  }

  /** Why a statement is not replayed although the replay could run it; said once, in the report. */
  static final String DIAGNOSTICS_AFTER_SPREAD =
      "not run: it reports on the statement before it in its session, which ran on a shared"
          + " connection (--no-spread-reads replays it)";

  /**
   * Why the event must not run, or null: a diagnostics statement (SHOW WARNINGS, {@code SELECT
   * FOUND_ROWS()} ...) right after a read of its session that ran on a shared connection would
   * describe whatever ran last on its own connection, not that read. Its session stays home from
   * then on, so that its next ones describe what they follow. Call before {@link #route}.
   */
  String skipReason(QueryEvent event, SqlProfile profile, boolean already) {
    long session = event.sessionId();
    Tracked t = sessions.get(session);
    if (already || !(t != null ? t.lastSpread : spreadBefore.contains(session))) {
      return null;
    }
    if (DiagnosticsStatements.describeTheOneBefore(profile)) {
      stayHome(session, "a diagnostics statement after a spread read");
      spreadBefore.remove(session); // skipped: the next one follows what it follows
      return DIAGNOSTICS_AFTER_SPREAD;
    }
    if (t == null && skipReason.apply(event.sql(), profile) == null) {
      spreadBefore.remove(session); // it runs on the session's own connection, after the read
    }
    return null;
  }

  /**
   * Where the event runs: a shared session, or null for its own session's connection. Called for
   * every event of the workload in order, those a resumed run did before too ({@code already}), so
   * that each session's state is followed; those are never spread nor counted.
   */
  SharedSession route(QueryEvent event, SqlProfile profile, boolean already) {
    long session = event.sessionId();
    if (home.contains(session)) {
      return null;
    }
    Tracked t = sessions.get(session);
    String schema = event.schema();
    if (schema != null && !schema.isEmpty() && (t == null || !schema.equals(t.state.schema()))) {
      t = tracked(session, t);
      changed(t, t.state.inSchema(schema));
    }
    String sql = event.sql();
    if (profile.kind() == StatementKind.SESSION) {
      ranAtHome(t, event, profile);
      follow(session, t, sql, profile);
      return null; // observed on the session's own connection, as captured
    }
    if (!profile.safeRead()) {
      ranAtHome(t, event, profile);
      stayHomeAt(session, sql);
      return null;
    }
    if (already
        || !ConnectionPortability.portable(sql, profile)
        || callsStoredFunction.test(profile)) {
      ranAtHome(t, event, profile);
      return null;
    }
    t = tracked(session, t);
    t.building = null;
    if (t.slot == null || t.slot.retired) {
      Slot slot = slotFor(t.state);
      if (slot == null) {
        ranAtHome(t, event, profile);
        stayHome(session, "more than " + maxStates + " distinct session states at once");
        return null;
      }
      slot.users++;
      t.slot = slot;
      t.state = slot.session.state(); // one copy of a state, however many sessions are in it
    }
    spread++;
    t.slot.lastUsed = spread;
    t.lastSpread = true;
    return t.slot.session;
  }

  /**
   * The statement runs on the session's own connection, unless the replay skips it: then it is the
   * one a diagnostics statement after it describes. Asked of the gate only after a spread read.
   */
  private void ranAtHome(Tracked t, QueryEvent event, SqlProfile profile) {
    if (t != null && t.lastSpread && skipReason.apply(event.sql(), profile) == null) {
      t.lastSpread = false;
    }
  }

  /** Follows a session statement: a change of the state reads take along, or a reason to stay. */
  private void follow(long session, Tracked t, String sql, SqlProfile profile) {
    String skip = skipReason.apply(sql, profile);
    if (skip != null) {
      stayHome(session, "a session statement not replayed (" + skip + ")");
      return;
    }
    SetAssignments set = SetAssignments.of(sql);
    if (!ConnectionPortability.keepsOnlyState(sql, profile, set)
        || (set != null && set.setsUserVariable())) {
      // a user variable stays with its session: a view may read it through a stored function,
      // which no read names, and copying its value elsewhere would run RAND() or NOW() unpinned
      stayHomeAt(session, sql);
      return;
    }
    t = tracked(session, t);
    String used = SessionState.usedSchema(sql);
    if (used != null) {
      if (!used.equals(t.state.schema())) {
        changed(t, t.state.inSchema(used));
      }
      return;
    }
    SessionState sets = t.building != null ? t.building : t.state.toSessionState();
    t.building = sets;
    if (sets.set(sql, set)) {
      changed(t, new SharedSession.State(t.state.schema(), sets.setList()));
    }
    if (sets.overflowed()) {
      stayHome(session, "more than " + SessionState.MAX_SETS + " SET statements");
    }
  }

  private Tracked tracked(long session, Tracked t) {
    if (t == null) {
      t = new Tracked();
      sessions.put(session, t);
    }
    return t;
  }

  /** The session's state changed: its reads need the shared session of the new one. */
  private void changed(Tracked t, SharedSession.State state) {
    t.state = state;
    release(t);
  }

  private void release(Tracked t) {
    Slot slot = t.slot;
    t.slot = null;
    if (slot != null && !slot.retired) {
      slot.users--;
    }
  }

  private void retire(Slot slot) {
    slot.retired = true;
    shared.remove(slot.session.state());
  }

  /** The state's shared session; a new one if there is room, or once a stale one is retired. */
  private Slot slotFor(SharedSession.State state) {
    Slot slot = shared.get(state);
    if (slot != null) {
      return slot;
    }
    if (shared.size() >= maxStates) {
      // room from a state no session is in any more, else from the one no read used the longest
      Slot free = null;
      for (Slot s : shared.values()) {
        if (free == null
            || ((s.users == 0) != (free.users == 0) ? s.users == 0 : s.lastUsed < free.lastUsed)) {
          free = s;
        }
      }
      if (free == null || (free.users > 0 && spread - free.lastUsed < STALE_AFTER)) {
        return null;
      }
      retire(free);
    }
    slot = new Slot(new SharedSession(++given, state));
    shared.put(state, slot);
    return slot;
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

  /** As {@link #stayHome}, said by the statement, without its literals, if it is the first. */
  private void stayHomeAt(long session, String sql) {
    stayHome(session, firstHome == null ? SqlRedactor.literals(sql) : null);
  }

  private void stayHome(long session, String why) {
    if (firstHome == null) {
      firstHome = "session " + session + ", " + why;
    }
    home.add(session);
    Tracked t = sessions.remove(session);
    if (t != null) {
      release(t);
      if (t.lastSpread) {
        spreadBefore.add(session);
      }
    }
  }

  /**
   * One line of the reason. A statement in it comes without its literals (stayHome's callers): this
   * line goes to the console of every replay, --redact or not, and needs only its shape.
   */
  private static String abbreviate(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return TextCut.abbreviate(one, 80);
  }
}
