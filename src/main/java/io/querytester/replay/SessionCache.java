package io.querytester.replay;

import io.querytester.server.Target;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A lane's captured sessions and which of them hold connections: at most {@code maxOpen} (the
 * lane's share of the connection budget), the least recently used closed first, and any unused for
 * {@code idle} closed too; never one inside a transaction, which closing would roll back. A closed
 * session keeps its state and reopens with it when it runs again.
 */
final class SessionCache {
  private final List<Target> targets;
  private final ReplayWatch watch;
  private final int maxOpen;
  private final long idleNanos;
  // Keys: a captured session's id, or a SharedSession (see Job.connectionKey)
  private final Map<Object, SessionConnections> sessions = new HashMap<>();
  private final LinkedHashSet<Object> open = new LinkedHashSet<>();

  SessionCache(List<Target> targets, ReplayWatch watch, LaneLimits limits) {
    this.targets = targets;
    this.watch = watch;
    this.maxOpen = limits.maxOpenSessions();
    this.idleNanos = limits.idle().toNanos();
  }

  /**
   * The job's session (its captured one, or the shared one it was spread to), marked used now; the
   * least recently used one closes when too many are open.
   */
  SessionConnections get(Job job) {
    Object id = job.connectionKey();
    SessionConnections s = sessions.get(id);
    if (s == null) { // not computeIfAbsent: under C1 its lambda was an allocation per statement
      SharedSession shared = job.shared();
      s =
          new SessionConnections(
              targets,
              watch,
              shared != null ? shared.state().toSessionState() : new SessionState());
      sessions.put(id, s);
    }
    s.used();
    if (!open.isEmpty() && open.getLast().equals(id)) {
      return s; // the session of the statement before: already the most recently used
    }
    open.remove(id);
    open.add(id);
    if (open.size() > maxOpen) {
      for (Iterator<Object> it = open.iterator(); it.hasNext(); ) {
        Object eldest = it.next();
        if (!eldest.equals(id) && !sessions.get(eldest).inTransaction()) {
          it.remove();
          close(eldest);
          break;
        }
      }
    }
    return s;
  }

  /**
   * Closes the sessions not used for a while (but {@code keep}, about to run): a server's
   * connections are not ours to hoard.
   */
  void closeIdle(SessionConnections keep) {
    long now = System.nanoTime();
    for (Iterator<Object> it = open.iterator(); it.hasNext(); ) {
      Object key = it.next();
      SessionConnections s = sessions.get(key);
      if (now - s.lastUsed() < idleNanos) {
        return; // least recently used first: the rest were used later
      }
      if (s != keep && !s.inTransaction()) {
        it.remove();
        close(key);
      }
    }
  }

  /** Closes every session but {@code keep}: its server refused a connection for too many. */
  void closeOthers(SessionConnections keep) {
    for (Iterator<Object> it = open.iterator(); it.hasNext(); ) {
      Object key = it.next();
      if (sessions.get(key) != keep && !sessions.get(key).inTransaction()) {
        it.remove();
        close(key);
      }
    }
  }

  /**
   * Closes a session's connections. A captured session keeps its state to reopen with; a shared one
   * is forgotten, since its state is in its key and the spreader may retire it.
   */
  private void close(Object key) {
    SessionConnections s = key instanceof SharedSession ? sessions.remove(key) : sessions.get(key);
    s.close();
  }

  /** The lane ends: every connection closes. */
  void closeAll() {
    sessions.values().forEach(SessionConnections::close);
  }
}
