package io.querytester.health;

import io.querytester.TextCut;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses MySQL and MariaDB error-log lines and normalises each message into a class: the same
 * message with other timestamps, thread ids, numbers, quoted names, paths or hex values is the same
 * class, on both versions of a pair. A line of a format it does not know is a class of its own;
 * nothing a server (or a corrupt file) writes makes it throw.
 *
 * <p>Formats:
 *
 * <ul>
 *   <li>MySQL 8.0: {@code 2024-01-01T00:00:00.123456Z 0 [Warning] [MY-010068] [Server] msg}
 *   <li>MySQL 5.7: {@code 2024-01-01T00:00:00.123456Z 0 [Warning] msg}
 *   <li>MariaDB 10.1+ and MySQL 5.6: {@code 2024-01-01 0:00:00 140296612677440 [Note] msg}
 *   <li>older: {@code 240101 10:00:00 [Note] msg}, {@code 240101 10:00:00 mysqld_safe msg}
 * </ul>
 */
final class LogLineClassifier {
  static final int MAX_KEY = 300;
  static final int MAX_MESSAGE = 1000;

  private static final Pattern ISO =
      Pattern.compile(
          "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?)"
              + "\\s+(?:(?=[0-9a-fA-F]*\\d)[0-9a-fA-F]+\\s+)?(?:\\[([A-Za-z]+)]\\s*)?(?:\\[(MY-\\d+)]\\s*)?"
              + "(?:\\[([A-Za-z][\\w-]*)]\\s*)?(.*)$");
  private static final Pattern LOCAL =
      Pattern.compile(
          "^(\\d{4}-\\d{2}-\\d{2})\\s+(\\d{1,2}:\\d{2}:\\d{2})(?:\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})?"
              + "\\s+(?:(?=[0-9a-fA-F]*\\d)[0-9a-fA-F]+\\s+)?(?:\\[([A-Za-z]+)]\\s*)?(.*)$");
  private static final Pattern OLD =
      Pattern.compile(
          "^(\\d{6})\\s+(\\d{1,2}:\\d{2}:\\d{2})\\s+(?:(?=[0-9a-fA-F]*\\d)[0-9a-fA-F]+\\s+)?(?:\\[([A-Za-z]+)]\\s*)?(.*)$");

  private static final Pattern QUOTED =
      Pattern.compile("'(?:[^'\\\\]|\\\\.)*'|`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern PATH =
      Pattern.compile("(?<![\\w.:/-])(?:\\.{1,2})?/[^\\s'\",;:()\\[\\]]+");
  private static final Pattern HEX = Pattern.compile("\\b0x[0-9a-fA-F]+\\b|\\b[0-9a-fA-F]{16,}\\b");
  private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9+/=_-]{20,}");
  private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z_])[-+]?\\d+(?:[.:]\\d+)*");
  private static final Pattern SPACE = Pattern.compile("\\s+");
  private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd");

  private final ZoneId zone;

  /**
   * @param zone the servers' time zone, for the formats that log local time without a zone
   */
  LogLineClassifier(ZoneId zone) {
    this.zone = zone;
  }

  /** Parses one line (without its line break); never throws. */
  LogLine classify(String raw) {
    String line = clean(raw);
    try {
      Matcher m = ISO.matcher(line);
      if (m.matches()) {
        return line(iso(m.group(1)), m.group(2), m.group(3), m.group(5));
      }
      m = LOCAL.matcher(line);
      if (m.matches()) {
        return line(local(m.group(1), m.group(2), m.group(3)), m.group(4), null, m.group(5));
      }
      m = OLD.matcher(line);
      if (m.matches()) {
        return line(yymmdd(m.group(1), m.group(2)), m.group(3), null, m.group(4));
      }
    } catch (RuntimeException e) {
      // A line that looks like a known format but is not: a class of its own, below.
    }
    return line(null, null, null, line);
  }

  private static LogLine line(Instant time, String level, String code, String message) {
    String m = message == null ? "" : message.strip();
    m = TextCut.cut(m, MAX_MESSAGE, "...");
    return new LogLine(time, level(level), code, m, key(m));
  }

  private static String level(String level) {
    if (level == null) {
      return null;
    }
    String l = level.toLowerCase(Locale.ROOT);
    return switch (l) {
      case "error" -> "ERROR";
      case "note", "warning", "system" -> Character.toUpperCase(l.charAt(0)) + l.substring(1);
      default -> level;
    };
  }

  /** The class of a message: what stays when everything that varies between lines is gone. */
  static String key(String message) {
    String k = QUOTED.matcher(message).replaceAll(mr -> mr.group().charAt(0) + "?" + endOf(mr));
    k = PATH.matcher(k).replaceAll("/PATH");
    k = HEX.matcher(k).replaceAll("HEX");
    k = TOKEN.matcher(k).replaceAll(mr -> hasDigit(mr.group()) ? "TOKEN" : mr.group());
    k = NUMBER.matcher(k).replaceAll("N");
    k = SPACE.matcher(k).replaceAll(" ").strip();
    while (k.endsWith(".") || k.endsWith(";")) {
      k = k.substring(0, k.length() - 1).strip();
    }
    if (k.isEmpty()) {
      return "(empty line)";
    }
    return TextCut.cut(k, MAX_KEY, "...");
  }

  private static String endOf(java.util.regex.MatchResult mr) {
    String g = mr.group();
    return String.valueOf(g.charAt(g.length() - 1));
  }

  private static boolean hasDigit(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isDigit(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Control characters and broken encodings become '?': a binary file is still lines of text. */
  static String clean(String raw) {
    if (raw == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(Math.min(raw.length(), MAX_MESSAGE * 2));
    int n = Math.min(raw.length(), MAX_MESSAGE * 4);
    for (int i = 0; i < n; i++) {
      char c = raw.charAt(i);
      if (c == '\t') {
        b.append(' ');
      } else if (Character.isISOControl(c) || c == '\uFFFD' || Character.isSurrogate(c)) {
        b.append('?');
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private Instant iso(String text) {
    try {
      if (text.endsWith("Z")) {
        return OffsetDateTime.parse(text).toInstant();
      }
      if (text.matches(".*T.*[+-]\\d{2}:?\\d{2}$")) {
        int cut = text.length() - (text.charAt(text.length() - 3) == ':' ? 6 : 5);
        return OffsetDateTime.parse(text.substring(0, cut) + colon(text.substring(cut)))
            .toInstant();
      }
      return LocalDateTime.parse(text).atZone(zone).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private Instant local(String date, String time, String offset) {
    try {
      LocalDateTime t = LocalDateTime.of(LocalDate.parse(date), LocalTime.parse(pad(time)));
      return offset == null
          ? t.atZone(zone).toInstant()
          : t.atOffset(java.time.ZoneOffset.of(offset.equals("Z") ? "Z" : colon(offset)))
              .toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private Instant yymmdd(String date, String time) {
    try {
      return LocalDateTime.of(LocalDate.parse(date, YYMMDD), LocalTime.parse(pad(time)))
          .atZone(zone)
          .toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static String colon(String offset) {
    return offset.length() == 5 ? offset.substring(0, 3) + ":" + offset.substring(3) : offset;
  }

  private static String pad(String time) {
    return time.length() == 7 ? "0" + time : time;
  }
}
