package io.querytester.report;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * The small pieces every section of report.html writes the same way: numbers, times and CSS names
 * in words, table heads, number cells that sort, verdict badges and class ids.
 */
final class HtmlParts {
  private HtmlParts() {}

  static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  static String plural(long n, String one, String many) {
    return n(n) + " " + (n == 1 ? one : many);
  }

  static String css(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
  }

  static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }

  static String time(Instant t) {
    return DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.SECONDS));
  }

  /** A table head row of plain column names; the caller opens tbody after it. */
  static void head(Html h, String... columns) {
    h.open("thead").open("tr");
    for (String c : columns) {
      h.el("th", c);
    }
    h.close("thead");
  }

  /** Opens a cell that sorts by {@code sortValue}. */
  static Html cell(Html h, String cssClass, double sortValue) {
    return h.open(
        "td",
        "class",
        cssClass,
        "data-v",
        sortValue == Math.rint(sortValue)
            ? Long.toString((long) sortValue)
            : Double.toString(sortValue));
  }

  /** A cell holding a count. */
  static void num(Html h, long v) {
    cell(h, "num", v).text(n(v)).close();
  }

  static Html badge(Html h, String verdict) {
    return h.el("span", lower(verdict), "class", "badge v-" + css(verdict));
  }

  /** A class id, a link to its detail where the page has one. */
  static Html classId(Html h, Report.ClassEntry c) {
    if (c.detailed()) {
      return h.el("a", c.classId(), "class", "id", "href", "#c-" + c.classId());
    }
    return h.el("span", c.classId(), "class", "id");
  }
}
