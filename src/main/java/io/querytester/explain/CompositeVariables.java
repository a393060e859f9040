package io.querytester.explain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The variables whose value is a list of independent parts, and how a value splits into parts and
 * is made again with some parts changed. An upgrade changes one flag of {@code optimizer_switch} or
 * {@code sql_mode} at a time, and that one flag is the cause to name, not the whole string.
 *
 * <ul>
 *   <li>switches ({@code optimizer_switch}): {@code flag=on,flag=off}; a session takes a partial
 *       list and changes only the flags it names;
 *   <li>flag sets ({@code sql_mode}, {@code old_mode}): the flags that are on; a session takes the
 *       whole set, so a change is made on the side's own value;
 *   <li>maps ({@code character_set_collations}): {@code charset=collation} entries; a session takes
 *       the whole list.
 * </ul>
 */
final class CompositeVariables {
  static final String ON = "on";
  static final String OFF = "off";

  /** How a composite variable is written. */
  enum Shape {
    SWITCH,
    FLAGS,
    MAP
  }

  private static final Map<String, Shape> SHAPES =
      Map.of(
          "optimizer_switch", Shape.SWITCH,
          "sql_mode", Shape.FLAGS,
          "old_mode", Shape.FLAGS,
          "character_set_collations", Shape.MAP);

  private CompositeVariables() {}

  /** The shape of a composite variable; null for a plain one. */
  static Shape shape(String name) {
    return SHAPES.get(name.toLowerCase(Locale.ROOT));
  }

  /**
   * The parts of a value, in the server's order: a switch's flags with {@code on}/{@code off}, a
   * flag set's flags (upper case) with {@code on}, a map's charsets with their collation.
   */
  static Map<String, String> parts(Shape shape, String value) {
    Map<String, String> out = new LinkedHashMap<>();
    if (value == null) {
      return out;
    }
    for (String item : value.split(",")) {
      String s = item.strip();
      if (s.isEmpty()) {
        continue;
      }
      int eq = s.indexOf('=');
      switch (shape) {
        case SWITCH -> {
          if (eq > 0) {
            out.put(
                s.substring(0, eq).strip().toLowerCase(Locale.ROOT),
                s.substring(eq + 1).strip().toLowerCase(Locale.ROOT));
          }
        }
        case FLAGS -> out.put(s.toUpperCase(Locale.ROOT), ON);
        case MAP -> {
          if (eq > 0) {
            out.put(
                s.substring(0, eq).strip().toLowerCase(Locale.ROOT),
                s.substring(eq + 1).strip().toLowerCase(Locale.ROOT));
          }
        }
      }
    }
    return out;
  }

  /**
   * The state of a part in a value's parts: a flag set's missing flag is {@code off}, a map's
   * missing entry {@code ""}; a switch's missing flag is null (that server has no such flag).
   */
  static String state(Shape shape, Map<String, String> parts, String part) {
    String v = parts.get(part);
    if (v != null) {
      return v;
    }
    return switch (shape) {
      case SWITCH -> null;
      case FLAGS -> OFF;
      case MAP -> "";
    };
  }

  /**
   * The value that sets {@code changes} (part to state) on a session whose value is {@code
   * current}: for a switch only the changed flags, else the whole value with the parts changed.
   */
  static String assign(Shape shape, String current, Map<String, String> changes) {
    if (shape == Shape.SWITCH) {
      List<String> items = new ArrayList<>();
      changes.forEach((flag, state) -> items.add(flag + "=" + state));
      return String.join(",", items);
    }
    Map<String, String> parts = parts(shape, current);
    changes.forEach(
        (part, state) -> {
          boolean remove = shape == Shape.FLAGS ? !ON.equals(state) : state.isEmpty();
          if (remove) {
            parts.remove(part);
          } else {
            parts.put(part, state);
          }
        });
    List<String> items = new ArrayList<>();
    parts.forEach((k, v) -> items.add(shape == Shape.FLAGS ? k : k + "=" + v));
    return String.join(",", items);
  }
}
