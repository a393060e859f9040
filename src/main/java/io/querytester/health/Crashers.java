package io.querytester.health;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Query classes that were in flight at two crashes: after the second they are not replayed any
 * more, so that one statement cannot crash a server again and again. The lanes ask for every event;
 * the usual answer (no crasher yet) is one volatile read.
 */
final class Crashers {
  static final int CRASHES = 2;
  static final String REASON = "crasher: in flight at " + CRASHES + " crashes";

  private final Map<String, Integer> counts = new HashMap<>();
  private volatile Set<String> crashers = Set.of();

  /** Counts the classes in flight at a crash; those at their second crash become crashers. */
  synchronized void count(CrashEvent e) {
    Set<String> classes = new HashSet<>();
    e.inFlight().stream()
        .map(StatementRef::classId)
        .filter(java.util.Objects::nonNull)
        .forEach(classes::add);
    Set<String> next = new HashSet<>(crashers);
    for (String c : classes) {
      if (counts.merge(c, 1, Integer::sum) >= CRASHES) {
        next.add(c);
      }
    }
    if (next.size() != crashers.size()) {
      crashers = Set.copyOf(next);
    }
  }

  /** Why a class is no longer run, or null. */
  String skipReason(String classId) {
    Set<String> c = crashers;
    return c.isEmpty() || classId == null || !c.contains(classId) ? null : REASON;
  }
}
