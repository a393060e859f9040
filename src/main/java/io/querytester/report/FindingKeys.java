package io.querytester.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What two classes must share to read as one finding when their own words differ: a message with
 * its names and numbers masked ({@code Warning 4038: Syntax error in JSON text in argument ? to
 * function ? at position ?}), and the shape of a value ({@code NULL} became {@code a number in
 * exponent form}). Three thousand classes that each name their own column and value but fail the
 * same way then come down to one finding.
 */
final class FindingKeys {
  /** A syntax error's text ends {@code near '...' at line N}; the text may hold quotes itself. */
  private static final Pattern NEAR = Pattern.compile("near '(\\S*).*' at line \\d+");

  private static final Pattern QUOTED =
      Pattern.compile("'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`");
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\w.])-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?(?![\\w])");
  private static final Pattern CODE_BEFORE =
      Pattern.compile("(?:ERROR|Error|Warning|Note)\\s$", Pattern.CASE_INSENSITIVE);
  private static final String CUT = " more characters)";

  private FindingKeys() {}

  /**
   * A server message with names and numbers masked: quoted text and numbers become {@code ?},
   * except error and warning codes and SQLSTATEs, and the word a syntax error was {@code near} (the
   * word the new parser stopped at is the cause).
   */
  static String masked(String text) {
    if (text == null) {
      return null;
    }
    Matcher near = NEAR.matcher(text);
    StringBuilder b = new StringBuilder();
    List<String> kept = new ArrayList<>();
    while (near.find()) {
      kept.add("near '" + near.group(1) + " ...' at line ?");
      // a placeholder neither the quotes nor the numbers below can match
      near.appendReplacement(b, String.valueOf((char) ('\uE000' + kept.size() - 1)));
    }
    near.appendTail(b);
    String s = QUOTED.matcher(b.toString()).replaceAll("?");
    Matcher m = NUMBER.matcher(s);
    StringBuilder out = new StringBuilder();
    int last = 0;
    while (m.find()) {
      String before = s.substring(0, m.start());
      boolean code = CODE_BEFORE.matcher(before).find();
      boolean sqlState =
          m.group().length() == 5 && before.endsWith("(") && s.startsWith(")", m.end());
      out.append(s, last, m.start()).append(code || sqlState ? m.group() : "?");
      last = m.end();
    }
    out.append(s.substring(last));
    String result = out.toString();
    for (int i = 0; i < kept.size(); i++) {
      result = result.replace(String.valueOf((char) ('\uE000' + i)), kept.get(i));
    }
    return result;
  }

  /**
   * A list of warnings ({@code NEW only: a | b; OLD only: c}) masked, each side's distinct warnings
   * once and sorted: the same warning on three rows or on one is the same cause. A warning cut
   * short by the report's size limit is left out.
   */
  static String maskedWarnings(String detail) {
    if (detail == null) {
      return null;
    }
    List<String> sides = new ArrayList<>();
    for (String side : detail.split("; (?=(?:NEW|OLD) only: )")) {
      int colon = side.indexOf(": ");
      if (colon < 0) {
        sides.add(masked(side));
        continue;
      }
      TreeSet<String> items = new TreeSet<>();
      for (String item : side.substring(colon + 2).split(" \\| ")) {
        if (!item.endsWith(CUT) && !item.endsWith("...")) {
          items.add(masked(item));
        }
      }
      sides.add(side.substring(0, colon + 2) + String.join(" | ", items));
    }
    return String.join("; ", sides);
  }

  /**
   * The shape of a value as text: {@code NULL}, {@code empty text}, {@code an integer}, {@code a
   * decimal}, {@code a number in exponent form}, {@code a date}, {@code a date and time}, {@code a
   * time}, {@code JSON}, {@code binary}, or {@code text}.
   */
  static String shape(String v) {
    if (v == null) {
      return "NULL";
    }
    String s = v.strip();
    if (s.isEmpty()) {
      return "empty text";
    }
    if (s.matches("-?\\d+")) {
      return "an integer";
    }
    if (s.matches("-?\\d*\\.\\d+")) {
      return "a decimal";
    }
    if (s.matches("-?\\d*\\.?\\d+[eE][-+]?\\d+")) {
      return "a number in exponent form";
    }
    if (s.matches("\\d{4}-\\d{2}-\\d{2}")) {
      return "a date";
    }
    if (s.matches("\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?")) {
      return "a date and time";
    }
    if (s.matches("-?\\d{1,3}:\\d{2}:\\d{2}(\\.\\d+)?")) {
      return "a time";
    }
    if ((s.startsWith("{") && s.endsWith("}")) || (s.startsWith("[") && s.endsWith("]"))) {
      return "JSON";
    }
    if (s.toLowerCase(Locale.ROOT).startsWith("0x")) {
      return "binary";
    }
    return "text";
  }
}
