package io.querytester.health;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Query classes that crash a server: in flight at two of its crashes without a single statement of
 * the class completing on it in between. After the second such crash a class is not replayed any
 * more, so that one statement cannot crash a server again and again. A frequent class that merely
 * happened to be running at both crashes is not one: it completed in between.
 *
 * <p>The lanes ask for every event; the usual answer (no crasher yet) is one volatile read.
 */
final class Crashers {
  static final int CRASHES = 2;
  static final String REASON =
      "crasher: in flight at " + CRASHES + " crashes, never completed in between";

  private final Map<String, Map<String, Integer>> counts = new HashMap<>();
  private volatile Set<String> crashers = Set.of();

  /**
   * Counts a crash of a side.
   *
   * @param inFlight the classes in flight at it
   * @param completedSince classes (of those counted before) that completed on the side since its
   *     last crash: they start over
   * @return the classes that became crashers at this crash
   */
  synchronized List<String> count(String side, Set<String> inFlight, Set<String> completedSince) {
    Map<String, Integer> m = counts.computeIfAbsent(side, s -> new HashMap<>());
    m.keySet().removeAll(completedSince);
    List<String> now = new ArrayList<>();
    Set<String> next = new HashSet<>(crashers);
    for (String c : inFlight) {
      if (c != null && m.merge(c, 1, Integer::sum) >= CRASHES && next.add(c)) {
        now.add(c);
      }
    }
    if (!now.isEmpty()) {
      crashers = Set.copyOf(next);
    }
    now.sort(null);
    return now;
  }

  /** The classes of a side that were in flight at a crash: whether they complete is watched. */
  synchronized Set<String> counted(String side) {
    return Set.copyOf(counts.getOrDefault(side, Map.of()).keySet());
  }

  /** Why a class is no longer run, or null. */
  String skipReason(String classId) {
    Set<String> c = crashers;
    return c.isEmpty() || classId == null || !c.contains(classId) ? null : REASON;
  }
}
