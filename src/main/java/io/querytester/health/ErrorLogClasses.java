package io.querytester.health;

import io.querytester.run.LogClass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The error-log message classes of one target, counted per phase (start-up, run, restart), in
 * bounded memory: past {@link #MAX_CLASSES} classes in a phase, new ones are counted together.
 */
final class ErrorLogClasses {
  static final int MAX_CLASSES = 500;
  static final String OTHER = "(more classes than the health watch keeps)";

  private final Map<LogClass.Phase, Map<String, LogClass>> byPhase =
      new EnumMap<>(LogClass.Phase.class);

  /**
   * Counts a line.
   *
   * @param readAt when it was read: its time when the line has no timestamp of its own
   * @return the class with a count of one when the line is the first of its class in that phase,
   *     else null
   */
  synchronized LogClass add(LogLine line, LogClass.Phase phase, Instant readAt) {
    Map<String, LogClass> classes = byPhase.computeIfAbsent(phase, p -> new LinkedHashMap<>());
    Instant at = line.time() != null ? line.time() : readAt;
    String key = line.key();
    if (!classes.containsKey(key) && classes.size() >= MAX_CLASSES) {
      key = OTHER;
    }
    LogClass one = new LogClass(phase, key, line.level(), line.code(), 1, at, at, line.message());
    LogClass before = classes.get(key);
    classes.put(key, before == null ? one : before.plus(one));
    return before == null ? one : null;
  }

  /** Every class, start-up first, each phase in the order the classes first appeared. */
  synchronized List<LogClass> snapshot() {
    List<LogClass> out = new ArrayList<>();
    byPhase.values().forEach(m -> out.addAll(m.values()));
    return out;
  }
}
