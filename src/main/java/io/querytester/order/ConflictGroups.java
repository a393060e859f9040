package io.querytester.order;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.StatementAccess;
import io.querytester.workload.StatementAccess.TableUse;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The sessions of a workload that must replay together for writes to keep production's order: two
 * sessions belong to one group when one writes a table the other reads or writes, or either runs a
 * statement that may touch anything (DDL, CALL, a lock of tables). A shard of a write replay holds
 * whole groups; a workload of one group cannot be sharded.
 */
public final class ConflictGroups {
  private static final long EVERYTHING = Long.MIN_VALUE;

  private final Map<Long, Long> parent = new HashMap<>();
  private final Map<String, Set<Long>> touching = new HashMap<>();
  private final Set<String> written = new HashSet<>();
  private final Set<String> why = new TreeSet<>();
  private boolean sealed;

  /** Reads one event of the workload, in any order. */
  public void add(QueryEvent e) {
    long s = e.sessionId();
    find(s);
    StatementAccess a = StatementAccess.of(e.sql(), e.schema());
    if (a.kind() == StatementAccess.Kind.BARRIER) {
      union(s, EVERYTHING);
      why.add(a.why());
      return;
    }
    for (TableUse u : a.reads()) {
      touching.computeIfAbsent(u.table(), t -> new HashSet<>()).add(s);
    }
    for (TableUse u : a.writes()) {
      touching.computeIfAbsent(u.table(), t -> new HashSet<>()).add(s);
      written.add(u.table());
    }
  }

  /** Each session's group: the smallest session id in it. Call after the last {@link #add}. */
  public Map<Long, Long> groups() {
    seal();
    Map<Long, Long> smallest = new HashMap<>();
    for (long s : parent.keySet()) {
      if (s != EVERYTHING) {
        smallest.merge(find(s), s, Math::min);
      }
    }
    Map<Long, Long> out = new HashMap<>();
    for (long s : parent.keySet()) {
      if (s != EVERYTHING) {
        out.put(s, smallest.get(find(s)));
      }
    }
    return out;
  }

  /** How many groups the sessions form. */
  public int count() {
    return new HashSet<>(groups().values()).size();
  }

  /** Why sessions were joined with every other (barrier reasons), for the refusal's message. */
  public Set<String> barriers() {
    return why;
  }

  /** The tables that join sessions: written by one, touched by another. */
  public Set<String> sharedTables() {
    Set<String> out = new TreeSet<>();
    for (String t : written) {
      if (touching.get(t).size() > 1) {
        out.add(t);
      }
    }
    return out;
  }

  private void seal() {
    if (sealed) {
      return;
    }
    sealed = true;
    if (parent.containsKey(EVERYTHING)) { // a statement that may touch anything: one group
      for (long s : java.util.List.copyOf(parent.keySet())) {
        union(s, EVERYTHING);
      }
    }
    for (String t : written) {
      Long first = null;
      for (long s : touching.get(t)) {
        if (first == null) {
          first = s;
        } else {
          union(first, s);
        }
      }
    }
  }

  private long find(long s) {
    Long p = parent.putIfAbsent(s, s);
    if (p == null || p == s) {
      return s;
    }
    long root = find(p);
    parent.put(s, root);
    return root;
  }

  private void union(long a, long b) {
    long ra = find(a);
    long rb = find(b);
    if (ra != rb) {
      parent.put(ra, rb);
    }
  }
}
