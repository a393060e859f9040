package io.querytester.order;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * One session's events of one kind (commits, snapshots and reads, inserts, barriers) by what they
 * touched, newest first: a later event of another session finds the newest one it conflicts with by
 * a few lookups, not by walking the events the dispatcher is ahead of the lanes. A session's events
 * finish in its order, so only the newest one per row, per table and overall matters: once it is
 * done, so are the older ones.
 */
final class TouchIndex {
  private Ticket newest; // of all
  private Ticket everything; // newest that touched everything
  // Made at the first event: a workload may have a million sessions, most of them quiet.
  private Map<String, Ticket> anyRow; // table -> newest touching it
  private Map<String, Ticket> whole; // table -> newest touching all of it
  private Map<String, Map<String, Ticket>> rows; // table -> key -> newest

  void add(Ticket t, Footprint f) {
    newest = t;
    if (f.everything()) {
      everything = t;
      return;
    }
    if (anyRow == null) {
      anyRow = new HashMap<>();
      whole = new HashMap<>();
      rows = new HashMap<>();
    }
    f.forEach(
        (table, keys) -> {
          anyRow.put(table, t);
          if (keys == null) {
            whole.put(table, t);
          } else {
            Map<String, Ticket> byKey = rows.computeIfAbsent(table, x -> new HashMap<>());
            for (String k : keys) {
              byKey.put(k, t);
            }
          }
        });
  }

  /** The newest event not done that overlaps {@code f} (null: any event), or null. */
  Ticket newestOverlapping(Footprint f) {
    if (newest == null || newest.isDone()) {
      return null;
    }
    if (f == null || f.everything()) {
      return newest;
    }
    Ticket[] best = {live(everything)};
    if (anyRow == null) {
      return best[0];
    }
    f.forEach(
        (table, keys) -> {
          if (keys == null) {
            best[0] = newer(best[0], live(anyRow.get(table)));
          } else {
            best[0] = newer(best[0], live(whole.get(table)));
            Map<String, Ticket> byKey = rows.get(table);
            if (byKey != null) {
              for (String k : keys) {
                best[0] = newer(best[0], live(byKey.get(k)));
              }
            }
          }
        });
    return best[0];
  }

  /** Whether every event in it is done. */
  boolean quiet() {
    return newest == null || newest.isDone();
  }

  /** Forgets what is done, so a long replay's index holds only the events in flight. */
  void prune() {
    if (quiet()) {
      newest = null;
      everything = null;
      anyRow = null;
      whole = null;
      rows = null;
      return;
    }
    if (anyRow == null) {
      return;
    }
    anyRow.values().removeIf(Ticket::isDone);
    whole.values().removeIf(Ticket::isDone);
    for (Iterator<Map<String, Ticket>> it = rows.values().iterator(); it.hasNext(); ) {
      Map<String, Ticket> byKey = it.next();
      byKey.values().removeIf(Ticket::isDone);
      if (byKey.isEmpty()) {
        it.remove();
      }
    }
  }

  private static Ticket live(Ticket t) {
    return t == null || t.isDone() ? null : t;
  }

  private static Ticket newer(Ticket a, Ticket b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return b.line() > a.line() ? b : a;
  }
}
