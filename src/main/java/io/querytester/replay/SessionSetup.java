package io.querytester.replay;

import io.querytester.server.Target;
import io.querytester.workload.StatementKind;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Brings a session to where its next statement can be observed: connected on every side, in its
 * schema, with the pins the statement needs, at the statement's captured time; and keeps the
 * session's state when a statement changes it.
 */
final class SessionSetup {
  /** A refused connection (too many) is retried this often, closing idle sessions in between. */
  private static final int CONNECT_TRIES = 8;

  static final long IDLE_CHECK_NANOS = 1_000_000_000L;

  private final List<Target> targets;
  private final SessionCache sessions;
  private final SideRunner sides;

  SessionSetup(List<Target> targets, SessionCache sessions, SideRunner sides) {
    this.targets = targets;
    this.sessions = sessions;
    this.sides = sides;
  }

  void switchSchema(SessionConnections s, String schema) {
    if (schema == null || schema.isEmpty() || schema.equals(s.state.schema())) {
      return;
    }
    s.state.schema(schema);
    for (int i = 0; i < targets.size(); i++) {
      if (s.isOpen(i)) {
        quietlyOn(s, i, "USE " + SessionConnections.quote(schema));
      }
    }
  }

  /**
   * Connects before the clock starts: connection set-up is not the statement's latency. A server
   * that refuses for too many connections is the tool's own limit, not the statement's doing: the
   * lane closes its other sessions and tries again, and if the server still refuses, the statement
   * is skipped with that reason (never a difference).
   *
   * @return why the statement cannot run, or null
   */
  String openAll(SessionConnections s) {
    SQLException[] failed = sides.connectAll(s); // the first try, every side at once
    boolean othersClosed = false;
    for (int i = 0; i < targets.size(); i++) {
      if (othersClosed && refused(failed[i])) {
        // the sessions another side's tries closed since this side's first try freed its server too
        failed[i] = s.tryConnection(i);
      }
      // any other failure: the run reports it as a lost connection for this statement
      for (int attempt = 1; refused(failed[i]); attempt++) {
        if (attempt == CONNECT_TRIES) {
          return "not run: "
              + targets.get(i).label()
              + " refused a connection (too many connections, error 1040); lower"
              + " --max-connections or --concurrency";
        }
        sessions.closeOthers(s);
        othersClosed = true;
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50L << attempt));
        failed[i] = s.tryConnection(i);
      }
    }
    return null;
  }

  private static boolean refused(SQLException e) {
    return e != null && SessionConnections.tooMany(e);
  }

  /** Waits for the event's time; sessions that go idle meanwhile are closed. */
  void pace(SessionConnections s, long intendedStart) {
    if (intendedStart == 0) {
      return;
    }
    for (long wait; (wait = intendedStart - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(Math.min(wait, IDLE_CHECK_NANOS));
      sessions.closeIdle(s);
    }
  }

  /** The session settings that make the statement's result repeatable (see {@link Pins}). */
  void pin(SessionConnections s, Job job) {
    for (String pin : Pins.before(job.event(), job.profile(), job.id())) {
      for (int i = 0; i < targets.size(); i++) {
        quietlyOn(s, i, pin);
      }
    }
  }

  /**
   * Remembers what a session statement changed (USE, SET), so a reopened connection gets it back; a
   * statement done in an earlier part of a resumed run is applied again.
   */
  void trackState(SessionConnections s, Job job) {
    if (job.profile().kind() != StatementKind.SESSION) {
      return;
    }
    String sql = job.event().sql().strip();
    s.state.apply(sql);
    if (job.alreadyDone()) {
      for (int i = 0; i < targets.size(); i++) {
        if (s.isOpen(i)) {
          quietlyOn(s, i, sql);
        }
      }
    }
  }

  private static void quietlyOn(SessionConnections s, int side, String sql) {
    try (Statement st = s.connection(side).createStatement()) {
      st.execute(sql);
    } catch (SQLException e) {
      // The statement that follows is observed; a broken connection shows there.
    }
  }
}
