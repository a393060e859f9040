package io.querytester.explain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The statements that give one side the other side's values of some settings: {@code SET SESSION
 * div_precision_increment = 4, optimizer_switch = 'rowid_filter=off'} for a trial, {@code SET
 * GLOBAL} and the option file line for the fix to keep. The parts of a composite variable go into
 * one assignment, made on the side's own value so that its other parts stay as they are.
 */
final class SessionAssignments {
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");

  private SessionAssignments() {}

  /**
   * Each variable's assignment ({@code name = literal}), in the settings' order.
   *
   * @param current the side's own session values, for the parts of composite variables
   * @param toOld whether to give OLD's values (to NEW), else NEW's (to OLD)
   */
  static List<String> items(List<Setting> settings, Map<String, String> current, boolean toOld) {
    Map<String, Map<String, String>> composite = new LinkedHashMap<>();
    Map<String, String> plain = new LinkedHashMap<>();
    for (Setting s : settings) {
      if (s.part() == null) {
        plain.put(s.name(), s.value(toOld));
        composite.remove(s.name());
      } else {
        composite
            .computeIfAbsent(s.name(), n -> new LinkedHashMap<>())
            .put(s.part(), s.value(toOld));
        plain.putIfAbsent(s.name(), null); // keeps the variables in the settings' order
      }
    }
    List<String> out = new ArrayList<>();
    plain.forEach(
        (name, value) -> {
          Map<String, String> parts = composite.get(name);
          String v =
              parts == null
                  ? value
                  : CompositeVariables.assign(
                      CompositeVariables.shape(name), current.get(name), parts);
          out.add(name + " = " + literal(v));
        });
    return out;
  }

  /** {@code SET SESSION a = 1, b = 'x'}; null without settings. */
  static String set(
      String scope, List<Setting> settings, Map<String, String> current, boolean toOld) {
    List<String> items = items(settings, current, toOld);
    return items.isEmpty() ? null : "SET " + scope + " " + String.join(", ", items);
  }

  /**
   * A value as SQL: numbers bare (a quoted number is refused for an integer variable), else quoted.
   */
  static String literal(String v) {
    if (v == null) {
      return "NULL";
    }
    if (NUMBER.matcher(v).matches()) {
      return v;
    }
    return "'" + v.replace("\\", "\\\\").replace("'", "''") + "'";
  }
}
